import { ActionIcon, Button, Group, Select, Table } from '@mantine/core';
import { IconRestore, IconTrash, IconTrashX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import {
  HISTORY_LIMITS,
  HISTORY_TEXT,
  TRASH_RESTORE_RIGHT,
  TRASH_TYPES,
  type TrashItem,
  type TrashType,
} from '#domain/history';
import { pageAfterDelete, pageCount } from '#domain/paging';
import { useEmptyTrash, usePurge, useRestoreFromTrash, useTrash } from '../../api/history';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../components/format';
import { ENTITY_LABEL, HISTORY_SCREEN } from '../../components/history/texts';
import { SELECT_DEFAULTS } from '../../components/ListSelects';
import { ListTable } from '../../components/ListTable';
import { ListToolbar } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { SearchInput } from '../../components/SearchInput';
import { TotalCount } from '../../components/TotalCount';
import { useDialogState } from '../../components/useDialogState';
import { useKeepPageInRange, useListState } from '../../components/useListState';
import { usePermissions } from '../../session/usePermissions';

const ALL = 'all';
const COLUMNS = ['Type', 'Name', 'Deleted', 'Deleted by', 'Purged on', 'Actions'] as const;
const isTrashType = (v: string): v is TrashType => (TRASH_TYPES as readonly string[]).includes(v);

/** Trash (/trash): what was deleted in the last days, to restore, or for admins to delete for good. */
export function TrashPage() {
  const { has } = usePermissions();
  const admin = has('trash.purge');
  const mayRestore = has('trash.restore');
  const list = useListState<'deleted_at', 'entity_type'>({
    defaultLimit: HISTORY_LIMITS.defaultLimit,
    defaultSort: 'deleted_at',
    defaultOrder: 'desc',
    sortKeys: ['deleted_at'],
    filters: ['entity_type'],
    accept: { entity_type: TRASH_TYPES },
  });
  const { params } = list;
  const type = list.filters.entity_type;
  const trash = useTrash({ entity_type: type, q: params.q, page: params.page, limit: params.limit });
  const restore = useRestoreFromTrash();
  const purge = usePurge();
  const purging = useDialogState<TrashItem>();
  const emptyTrash = useEmptyTrash();
  // The count asked about, kept: the list refreshes to none while the dialog is still closing.
  const emptying = useDialogState<number>();

  const total = trash.data?.meta.total ?? 0;
  const pages = pageCount(total, params.limit);
  useKeepPageInRange(params.page, pages, !!trash.data, list.setPage);

  const restoreItem = (item: TrashItem) =>
    restore.mutate(
      { type: item.entity_type, id: item.entity_id },
      {
        onSuccess: (result) => {
          toast.success(HISTORY_TEXT.restoredFromTrash(result.data.name));
          for (const s of result.skipped) toast(s.message, { duration: HISTORY_LIMITS.undoMs });
          list.setPage(pageAfterDelete(params.page, total - 1, params.limit), { replace: true });
        },
      },
    );

  const confirmPurge = () => {
    const item = purging.item;
    if (!item) return;
    purge.mutate(
      { type: item.entity_type, id: item.entity_id },
      {
        onSuccess: () => {
          toast.success(HISTORY_SCREEN.purged(item.name));
          purging.close();
          list.setPage(pageAfterDelete(params.page, total - 1, params.limit), { replace: true });
        },
      },
    );
  };

  const confirmEmpty = () =>
    emptyTrash.mutate(undefined, {
      onSuccess: (result) => {
        toast.success(HISTORY_TEXT.emptied(result.purged));
        emptying.close();
        list.setPage(1, { replace: true });
      },
    });

  const busyOn = (item: TrashItem, m: { isPending: boolean; variables?: { type: string; id: number } }) =>
    m.isPending && m.variables?.type === item.entity_type && m.variables.id === item.entity_id;
  const filtered = !!type || !!params.q;
  const busy = restore.isPending || purge.isPending || emptyTrash.isPending;

  return (
    <>
      <PageHeader
        title={HISTORY_TEXT.trashTitle}
        caption={
          <>
            {HISTORY_SCREEN.trashCaption}{' '}
            {trash.data && <TotalCount count={total} exact singular="item" testId="trash-total" />}
          </>
        }
        actions={
          // The whole trash only: with a filter on, the count shown is not what would go.
          admin &&
          !filtered &&
          total > 0 && (
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={busy}
              onClick={() => emptying.open(total)}
            >
              {HISTORY_TEXT.emptyTrashAction}
            </Button>
          )
        }
      />
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder="Name" />
        <Select
          {...SELECT_DEFAULTS}
          label="Type"
          data={[
            { value: ALL, label: HISTORY_SCREEN.allTypes },
            ...TRASH_TYPES.map((t) => ({ value: t, label: ENTITY_LABEL[t] ?? t })),
          ]}
          value={type ?? ALL}
          onChange={(v) => list.setFilter('entity_type', v && isTrashType(v) ? v : undefined)}
          style={{ flex: '0 1 180px' }}
        />
      </ListToolbar>
      <ListTable
        label={HISTORY_TEXT.trashTitle}
        columns={COLUMNS}
        minWidth={760}
        items={trash.data?.data}
        loading={trash.isFetching}
        failed={trash.isError}
        failedText={HISTORY_SCREEN.trashError}
        emptyText={filtered ? HISTORY_SCREEN.trashNoMatches : HISTORY_TEXT.emptyTrash}
        renderRow={(item) => (
          <Table.Tr key={`${item.entity_type}-${item.entity_id}`}>
            <Table.Td>{ENTITY_LABEL[item.entity_type]}</Table.Td>
            <Table.Th scope="row" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Table.Th>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={item.deleted_at}>{formatDateTime(item.deleted_at)}</time>
            </Table.Td>
            <Table.Td>{item.deleted_by_name ?? HISTORY_SCREEN.someone}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <time dateTime={item.purge_at}>{formatDateTime(item.purge_at).slice(0, 10)}</time>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {mayRestore && has(TRASH_RESTORE_RIGHT[item.entity_type]) && (
                  <RowButton
                    label={HISTORY_SCREEN.restore}
                    name={`${HISTORY_SCREEN.restore} ${item.name}`}
                    icon={<IconRestore size={14} aria-hidden />}
                    loading={busyOn(item, restore)}
                    disabled={busy}
                    onClick={() => restoreItem(item)}
                  />
                )}
                {admin && (
                  <RowButton
                    label={HISTORY_TEXT.purge}
                    name={`${HISTORY_TEXT.purge}: ${item.name}`}
                    icon={<IconTrashX size={14} aria-hidden />}
                    color="red"
                    loading={busyOn(item, purge)}
                    disabled={busy}
                    onClick={() => purging.open(item)}
                  />
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <Pager page={params.page} pages={pages} onChange={list.setPage} />
      <ConfirmDialog
        opened={purging.opened}
        title={`${HISTORY_TEXT.purge}?`}
        message={purging.item ? HISTORY_TEXT.purgeConfirm(purging.item.name) : ''}
        confirmLabel={HISTORY_TEXT.purge}
        busy={purge.isPending}
        onConfirm={confirmPurge}
        onClose={purging.close}
      />
      <ConfirmDialog
        opened={emptying.opened}
        title={`${HISTORY_TEXT.emptyTrashAction}?`}
        message={HISTORY_TEXT.emptyTrashConfirm(emptying.item ?? 0)}
        confirmLabel={HISTORY_TEXT.emptyTrashAction}
        busy={emptyTrash.isPending}
        onConfirm={confirmEmpty}
        onClose={emptying.close}
      />
    </>
  );
}

type RowButtonProps = {
  label: string;
  /** The accessible name, with the item's. */
  name: string;
  icon: ReactNode;
  color?: string;
  loading: boolean;
  disabled: boolean;
  onClick: () => void;
};

/** A row's action: a labelled button, and on a phone its icon alone, so the pinned column leaves room for the name. */
function RowButton({ label, name, icon, color, loading, disabled, onClick }: RowButtonProps) {
  return (
    <>
      <Button
        visibleFrom="sm"
        size="xs"
        variant={color ? 'light' : 'default'}
        color={color}
        leftSection={icon}
        loading={loading}
        disabled={disabled}
        onClick={onClick}
        aria-label={name}
      >
        {label}
      </Button>
      <ActionIcon
        hiddenFrom="sm"
        size="lg"
        variant={color ? 'light' : 'default'}
        color={color}
        loading={loading}
        disabled={disabled}
        onClick={onClick}
        aria-label={name}
      >
        {icon}
      </ActionIcon>
    </>
  );
}
