import { Button, Group, Text } from '@mantine/core';
import toast from 'react-hot-toast';
import { HISTORY_FALLBACK, HISTORY_LIMITS, HISTORY_TEXT, type TrashType } from '#domain/history';
import { toastError } from '../api/errors';
import { restoreFromTrash, useTrashTypeChanged } from '../api/history';

/**
 * The toast after a delete: "<name> moved to trash", with Undo for a few seconds. Undo calls the
 * API itself rather than a screen's mutation: the screen that deleted (the product editor) is
 * often gone by the time it is pressed.
 */
export function useMovedToTrash() {
  const changed = useTrashTypeChanged();
  return (name: string, type: TrashType, id: number) => {
    const undo = async (toastId: string) => {
      toast.dismiss(toastId);
      try {
        const data = await restoreFromTrash({ type, id });
        toast.success(HISTORY_TEXT.restoredFromTrash(data.data.name));
        for (const s of data.skipped) toast(s.message, { duration: HISTORY_LIMITS.undoMs });
      } catch (error) {
        toastError(error, HISTORY_FALLBACK.undo);
      } finally {
        await changed(type);
      }
    };
    toast(
      (t) => (
        <Group gap="sm" wrap="nowrap" justify="space-between" w="100%">
          <Text size="sm" c="inherit" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {HISTORY_TEXT.movedToTrash(name)}
          </Text>
          {/* Never squeezed by a long name: the way back must stay whole. */}
          <Button size="compact-sm" variant="light" style={{ flexShrink: 0 }} onClick={() => void undo(t.id)}>
            {HISTORY_TEXT.undo}
          </Button>
        </Group>
      ),
      { duration: HISTORY_LIMITS.undoMs, icon: null },
    );
  };
}
