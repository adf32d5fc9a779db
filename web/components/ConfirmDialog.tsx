import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  /** Red for what destroys (the default); false gives the theme's own for what only goes out. */
  destructive?: boolean;
  busy: boolean;
  /** What the action will do, in more than a sentence (shown under the message). */
  children?: ReactNode;
  /** The action cannot go ahead yet (what it would do is still being read, or cannot be). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * A destructive (or outgoing: an e-mail to a customer) action's confirmation as an in-page dialog;
 * closing is refused while it runs.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel = 'Delete',
  destructive = true,
  busy,
  children,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: Props) {
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={title} centered>
      <Text size="sm">{message}</Text>
      {children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
          Cancel
        </Button>
        <Button
          color={destructive ? 'red' : undefined}
          onClick={onConfirm}
          loading={busy}
          disabled={confirmDisabled}
        >
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
