import { Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { CUSTOMER_PAGING, CUSTOMER_SORT_KEYS, type Customer, type CustomerSortKey } from '#domain/customers';
import { pageCount } from '#domain/paging';
import { formatDecimal } from '../../api/currency';
import { useCompanyDetail, useCompanyOptions, useCustomers, useExportCustomers } from '../../api/customers';
import { DeskLayout } from '../../components/desk/DeskLayout';
import { EntryList } from '../../components/desk/EntryList';
import { ExportButton } from '../../components/ExportButton';
import { formatDateTime } from '../../components/format';
import { OrderSelect, PerPageSelect, SortSelect } from '../../components/ListSelects';
import { ListToolbar } from '../../components/ListToolbar';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { SearchInput } from '../../components/SearchInput';
import { SearchSelect } from '../../components/SearchSelect';
import { TotalCount } from '../../components/TotalCount';
import { positiveInt } from '../../components/urlValues';
import { useKeepPageInRange, useListState } from '../../components/useListState';
import { usePermissions } from '../../session/usePermissions';
import { navDescription } from '../../shell/navItems';
import { CustomerPane } from './CustomerPane';
import { CUSTOMER_SORT_LABELS, CUSTOMER_SCREEN as T } from './texts';
import { NARROW, useSelected } from './useSelected';
import { ViewSwitch } from './ViewSwitch';

const SORT_OPTIONS = CUSTOMER_SORT_KEYS.map((value) => ({ value, label: CUSTOMER_SORT_LABELS[value] }));
const ANY = 'any';

/**
 * Customers (/customers): who asks, a list on the left and the chosen one on the right. The
 * search, company, sort, page and the chosen customer live in the URL, so reload and Back keep them.
 */
export function CustomersPage() {
  const list = useListState<CustomerSortKey, 'company_id'>({
    defaultLimit: CUSTOMER_PAGING.defaultLimit,
    limits: CUSTOMER_PAGING.options,
    defaultSort: 'last_request_at',
    defaultOrder: 'desc',
    sortKeys: CUSTOMER_SORT_KEYS,
    filters: ['company_id'],
    accept: { company_id: (v) => positiveInt(v) !== null },
  });
  const { params, filters } = list;
  const listParams = { ...params, company_id: filters.company_id };
  const customers = useCustomers(listParams);
  const exportCsv = useExportCustomers();
  const rights = usePermissions();
  const total = customers.data?.meta.total ?? 0;
  const pages = pageCount(total, params.limit);
  useKeepPageInRange(params.page, pages, !!customers.data, list.setPage);
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const [selectedId, select] = useSelected();
  const companyId = positiveInt(filters.company_id ?? null);
  // The filter's company by name, for a link or a reload that carries only its id.
  const company = useCompanyDetail(companyId);

  const listPane = (
    <Stack gap={0}>
      <ListToolbar>
        <SearchInput value={list.search} onChange={list.setSearch} placeholder={T.searchPlaceholder} />
        <SortSelect value={params.sortBy} options={SORT_OPTIONS} onChange={list.setSortBy} />
        <OrderSelect value={params.order} onChange={list.setOrder} />
        <PerPageSelect value={params.limit} options={CUSTOMER_PAGING.options} onChange={list.setLimit} />
      </ListToolbar>
      <Group gap="xs" mb="sm" align="flex-end">
        <SearchSelect
          label={T.companyFilter}
          value={filters.company_id ?? ANY}
          selectedLabel={filters.company_id ? (company.data?.name ?? `#${filters.company_id}`) : T.anyCompany}
          fixed={[{ value: ANY, label: T.anyCompany }]}
          onChange={(v) => list.setFilter('company_id', !v || v === ANY ? undefined : v)}
          useOptions={useCompanyOptions}
          style={{ flex: '1 1 200px' }}
        />
        {rights.has('export.run') && (
          <ExportButton
            onClick={() => exportCsv.mutate(listParams)}
            pending={exportCsv.isPending}
            received={exportCsv.received}
          />
        )}
      </Group>
      <CustomerList
        customers={customers.data?.data}
        loading={customers.isFetching}
        failed={customers.isError}
        selectedId={selectedId}
        onSelect={(c) => select(c.id)}
      />
      <Pager page={params.page} pages={pages} onChange={list.setPage} />
    </Stack>
  );
  const readingPane =
    selectedId !== null ? (
      <CustomerPane key={selectedId} id={selectedId} onOpen={select} />
    ) : (
      customers.data &&
      customers.data.data.length > 0 && (
        <Paper withBorder radius="md" p="xl">
          <Text c="dimmed" ta="center">
            {T.noneSelected}
          </Text>
        </Paper>
      )
    );

  return (
    <>
      <PageHeader
        title={T.title}
        caption={
          <>
            {navDescription('/customers')}{' '}
            {customers.data && (
              <TotalCount
                count={total}
                exact={customers.data.meta.total_exact}
                singular="customer"
                testId="customers-total"
              />
            )}
          </>
        }
      />
      <ViewSwitch current="/customers" />
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
  customers: readonly Customer[] | undefined;
  loading: boolean;
  failed: boolean;
  selectedId: number | null;
  onSelect: (customer: Customer) => void;
};

/** One entry per customer: name and company, e-mail, their figures and when they last asked. */
function CustomerList({ customers, loading, failed, selectedId, onSelect }: ListProps) {
  return (
    <EntryList
      label={T.title}
      items={customers}
      loading={loading}
      failed={failed}
      failedText={T.failed}
      emptyText={T.empty}
      selectedId={selectedId}
      onSelect={onSelect}
      entryTestId="customer-row"
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
          <Text size="sm" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
            {[c.company?.name, c.email].filter(Boolean).join(' · ')}
          </Text>
          <Group justify="space-between" gap="xs" wrap="nowrap" mt={2}>
            <Text size="xs" c="dimmed">
              {T.requestCount(c.request_count)} · {T.orderCount(c.order_count)}
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
