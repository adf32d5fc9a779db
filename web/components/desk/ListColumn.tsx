import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { pageCount } from '#domain/paging';
import { usePermissions } from '../../session/usePermissions';
import { ExportButton } from '../ExportButton';
import { OrderSelect, PerPageSelect, SortSelect } from '../ListSelects';
import { ListToolbar } from '../ListToolbar';
import { Pager } from '../Pager';
import { SearchInput } from '../SearchInput';
import { useKeepPageInRange, type useListState } from '../useListState';
import { EntryList } from './EntryList';
import { useSelected } from './useSelected';

type Controls<K extends string> = Pick<
  ReturnType<typeof useListState<K>>,
  'params' | 'search' | 'setSearch' | 'setSortBy' | 'setOrder' | 'setLimit' | 'setPage'
>;

type Props<K extends string, T extends { id: number }, P> = {
  /** The list's state in the URL (useListState). */
  list: Controls<K>;
  /** The list's query, asked with `params`: a page of entries and the total. */
  query: { data?: { data: readonly T[]; meta: { total: number } }; isFetching: boolean; isError: boolean };
  /** The query's parameters, filters included: the CSV export asks for the same list. */
  params: P;
  /** The list's CSV download (useDownload), offered to a role that may export. */
  useExport: () => { mutate: (params: P) => void; isPending: boolean; received: number };
  /** The list's name (for a screen reader), the search's placeholder, and the failed and empty states. */
  texts: { label: string; search: string; failed: string; empty: string };
  sortOptions: readonly { value: K; label: string }[];
  limits: readonly number[];
  /** The screen's own filters, a row under the search. */
  filters?: ReactNode;
  filtersTestId?: string;
  /** An entry's lines, inside its button. */
  entry: { render: (item: T) => ReactNode; testId: string };
};

/**
 * A desk's list column: search, sort, order and page size, the screen's filters and the CSV
 * export, the entries (or their loading and empty states) with the chosen one marked, and the pager.
 */
export function ListColumn<K extends string, T extends { id: number }, P>(props: Props<K, T, P>) {
  const { list, query, texts, filters } = props;
  const { params } = list;
  const rights = usePermissions();
  const exportCsv = props.useExport();
  const [selectedId, select] = useSelected();
  const pages = pageCount(query.data?.meta.total ?? 0, params.limit);
  useKeepPageInRange(params.page, pages, !!query.data, list.setPage);
  // With filters the export ends their row; without, the toolbar's.
  const exportButton = rights.has('export.run') && (
    <ExportButton
      onClick={() => exportCsv.mutate(props.params)}
      pending={exportCsv.isPending}
      received={exportCsv.received}
    />
  );
  return (
    <Stack gap={0}>
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder={texts.search} />
        <SortSelect value={params.sortBy} options={props.sortOptions} onChange={list.setSortBy} />
        <OrderSelect value={params.order} onChange={list.setOrder} />
        <PerPageSelect value={params.limit} options={props.limits} onChange={list.setLimit} />
        {!filters && exportButton}
      </ListToolbar>
      {filters && (
        <Group gap="xs" mb="sm" align="flex-end" data-testid={props.filtersTestId}>
          {filters}
          {exportButton}
        </Group>
      )}
      <EntryList
        label={texts.label}
        items={query.data?.data}
        loading={query.isFetching}
        failed={query.isError}
        failedText={texts.failed}
        emptyText={texts.empty}
        selectedId={selectedId}
        onSelect={(item) => select(item.id)}
        renderEntry={props.entry.render}
        entryTestId={props.entry.testId}
      />
      <Pager page={params.page} pages={pages} onChange={list.setPage} />
    </Stack>
  );
}
