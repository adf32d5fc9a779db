import { COMPANY_PAGING, COMPANY_SORT_KEYS, type Company, type CompanySortKey } from '#domain/customers';
import { useCompanies, useExportCompanies } from '../../api/customers';
import { DeskScreen } from '../../components/desk/DeskScreen';
import { useListState } from '../../components/useListState';
import { CompanyPane } from './CompanyPane';
import { EntryFigures, EntryHead } from './EntryLines';
import { CUSTOMER_SCREEN, COMPANY_SCREEN as T } from './texts';
import { ViewSwitch } from './ViewSwitch';

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
  const companies = useCompanies(list.params);
  return (
    <DeskScreen
      texts={T}
      caption={T.caption}
      nav={<ViewSwitch current="/companies" />}
      list={list}
      query={companies}
      useExport={useExportCompanies}
      entry={{ render: (c) => <CompanyEntry company={c} />, testId: 'company-row' }}
      pane={(id, select) => <CompanyPane key={id} id={id} onOpen={select} />}
    />
  );
}

/** One entry per company: its name, when it last asked, its people, requests, orders and accepted value. */
function CompanyEntry({ company: c }: { company: Company }) {
  return (
    <>
      <EntryHead name={c.name} lastRequestAt={c.last_request_at} />
      <EntryFigures
        counts={
          <>
            {CUSTOMER_SCREEN.personCount(c.customer_count)} · {CUSTOMER_SCREEN.requestCount(c.request_count)}{' '}
            · {CUSTOMER_SCREEN.orderCount(c.order_count)}
          </>
        }
        acceptedValue={c.accepted_value}
      />
    </>
  );
}
