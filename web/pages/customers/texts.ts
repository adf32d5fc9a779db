import type { CompanySortKey, CustomerSortKey } from '#domain/customers';
import { countOf } from '#domain/messages';

const CUSTOMER_SORT_LABELS: Record<CustomerSortKey, string> = {
  last_request_at: 'Last request',
  request_count: 'Requests',
  accepted_value: 'Accepted value',
  name: 'Name',
};

const COMPANY_SORT_LABELS: Record<CompanySortKey, string> = {
  name: 'Name',
  accepted_value: 'Accepted value',
  customer_count: 'People',
  request_count: 'Requests',
  last_request_at: 'Last request',
};

/** The Companies list's own texts; the pane's are with the customers' below. */
export const COMPANY_SCREEN = {
  title: 'Companies',
  caption: 'The companies customers buy for: their people, requests, orders and notes.',
  noun: { singular: 'company', plural: 'companies' },
  empty: 'No companies found.',
  failed: 'Companies could not be loaded.',
  noneSelected: 'Choose a company from the list to see it.',
  back: 'Back to list',
  searchPlaceholder: 'Company name',
  sortLabels: COMPANY_SORT_LABELS,
} as const;

/** Texts of the Customers and Companies screens; those shared with the server are CUSTOMER_TEXT. */
export const CUSTOMER_SCREEN = {
  title: 'Customers',
  /** How the list's total names its entries. */
  noun: { singular: 'customer' },
  views: 'Customers and companies',
  empty: 'No customers found.',
  failed: 'Customers could not be loaded.',
  noneSelected: 'Choose a customer from the list to see them.',
  back: 'Back to list',
  /** What the list's search finds a customer by (the server's search). */
  searchPlaceholder: 'Name, email, phone, company',
  sortLabels: CUSTOMER_SORT_LABELS,
  companyFilter: 'Company',
  anyCompany: 'Any company',
  noCompany: 'No company',
  lastRequest: 'Last request',
  never: 'No requests yet',
  requests: 'Requests',
  quotes: 'Quotes',
  orders: 'Orders',
  people: 'People',
  acceptedValue: 'Accepted value',
  contact: 'Contact details',
  companyDetails: 'Company details',
  seesAll: 'sees the company',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  company: 'Company',
  website: 'Website',
  address: 'Address',
  cancel: 'Cancel',
  pickCompany: 'Pick a company',
  seesCompany: "Sees the company's requests, quotes and orders",
  seesCompanyHint: 'In the buyer portal, this person sees every request, quote and order of the company.',
  seesCompanyNeedsCompany: 'Only a customer in a company can see its requests.',
  noRequests: 'No requests.',
  noQuotes: 'No quotes.',
  noOrders: 'No orders.',
  noPeople: 'No people.',
  notes: 'Internal notes',
  history: 'Change history',
  noHistory: 'No changes recorded yet.',
  since: (when: string) => `Customer since ${when}`,
  openActivity: 'Open in Activity',
  draft: 'Draft',
  version: (v: number) => `v${v}`,
  by: (name: string) => `by ${name}`,
  merge: 'Merge into…',
  mergeTitle: 'Merge into another customer',
  mergePick: 'The customer to keep',
  mergePickPlaceholder: 'Search by name or email',
  mergeMoves: (name: string, into: string) => `${name} is merged into ${into}. These move to ${into}:`,
  mergeRequests: (n: number) => countOf(n, 'request'),
  mergeQuotes: (n: number) => countOf(n, 'quote'),
  mergeOrders: (n: number) => countOf(n, 'order'),
  mergeNotes: (n: number) => countOf(n, 'note'),
  mergeKept: (name: string, into: string) =>
    `${into} keeps its name and email; a blank phone or company is filled in from ${name}. The merge is recorded in the history and can be undone there.`,
  mergeConfirm: 'Merge',
  companyMergeTitle: 'Merge into another company',
  companyMergePick: 'The company to keep',
  companyMergePickPlaceholder: 'Search by name',
  companyMergePeople: (n: number) =>
    `${countOf(n, 'person', 'people')}, with their requests, quotes and orders`,
  companyMergeKept: (name: string, into: string) =>
    `${into} keeps its name; a blank phone, website or address is filled in from ${name}. ${name} is then deleted. The merge is recorded in the history and cannot be undone.`,
  deleteCompany: 'Delete',
  deleteCompanyTitle: 'Delete this company?',
  deleteCompanyText: (name: string, people: number) =>
    `${name} is deleted with its notes. ${people === 0 ? 'It has no people.' : `Its ${countOf(people, 'person', 'people')} stay${people === 1 ? 's' : ''}, without a company, with their requests, quotes and orders.`} Orders keep the company name they were made with. This is recorded in the history and cannot be undone.`,
  undoMerge: 'Undo merge',
  undoMergeTitle: 'Undo this merge?',
  undoMergeText:
    'The merged customer comes back, with the requests, quotes, orders and notes the merge moved. The undoing is recorded as a new change.',
  mergeUndone: 'Merge undone',
  restoreText: (type: 'customer' | 'company') =>
    `The ${type} goes back to how it was right after this change. The restore is recorded as a new change.`,
  mergedInto: 'This customer was merged into another.',
  openSurvivor: 'Open the customer it became',
  notFound: 'This customer could not be found.',
  companyNotFound: 'This company could not be found.',
  seeAll: 'See all in the list',
  personCount: (n: number) => countOf(n, 'person', 'people'),
  requestCount: (n: number) => countOf(n, 'request'),
  orderCount: (n: number) => countOf(n, 'order'),
} as const;
