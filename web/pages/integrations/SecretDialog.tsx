import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { WEBHOOK_SCREEN_TEXT as T } from '#domain/webhook-screen';
import { formatDateTime } from '../../components/format';

type Props = {
  /** The secret to show, with the URL it signs for and, after a roll, until when the old one holds. */
  shown: { url: string; secret: string; previousUntil: string | null } | null;
  onClose: () => void;
};

/** A new or rolled signing secret, shown this once, with a copy button. */
export function SecretDialog({ shown, onClose }: Props) {
  return (
    <Modal opened={shown !== null} onClose={onClose} title={T.secretTitle} centered size="lg">
      {shown && (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconKey size={18} aria-hidden />}>
            {shown.previousUntil ? T.secretRolledOnce(formatDateTime(shown.previousUntil)) : T.secretOnce}
          </Alert>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {shown.url}
          </Text>
          <Code
            block
            data-testid="webhook-secret"
            style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}
          >
            {shown.secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={shown.secret}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  leftSection={
                    copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                  }
                  onClick={copy}
                >
                  {copied ? T.copied : T.copy}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose} data-autofocus>
              {T.done}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
