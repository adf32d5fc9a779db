import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { type CreatedApiToken, API_TOKEN_TEXT as T } from '#domain/api-tokens';

/**
 * The new token's secret, the one time it is shown. Only the button closes it: a stray click
 * outside must not lose a secret nobody copied yet.
 */
export function SecretDialog({
  opened,
  token,
  onClose,
}: {
  opened: boolean;
  token: CreatedApiToken | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={T.secretTitle}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      <Stack gap="md">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {T.secretWarning}
        </Alert>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="api-token-secret-label">
            {T.secretLabel}: {token?.name}
          </Text>
          <Group gap="xs" wrap="nowrap" align="stretch">
            <Code
              block
              aria-labelledby="api-token-secret-label"
              data-testid="api-token-secret"
              style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap', userSelect: 'all' }}
            >
              {token?.secret ?? ''}
            </Code>
            <CopyButton value={token?.secret ?? ''}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'default'}
                  color={copied ? 'teal' : undefined}
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                  }
                  onClick={copy}
                  style={{ height: 'auto' }}
                >
                  {copied ? T.copied : T.copy}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="xs" c="dimmed">
            {T.secretUse}
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {T.done}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
