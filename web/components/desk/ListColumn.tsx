import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { pageCount } from '#domain/paging';
import type { ListControls } from '../../api/listQuery';
import { usePermissions } from '../../session/usePermissions';
import { ExportButton } from '../ExportButton';
import { OrderSelect, PerPageSelect, SortSelect } from '../ListSelects';
import { ListToolbar } from '../ListToolbar';
import { Pager } from '../Pager';
import { SearchInput } from '../SearchInput';
import { useKeepPageInRange, type useListState } from '../useListState';
import { EntryList } from './EntryList';
import { useSelected } from './useSelected';

type Controls<K extends string, F extends string> = Pick<
  ReturnType<typeof useListState<K, F>>,
  | 'params'
  | 'filters'
  | 'sortKeys'
  | 'limits'
  | 'search'
  | 'setSearch'
  | 'setSortBy'
  | 'setOrder'
  | 'setLimit'
  | 'setPage'
>;

/** A list screen's texts, as its texts module keeps them. */
export type ListTexts<K extends string> = {
  /** The list's name, for a screen reader. */
  title: string;
  searchPlaceholder: string;
  sortLabels: Record<K, string>;
  failed: string;
  empty: string;
};

export type ListExport<K extends string, F extends string> = {
  mutate: (params: ListControls<K> & Record<F, string | undefined>) => void;
  isPending: boolean;
  received: number;
};

export type ListColumnProps<K extends string, F extends string, T extends { id: number }> = {
  /** The list's state in the URL (useListState). */
  list: Controls<K, F>;
  /** The list's query, asked with the list's params and filters: a page of entries and the total. */
  query: {
    data?: { data: readonly T[]; meta: { total: number; total_exact?: boolean } };
    isFetching: boolean;
    isError: boolean;
  };
  texts: ListTexts<K>;
  /** The list's CSV download (useDownload), offered to a role that may export. */
  exportCsv: ListExport<K, F>;
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
export function ListColumn<K extends string, F extends string, T extends { id: number }>(
  props: ListColumnProps<K, F, T>,
) {
  const { list, query, texts, filters, exportCsv } = props;
  const { params } = list;
  const rights = usePermissions();
  const [selectedId, select] = useSelected();
  const sortOptions = list.sortKeys.map((value) => ({ value, label: texts.sortLabels[value] }));
  const pages = pageCount(query.data?.meta.total ?? 0, params.limit);
  useKeepPageInRange(params.page, pages, !!query.data, list.setPage);
  // With filters the export ends their row; without, the toolbar's.
  const exportButton = rights.has('export.run') && (
    <ExportButton
      onClick={() => exportCsv.mutate({ ...params, ...list.filters })}
      pending={exportCsv.isPending}
      received={exportCsv.received}
    />
  );
  return (
    <Stack gap={0}>
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder={texts.searchPlaceholder} />
        <SortSelect value={params.sortBy} options={sortOptions} onChange={list.setSortBy} />
        <OrderSelect value={params.order} onChange={list.setOrder} />
        <PerPageSelect value={params.limit} options={list.limits} onChange={list.setLimit} />
        {!filters && exportButton}
      </ListToolbar>
      {filters && (
        <Group gap="xs" mb="sm" align="flex-end" data-testid={props.filtersTestId}>
          {filters}
          {exportButton}
        </Group>
      )}
      <EntryList
        label={texts.title}
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
