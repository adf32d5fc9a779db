import type { BrandSortKey, CategorySortKey, UserSortKey } from '#domain/constants';
import type { CompanySortKey, CustomerSortKey } from '#domain/customers';
import type { DiscountState } from '#domain/discounts';
import type { InquirySortKey, InquiryStatus } from '#domain/inquiries';
import type { OrderSortKey } from '#domain/orders';
import type { DiscountScope } from '#domain/pricing';
import type { ProductFilterKey, ProductSortKey } from '#domain/product-list';
import type { ListControls } from './listQuery';

/**
 * Every query key of the app, each resource's from one factory (as Medusa's queryKeysFactory), and
 * extended where a resource has more to cache. Each key starts with its resource's `all`, so
 * invalidating `all` reaches the lists, the single rows and the select options alike; a key written
 * anywhere else could miss a refresh or hit a neighbour's cache.
 */

export type BrandListParams = ListControls<BrandSortKey>;
/** parentId: null = all categories, 0 = root categories only, n = children of n. */
export type CategoryListParams = ListControls<CategorySortKey> & { parentId: number | null };
/** The inbox's filters beyond the usual list controls; null = not filtered. */
type InquiryFilters = {
  status: InquiryStatus | null;
  /** 'me', 'nobody' or a staff user's id as text. */
  owner: string | null;
  /** Days the request arrived in, YYYY-MM-DD, inclusive. */
  from: string | null;
  to: string | null;
  /** 'pending': only the requests whose draft waits for an approver. */
  approval: 'pending' | null;
};
export type InquiryListParams = ListControls<InquirySortKey> & InquiryFilters;
/** The products list's filters as the URL and the query string spell them; undefined = not filtered. */
export type ProductFilterValues = Partial<Record<ProductFilterKey, string>>;
export type ProductListParams = ListControls<ProductSortKey> & ProductFilterValues;
/** role: a role's key, or undefined for every role. */
export type UserListParams = ListControls<UserSortKey> & { role?: string };
/** The discounts list: the title search, its filters (undefined = all) and the page. */
export type DiscountListParams = {
  q: string;
  page: number;
  limit: number;
  applies_to?: DiscountScope;
  state?: DiscountState;
};

/**
 * A resource's keys: `all` holds everything of it, `lists()` every page of every search (a change
 * can move a row on any of them), `list(params)` one of them, `details()` every single row and
 * `detail(id)` one.
 */
export function queryKeysFactory<ListParams = never, Id = number>(name: string) {
  const all = [name] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: ListParams) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: Id) => [...all, 'detail', id] as const,
  };
}

/** The searching selects' options: a page of matches for what was typed, per resource. */
function optionKeys(all: readonly string[]) {
  return {
    /** Every search the selects ran, e.g. to find a chosen option among them. */
    allOptions: () => [...all, 'options'] as const,
    options: (q: string, limit: number) => [...all, 'options', q, limit] as const,
  };
}

const brands = queryKeysFactory<BrandListParams>('brands');
export const brandKeys = { ...brands, ...optionKeys(brands.all) };

const categories = queryKeysFactory<CategoryListParams>('categories');
const categoryOptions = optionKeys(categories.all);
export const categoryKeys = {
  ...categories,
  ...categoryOptions,
  /** The same search shown as a tree. */
  optionTree: (q: string, limit: number) => [...categoryOptions.options(q, limit), 'tree'] as const,
};

/** A product's detail is its bundle, by slug: the editor and the preview read one cached copy. */
const products = queryKeysFactory<ProductListParams, string>('products');
export const productKeys = {
  ...products,
  ...optionKeys(products.all),
  /** A bulk action's dry run: how many rows it would change, until any product changes. */
  bulkPreview: (body: unknown) => [...products.all, 'bulk-preview', body] as const,
  /** A product's variants, by its id (the quote builder picks a line's from them). */
  variants: (id: number) => [...products.all, 'variants', id] as const,
};

/** An import's job, by its id. */
export const jobKeys = queryKeysFactory<never, string>('jobs');

export const discountKeys = queryKeysFactory<DiscountListParams>('discounts');

/** The price lists' list (name search) and a fixed list's grid (SKU or product name search). */
export type PriceListListParams = { q: string; page: number; limit: number };
const priceLists = queryKeysFactory<PriceListListParams>('price-lists');
export const priceListKeys = {
  ...priceLists,
  prices: (id: number, params: PriceListListParams) => [...priceLists.all, 'prices', id, params] as const,
};

const inquiries = queryKeysFactory<InquiryListParams>('inquiries');
export const inquiryKeys = { ...inquiries, ...optionKeys(inquiries.all) };

/** The orders list's filters, as its URL and the API name them. */
export type OrderListParams = ListControls<OrderSortKey> & {
  status?: string;
  owner?: string;
  from?: string;
  to?: string;
};
export const orderKeys = queryKeysFactory<OrderListParams>('orders');

/** The customers list's controls and its company filter (a company's id as text), as the URL names them. */
export type CustomerListParams = ListControls<CustomerSortKey> & { company_id?: string };
const customers = queryKeysFactory<CustomerListParams>('customers');
export const customerKeys = { ...customers, ...optionKeys(customers.all) };

export type CompanyListParams = ListControls<CompanySortKey>;
const companies = queryKeysFactory<CompanyListParams>('companies');
export const companyKeys = { ...companies, ...optionKeys(companies.all) };

const quotes = queryKeysFactory('quotes');
export const quoteKeys = {
  ...quotes,
  /** The customer's page, by its token; it needs no session. */
  public: (token: string) => [...quotes.all, 'public', token] as const,
  /** The quote templates, all of them (the picker shows every one). */
  templates: () => [...quotes.all, 'templates'] as const,
};

export const userKeys = queryKeysFactory<UserListParams>('users');

export const meKeys = queryKeysFactory('me');

export const localeKeys = queryKeysFactory('locales');

export const dashboardKeys = queryKeysFactory('dashboard');

/** The change log: an entity's history, the Activity screen's pages and the dashboard's latest. */
export type HistoryFilters = {
  entity_type?: string;
  entity_id?: number;
  actor_id?: number;
  token_id?: number;
  action?: string;
  from?: string;
  to?: string;
};
type HistoryListParams = HistoryFilters & { page: number; limit: number };
const history = queryKeysFactory<HistoryListParams>('history');
export const historyKeys = {
  ...history,
  /** The editor's tab, loaded a page at a time ("Load more"). */
  entity: (type: string, id: number) => [...history.all, 'entity', type, id] as const,
  latest: () => [...history.all, 'latest'] as const,
  /** What restoring an entry's version would undo. */
  restorePreview: (entryId: number) => [...history.all, 'restore-preview', entryId] as const,
};

export type TrashListParams = { entity_type?: string; q: string; page: number; limit: number };
export const trashKeys = queryKeysFactory<TrashListParams>('trash');

export type OutboxListParams = { status?: string; inquiry_id?: string; page: number; limit: number };
export const outboxKeys = queryKeysFactory<OutboxListParams>('outbox');

/** The roles and the permission codes they are made of. */
export const roleKeys = {
  all: ['roles'] as const,
  list: () => ['roles', 'list'] as const,
  permissions: () => ['roles', 'permissions'] as const,
};

/** API tokens (Settings → Integrations). */
export const apiTokenKeys = {
  all: ['api-tokens'] as const,
  list: () => ['api-tokens', 'list'] as const,
};

/** Webhook endpoints, and each one's delivery log by page. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => ['webhooks', 'list'] as const,
  deliveries: (id: number, page: number) => ['webhooks', 'deliveries', id, page] as const,
};
