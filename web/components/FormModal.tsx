import { Modal } from '@mantine/core';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { DiscardChangesDialog } from './DiscardChangesDialog';
import { useDirty } from './useUnsavedChanges';

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

type Guard = {
  setDirty: (dirty: boolean) => void;
  /** Runs `close` at once, or after "Discard" when the form holds unsaved edits. */
  confirmClose: (close: () => void) => void;
};

const FormGuard = createContext<Guard | null>(null);

/** The dialog's close guard, for the form's own Cancel (null outside a FormModal). */
export const useFormGuard = () => useContext(FormGuard);

/**
 * Tells the surrounding FormModal whether the form's values differ from those it opened with, so
 * closing it (Escape, the X, a click outside, Cancel) asks first. Pass every edited value.
 */
export function useFormDirty(values: unknown): boolean {
  const guard = useContext(FormGuard);
  const dirty = useDirty(values);
  useEffect(() => {
    guard?.setDirty(dirty);
  }, [guard, dirty]);
  useEffect(() => () => guard?.setDirty(false), [guard]);
  return dirty;
}

/** The dialog around an add or edit form (its fields and footer are FormWithActions). */
export function FormModal({ opened, title, saving, onClose, children }: Props) {
  const dirty = useRef(false);
  const [pending, setPending] = useState<{ close: () => void } | null>(null);
  const guard = useMemo<Guard>(
    () => ({
      setDirty: (value) => {
        dirty.current = value;
      },
      confirmClose: (close) => (dirty.current ? setPending({ close }) : close()),
    }),
    [],
  );
  const close = () => {
    if (!saving) guard.confirmClose(onClose);
  };
  const discard = () => {
    const next = pending;
    setPending(null);
    dirty.current = false;
    next?.close();
  };
  return (
    // A stack: only the top dialog takes Escape and traps focus, so the question gets both.
    <Modal.Stack>
      <Modal opened={opened} onClose={close} title={title} centered size="lg" stackId="form">
        <FormGuard.Provider value={guard}>{children}</FormGuard.Provider>
      </Modal>
      <DiscardChangesDialog
        opened={pending !== null}
        onKeep={() => setPending(null)}
        onDiscard={discard}
        stackId="discard"
      />
    </Modal.Stack>
  );
}
