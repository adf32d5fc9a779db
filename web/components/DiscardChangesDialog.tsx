import { Button, Group, Modal, Text } from '@mantine/core';
import { UNSAVED as DISCARD_TEXT } from '#domain/messages';

type Props = {
  opened: boolean;
  onKeep: () => void;
  onDiscard: () => void;
  /** Over a form's dialog: its id in the Modal.Stack they share. */
  stackId?: string;
};

/**
 * The question before unsaved edits are thrown away (closing a form dialog, leaving a page).
 * Escape, a click outside and Keep editing all keep the edits; focus starts on Keep editing.
 */
export function DiscardChangesDialog({ opened, onKeep, onDiscard, stackId }: Props) {
  return (
    <Modal opened={opened} onClose={onKeep} title={DISCARD_TEXT.title} centered stackId={stackId}>
      <Text size="sm">{DISCARD_TEXT.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onKeep} data-autofocus>
          {DISCARD_TEXT.keep}
        </Button>
        <Button color="red" onClick={onDiscard}>
          {DISCARD_TEXT.discard}
        </Button>
      </Group>
    </Modal>
  );
}

/** The leave-the-page question of useUnsavedChanges. */
export function UnsavedChangesPrompt({
  guard,
}: {
  guard: { asking: boolean; keep: () => void; discard: () => void };
}) {
  return <DiscardChangesDialog opened={guard.asking} onKeep={guard.keep} onDiscard={guard.discard} />;
}
