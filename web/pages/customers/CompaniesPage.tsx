import { COMPANY_PAGING, COMPANY_SORT_KEYS, type Company, type CompanySortKey } from '#domain/customers';
import { useCompanies, useExportCompanies } from '../../api/customers';
import { DeskScreen } from '../../components/desk/DeskScreen';
import { ListColumn } from '../../components/desk/ListColumn';
import { useListState } from '../../components/useListState';
import { CompanyPane } from './CompanyPane';
import { EntryFigures, EntryHead } from './EntryLines';
import { COMPANY_SORT_LABELS, CUSTOMER_SCREEN as T } from './texts';
import { ViewSwitch } from './ViewSwitch';

const SORT_OPTIONS = COMPANY_SORT_KEYS.map((value) => ({ value, label: COMPANY_SORT_LABELS[value] }));
const TEXTS = {
  label: T.companiesTitle,
  search: T.companySearchPlaceholder,
  failed: T.companiesFailed,
  empty: T.companiesEmpty,
};

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
      texts={{
        title: T.companiesTitle,
        caption: T.companiesCaption,
        back: T.back,
        noneSelected: T.companyNoneSelected,
      }}
      count={{ singular: 'company', plural: 'companies', testId: 'companies-total' }}
      nav={<ViewSwitch current="/companies" />}
      loaded={companies.data}
      pane={(id) => <CompanyPane key={id} id={id} />}
      list={
        <ListColumn
          list={list}
          query={companies}
          params={list.params}
          useExport={useExportCompanies}
          texts={TEXTS}
          sortOptions={SORT_OPTIONS}
          limits={COMPANY_PAGING.options}
          entry={{ render: (c) => <CompanyEntry company={c} />, testId: 'company-row' }}
        />
      }
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
            {T.personCount(c.customer_count)} · {T.requestCount(c.request_count)} ·{' '}
            {T.orderCount(c.order_count)}
          </>
        }
        acceptedValue={c.accepted_value}
      />
    </>
  );
}
