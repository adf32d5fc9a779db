import { Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { COMPANY_PAGING, COMPANY_SORT_KEYS, type Company, type CompanySortKey } from '#domain/customers';
import { pageCount } from '#domain/paging';
import { formatDecimal } from '../../api/currency';
import { useCompanies, useExportCompanies } from '../../api/customers';
import { DeskLayout } from '../../components/desk/DeskLayout';
import { EntryList } from '../../components/desk/EntryList';
import { ExportButton } from '../../components/ExportButton';
import { formatDateTime } from '../../components/format';
import { OrderSelect, PerPageSelect, SortSelect } from '../../components/ListSelects';
import { ListToolbar } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { SearchInput } from '../../components/SearchInput';
import { TotalCount } from '../../components/TotalCount';
import { useKeepPageInRange, useListState } from '../../components/useListState';
import { usePermissions } from '../../session/usePermissions';
import { CompanyPane } from './CompanyPane';
import { COMPANY_SORT_LABELS, CUSTOMER_SCREEN as T } from './texts';
import { NARROW, useSelected } from './useSelected';
import { ViewSwitch } from './ViewSwitch';

const SORT_OPTIONS = COMPANY_SORT_KEYS.map((value) => ({ value, label: COMPANY_SORT_LABELS[value] }));

/**
 * Companies (/companies), the Customers screen's other view: a list on the left and the chosen
 * company on the right, its search, sort, page and choice in the URL.
 */
export function CompaniesPage() {
  const list = useListState<CompanySortKey>({
    defaultLimit: COMPANY_PAGING.defaultLimit,
    limits: COMPANY_PAGING.options,
    defaultSort: 'name',
    defaultOrder: 'asc',
    sortKeys: COMPANY_SORT_KEYS,
  });
  const { params } = list;
  const companies = useCompanies(params);
  const exportCsv = useExportCompanies();
  const rights = usePermissions();
  const total = companies.data?.meta.total ?? 0;
  const pages = pageCount(total, params.limit);
  useKeepPageInRange(params.page, pages, !!companies.data, list.setPage);
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const [selectedId, select] = useSelected();

  const listPane = (
    <Stack gap={0}>
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder={T.companySearchPlaceholder} />
        <SortSelect value={params.sortBy} options={SORT_OPTIONS} onChange={list.setSortBy} />
        <OrderSelect value={params.order} onChange={list.setOrder} />
        <PerPageSelect value={params.limit} options={COMPANY_PAGING.options} onChange={list.setLimit} />
        {rights.has('export.run') && (
          <ExportButton
            onClick={() => exportCsv.mutate(params)}
            pending={exportCsv.isPending}
            received={exportCsv.received}
          />
        )}
      </ListToolbar>
      <CompanyList
        companies={companies.data?.data}
        loading={companies.isFetching}
        failed={companies.isError}
        selectedId={selectedId}
        onSelect={(c) => select(c.id)}
      />
      <Pager page={params.page} pages={pages} onChange={list.setPage} />
    </Stack>
  );
  const readingPane =
    selectedId !== null ? (
      <CompanyPane key={selectedId} id={selectedId} />
    ) : (
      companies.data &&
      companies.data.data.length > 0 && (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center">
            {T.companyNoneSelected}
          </Text>
        </Paper>
      )
    );

  return (
    <>
      <PageHeader
        title={T.companiesTitle}
        caption={
          <>
            {T.companiesCaption}{' '}
            {companies.data && (
              <TotalCount
                count={total}
                exact={companies.data.meta.total_exact}
                singular="company"
                plural="companies"
                testId="companies-total"
              />
            )}
          </>
        }
      />
      <ViewSwitch current="/companies" />
      <DeskLayout
        narrow={narrow}
        reading={selectedId !== null}
        backLabel={T.back}
        onBack={() => select(null)}
        list={listPane}
        pane={readingPane}
      />
    </>
  );
}

type ListProps = {
  companies: readonly Company[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: number | null;
  onSelect: (company: Company) => void;
};

function CompanyList({ companies, loading, failed, selectedId, onSelect }: ListProps) {
  return (
    <EntryList
      label={T.companiesTitle}
      items={companies}
      loading={loading}
      failed={failed}
      failedText={T.companiesFailed}
      emptyText={T.companiesEmpty}
      selectedId={selectedId}
      onSelect={onSelect}
      entryTestId="company-row"
      renderEntry={(c) => (
        <>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
            <Text fw={600} size="sm" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
              {c.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {c.last_request_at ? (
                <time dateTime={c.last_request_at}>{formatDateTime(c.last_request_at)}</time>
              ) : (
                T.never
              )}
            </Text>
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap" mt={2}>
            <Text size="xs" c="dimmed">
              {T.personCount(c.customer_count)} · {T.requestCount(c.request_count)} ·{' '}
              {T.orderCount(c.order_count)}
            </Text>
            <Text size="sm" fw={500} style={{ flexShrink: 0 }}>
              {formatDecimal(c.accepted_value)}
            </Text>
          </Group>
        </>
      )}
    />
  );
}
