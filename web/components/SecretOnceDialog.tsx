import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useId } from 'react';
import { COPY_TEXT } from '#domain/messages';

export type ShownSecret = {
  title: string;
  /** Why it must be copied now. */
  warning: string;
  /** What the secret is for: the token's name, the endpoint's URL. */
  label: string;
  secret: string;
  /** How to use it, under the secret. */
  hint?: string;
  doneLabel: string;
};

/**
 * A secret the server shows this once (an API token, a webhook's signing secret), with a copy
 * button. Only the button closes it: a stray click outside must not lose a secret nobody copied.
 */
export function SecretOnceDialog({
  shown,
  testId,
  onClose,
}: {
  shown: ShownSecret | null;
  testId: string;
  onClose: () => void;
}) {
  const labelId = useId();
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={shown?.title}
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      {shown && (
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {shown.warning}
          </Alert>
          <Stack gap={6}>
            <Text size="sm" fw={500} id={labelId} style={{ overflowWrap: 'anywhere' }}>
              {shown.label}
            </Text>
            <Group gap="xs" wrap="nowrap" align="stretch">
              <Code
                block
                aria-labelledby={labelId}
                data-testid={testId}
                style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap', userSelect: 'all' }}
              >
                {shown.secret}
              </Code>
              <CopyButton value={shown.secret}>
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
                    {copied ? COPY_TEXT.copied : COPY_TEXT.copy}
                  </Button>
                )}
              </CopyButton>
            </Group>
            {shown.hint && (
              <Text size="xs" c="dimmed">
                {shown.hint}
              </Text>
            )}
          </Stack>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              {shown.doneLabel}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
