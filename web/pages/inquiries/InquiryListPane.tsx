import { Stack } from '@mantine/core';
import { INQUIRY_PAGING, INQUIRY_SORT_KEYS, type Inquiry } from '#domain/inquiries';
import type { useExportInquiries } from '../../api/inquiries';
import { OrderSelect, PerPageSelect, SortSelect } from '../../components/ListSelects';
import { ListToolbar } from '../../components/ListToolbar';
import { Pager } from '../../components/Pager';
import { SearchInput } from '../../components/SearchInput';
import { InquiryFilters } from './InquiryFilters';
import { InquiryList } from './InquiryList';
import { INQUIRY_SCREEN, INQUIRY_SORT_LABELS } from './texts';
import type { InquiryTableFilters } from './useInquiryTableFilters';
import type { InquiryTableQuery } from './useInquiryTableQuery';

const SORT_OPTIONS = INQUIRY_SORT_KEYS.map((value) => ({ value, label: INQUIRY_SORT_LABELS[value] }));

type Props = {
  query: InquiryTableQuery;
  filters: InquiryTableFilters;
  /** Kept by the page: on a phone this pane makes way for the request while a download runs. */
  exportCsv: ReturnType<typeof useExportInquiries>;
  selectedId: number | null;
  onSelect: (inquiry: Inquiry) => void;
};

/** The inbox's left side: search, sort, filters and export, the requests, and the pages. */
export function InquiryListPane({ query, filters, exportCsv, selectedId, onSelect }: Props) {
  const { state, params, inquiries, update } = query;
  return (
    <Stack gap={0}>
      <ListToolbar>
        <SearchInput
          value={filters.search}
          onChange={filters.setSearch}
          placeholder={INQUIRY_SCREEN.searchPlaceholder}
        />
        <SortSelect value={params.sortBy} options={SORT_OPTIONS} onChange={(sortBy) => update({ sortBy })} />
        <OrderSelect value={params.order} onChange={(order) => update({ order })} />
        <PerPageSelect
          value={params.limit}
          options={INQUIRY_PAGING.options}
          onChange={(limit) => update({ limit })}
        />
      </ListToolbar>
      <InquiryFilters
        state={state}
        counts={inquiries.data?.counts}
        countsExact={inquiries.data?.counts_exact ?? true}
        staff={filters.staff}
        onChange={(change) => update(change)}
        onExport={() => exportCsv.mutate(params)}
        exporting={exportCsv.isPending}
        exported={exportCsv.received}
      />
      <InquiryList
        inquiries={query.items}
        loading={inquiries.isFetching}
        failed={inquiries.isError}
        selectedId={selectedId}
        onSelect={onSelect}
      />
      <Pager page={params.page} pages={query.pages} onChange={(page) => update({ page })} />
    </Stack>
  );
}
