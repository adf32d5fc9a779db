import { Text } from '@mantine/core';
import { CUSTOMER_PAGING, CUSTOMER_SORT_KEYS, type Customer, type CustomerSortKey } from '#domain/customers';
import { useCompanyDetail, useCompanyOptions, useCustomers, useExportCustomers } from '../../api/customers';
import { DeskScreen } from '../../components/desk/DeskScreen';
import { SearchSelect } from '../../components/SearchSelect';
import { positiveInt } from '../../components/urlValues';
import { useListState } from '../../components/useListState';
import { navDescription } from '../../shell/navItems';
import { CustomerPane } from './CustomerPane';
import { EntryFigures, EntryHead } from './EntryLines';
import { CUSTOMER_SCREEN as T } from './texts';
import { ViewSwitch } from './ViewSwitch';

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
  const companyId = positiveInt(filters.company_id ?? null);
  // The filter's company by name, for a link or a reload that carries only its id.
  const company = useCompanyDetail(companyId);

  return (
    <DeskScreen
      texts={T}
      caption={navDescription('/customers')}
      nav={<ViewSwitch current="/customers" />}
      list={list}
      query={customers}
      useExport={useExportCustomers}
      filters={
        <SearchSelect
          label={T.companyFilter}
          value={filters.company_id ?? ANY}
          selectedLabel={filters.company_id ? (company.data?.name ?? `#${filters.company_id}`) : T.anyCompany}
          fixed={[{ value: ANY, label: T.anyCompany }]}
          onChange={(v) => list.setFilter('company_id', !v || v === ANY ? undefined : v)}
          useOptions={useCompanyOptions}
          style={{ flex: '1 1 200px' }}
        />
      }
      entry={{ render: (c) => <CustomerEntry customer={c} />, testId: 'customer-row' }}
      pane={(id, select) => <CustomerPane key={id} id={id} onOpen={select} />}
    />
  );
}

/** One entry per customer: name and company, e-mail, their figures and when they last asked. */
function CustomerEntry({ customer: c }: { customer: Customer }) {
  return (
    <>
      <EntryHead name={c.name} lastRequestAt={c.last_request_at} />
      <Text size="sm" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
        {[c.company?.name, c.email].filter(Boolean).join(' · ')}
      </Text>
      <EntryFigures
        counts={
          <>
            {T.requestCount(c.request_count)} · {T.orderCount(c.order_count)}
          </>
        }
        acceptedValue={c.accepted_value}
      />
    </>
  );
}
