import { Button, Group, Modal, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { SearchOptions } from '../../components/SearchSelect';
import { SearchSelect } from '../../components/SearchSelect';
import { CUSTOMER_SCREEN as T } from './texts';

type Props = {
  opened: boolean;
  /** The row being merged away: it is left out of the choices. */
  id: number;
  title: string;
  pick: { label: string; placeholder: string };
  useOptions: (q: string) => SearchOptions;
  merge: { mutateAsync: (intoId: number) => Promise<unknown>; isPending: boolean };
  /** What moves and what is kept, once a survivor is picked (its option's label). */
  summary: (intoLabel: string) => ReactNode;
  onClose: () => void;
  onMerged: (intoId: number) => void;
};

/**
 * "Merge into…": pick the row to keep by search, read what moves, confirm. A customer's and a
 * company's merge differ only in their words and what they count.
 */
export function MergeIntoDialog({
  opened,
  id,
  title,
  pick,
  useOptions,
  merge,
  summary,
  onClose,
  onMerged,
}: Props) {
  const [into, setInto] = useState<{ id: string; label: string } | null>(null);
  const close = () => {
    if (merge.isPending) return;
    setInto(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!into) return;
          const intoId = Number(into.id);
          // Awaited rather than a per-call onSuccess: the merged row's page gives way to its
          // survivor as the refresh lands, unmounting this dialog, and the move must still happen.
          merge
            .mutateAsync(intoId)
            .then(() => onMerged(intoId))
            .catch(() => undefined);
        }}
      >
        <Stack gap="sm">
          <SearchSelect
            label={pick.label}
            placeholder={pick.placeholder}
            value={into?.id ?? null}
            selectedLabel={into?.label ?? null}
            onChange={(v, label) => setInto(v && label ? { id: v, label } : null)}
            useOptions={useOptions}
            exclude={(row) => row.id === id}
            comboboxProps={{ withinPortal: true }}
          />
          {into && summary(into.label)}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={close} disabled={merge.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={!into} loading={merge.isPending}>
              {T.mergeConfirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
