import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import {
  HISTORY_FALLBACK,
  HISTORY_LIMITS,
  HISTORY_TEXT,
  type TrashRestoreResult,
  type TrashType,
} from '#domain/history';
import { api } from '../api/client';
import { toastError } from '../api/errors';
import { brandKeys, categoryKeys, discountKeys, historyKeys, productKeys, trashKeys } from '../api/keys';

const LISTS: Record<TrashType, readonly (readonly string[])[]> = {
  product: [productKeys.all],
  category: [categoryKeys.all, productKeys.all],
  brand: [brandKeys.all, productKeys.all],
  discount: [discountKeys.all, productKeys.all],
};

/**
 * The toast after a delete: "<name> moved to trash", with Undo for a few seconds. Undo calls the
 * API itself rather than a screen's mutation: the screen that deleted (the product editor) is
 * often gone by the time it is pressed.
 */
export function useMovedToTrash() {
  const queryClient = useQueryClient();
  return (name: string, type: TrashType, id: number) => {
    const undo = async (toastId: string) => {
      toast.dismiss(toastId);
      try {
        const { data } = await api.post<TrashRestoreResult>(`/trash/${type}/${id}/restore`);
        toast.success(HISTORY_TEXT.restoredFromTrash(data.data.name));
        for (const s of data.skipped) toast(s.message, { duration: HISTORY_LIMITS.undoMs });
      } catch (error) {
        toastError(error, HISTORY_FALLBACK.undo);
      } finally {
        await Promise.all(
          [...LISTS[type], trashKeys.all, historyKeys.all, ['dashboard']].map((queryKey) =>
            queryClient.invalidateQueries({ queryKey }),
          ),
        );
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
