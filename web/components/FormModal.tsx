import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  opened: boolean;
  title: string;
  /** A save is under way: the dialog refuses to close until it has answered. */
  saving: boolean;
  onClose: () => void;
  /**
   * The form. Mantine drops a closed dialog's content, so a form that keeps its values in its own
   * state is mounted per opening and every opening starts fresh.
   */
  children: ReactNode;
};

/** The dialog around an add or edit form (its fields and footer are FormWithActions). */
export function FormModal({ opened, title, saving, onClose, children }: Props) {
  const close = () => {
    if (!saving) onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered size="lg">
      {children}
    </Modal>
  );
}
