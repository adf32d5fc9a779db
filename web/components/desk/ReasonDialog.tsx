import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  opened: boolean;
  title: string;
  /** The reason's field, focused as the dialog opens (`data-autofocus`). */
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busy: boolean;
  /** The reason is not given yet. */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * A move that ends a record's course (closing a request, cancelling an order) asked with its
 * reason, as a form: Enter confirms, and closing is refused while the move runs.
 */
export function ReasonDialog({
  opened,
  title,
  children,
  cancelLabel,
  confirmLabel,
  busy,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: Props) {
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={title} centered size="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        <Stack gap="sm">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {cancelLabel}
            </Button>
            <Button type="submit" color="red" disabled={confirmDisabled} loading={busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
