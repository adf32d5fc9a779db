import { ActionIcon, Group, NumberInput, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { pageCount } from '#domain/paging';
import { api } from '../../api/client';
import { formatPrice } from '../../api/currency';
import { priceListKeys } from '../../api/keys';
import { type PriceRow, useExportPrices, usePriceRows, usePutPrices } from '../../api/priceLists';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ExportButton } from '../../components/ExportButton';
import { PerPageSelect } from '../../components/ListSelects';
import { ListTable } from '../../components/ListTable';
import { ListToolbar } from '../../components/ListToolbar';
import { Pager } from '../../components/Pager';
import { SearchInput } from '../../components/SearchInput';
import { TotalCount } from '../../components/TotalCount';
import { useDialogState } from '../../components/useDialogState';
import { useKeepPageInRange, useListState } from '../../components/useListState';
import { AddPriceRow } from './AddPriceRow';
import { PriceImport } from './PriceImport';
import { PRICE_LIST_PAGING, PRICE_LIST_SCREEN as T } from './texts';

const COLUMNS = ['SKU', 'Product', 'From quantity', 'Price', 'List price', 'Actions'];

const keyOf = (r: Pick<PriceRow, 'variant_id' | 'min_quantity'>) => `${r.variant_id}:${r.min_quantity}`;
const rowName = (r: PriceRow) => `${r.sku ?? r.product_name} from ${r.min_quantity}`;

/**
 * A fixed list's prices: searched by SKU or product name and paged on the server, the search and
 * the page in the URL. A price is edited in its cell (Enter saves, Escape cancels); rows are added,
 * removed, exported and imported here.
 */
export function PriceGrid({ listId }: { listId: number }) {
  const list = useListState<'variant'>({
    defaultLimit: PRICE_LIST_PAGING.defaultLimit,
    limits: PRICE_LIST_PAGING.limits,
    defaultSort: 'variant',
    defaultOrder: 'asc',
  });
  const { q, page, limit } = list.params;
  const rows = usePriceRows(listId, { q, page, limit }, true);
  const exportCsv = useExportPrices(listId);
  const put = usePutPrices(listId);
  const remove = useRemovePrice(listId);
  const removing = useDialogState<PriceRow>();
  const [editing, setEditing] = useState<{ key: string; value: string | number } | null>(null);
  const total = rows.data?.meta.total ?? 0;
  const pages = pageCount(total, limit);
  useKeepPageInRange(page, pages, !!rows.data, list.setPage);

  const saveEdit = (row: PriceRow) => {
    if (!editing || editing.value === '') return;
    put.mutate(
      [{ variant_id: row.variant_id, min_quantity: row.min_quantity, price: Number(editing.value) }],
      {
        onSuccess: () => {
          toast.success(T.priceSaved);
          setEditing(null);
        },
      },
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {rows.data && (
            <TotalCount
              count={total}
              exact={rows.data.meta.total_exact}
              singular="price"
              testId="prices-total"
            />
          )}
        </Text>
        <ExportButton
          onClick={() => exportCsv.mutate({ q })}
          pending={exportCsv.isPending}
          received={exportCsv.received}
          label="Export CSV"
        />
      </Group>
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder={T.searchPrices} />
        <PerPageSelect value={limit} options={PRICE_LIST_PAGING.limits} onChange={list.setLimit} />
      </ListToolbar>
      <ListTable
        label="Prices"
        columns={COLUMNS}
        minWidth={720}
        items={rows.data?.data}
        loading={rows.isFetching}
        failed={rows.isError}
        failedText={T.gridFailed}
        emptyText={q ? T.gridNoMatch : T.gridEmpty}
        renderRow={(row: PriceRow) => {
          const key = keyOf(row);
          const isEditing = editing?.key === key;
          return (
            <Table.Tr key={key}>
              <Table.Th scope="row" fw={500}>
                <Text size="sm" ff="monospace">
                  {row.sku ?? '—'}
                </Text>
              </Table.Th>
              <Table.Td>
                <Text size="sm">{row.product_name}</Text>
                {row.title && (
                  <Text size="xs" c="dimmed">
                    {row.title}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{row.min_quantity.toLocaleString('en-US')}+</Table.Td>
              <Table.Td>
                {isEditing ? (
                  <form
                    onSubmit={(e) => {
                      e.preventDefault();
                      saveEdit(row);
                    }}
                  >
                    <Group gap={4} wrap="nowrap">
                      <NumberInput
                        aria-label={`Price of ${rowName(row)}`}
                        size="xs"
                        w={110}
                        min={0}
                        decimalScale={2}
                        allowNegative={false}
                        hideControls
                        autoFocus
                        value={editing.value}
                        onChange={(value) => setEditing({ key, value })}
                        onKeyDown={(e) => {
                          if (e.key === 'Escape') {
                            e.stopPropagation();
                            setEditing(null);
                          }
                        }}
                        disabled={put.isPending}
                      />
                      <ActionIcon
                        type="submit"
                        variant="subtle"
                        aria-label="Save price"
                        loading={put.isPending}
                      >
                        <IconCheck size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label="Cancel"
                        onClick={() => setEditing(null)}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </form>
                ) : (
                  <Text size="sm" fw={600}>
                    {formatPrice(row.price)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatPrice(row.list_price)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Edit price" withArrow>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Edit price of ${rowName(row)}`}
                      onClick={() => setEditing({ key, value: row.price })}
                      disabled={isEditing}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Remove" withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${rowName(row)}`}
                      onClick={() => removing.open(row)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
      <Pager page={page} pages={pages} onChange={list.setPage} />
      <AddPriceRow listId={listId} />
      <PriceImport listId={listId} />
      <ConfirmDialog
        opened={removing.opened}
        title={T.removeTitle}
        message={removing.item ? T.removeMessage(rowName(removing.item)) : ''}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={() => {
          if (!removing.item) return;
          remove.mutate(removing.item, {
            onSuccess: () => {
              toast.success(T.priceRemoved);
              removing.close();
            },
          });
        }}
        onClose={removing.close}
      />
    </Stack>
  );
}

/** Takes one row out of the grid; the list's count and grid refresh. */
function useRemovePrice(listId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (row: Pick<PriceRow, 'variant_id' | 'min_quantity'>) => {
      await api.delete(`/price-lists/${listId}/prices/${row.variant_id}`, {
        params: { min_quantity: row.min_quantity },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListKeys.all }),
    meta: { errorMessage: T.saveFailed },
  });
}
