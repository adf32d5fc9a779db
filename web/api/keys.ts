import type { BrandSortKey, CategorySortKey, UserSortKey } from '#domain/constants';
import type { DiscountState } from '#domain/discounts';
import type { InquirySortKey, InquiryStatus } from '#domain/inquiries';
import type { DiscountScope } from '#domain/pricing';
import type { ProductFilterKey, ProductSortKey } from '#domain/product-list';
import type { ListControls } from './listQuery';

/**
 * Every query key of the app, one factory per resource: a key with nothing to vary is a value, one
 * that varies is a function of what it varies by. Each key starts with its resource's `all`, so
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
};
export type InquiryListParams = ListControls<InquirySortKey> & InquiryFilters;
/** The products list's filters as the URL and the query string spell them; undefined = not filtered. */
export type ProductFilterValues = Partial<Record<ProductFilterKey, string>>;
export type ProductListParams = ListControls<ProductSortKey> & ProductFilterValues;
export type UserListParams = ListControls<UserSortKey>;
/** The discounts list: the title search, its filters (undefined = all) and the page. */
export type DiscountListParams = {
  q: string;
  page: number;
  limit: number;
  applies_to?: DiscountScope;
  state?: DiscountState;
};

const brandsAll = ['brands'] as const;
export const brandKeys = {
  all: brandsAll,
  list: (params: BrandListParams) => [...brandsAll, 'list', params] as const,
  options: (q: string, limit: number) => [...brandsAll, 'options', q, limit] as const,
  detail: (id: number | null) => [...brandsAll, 'one', id] as const,
};

const categoriesAll = ['categories'] as const;
export const categoryKeys = {
  all: categoriesAll,
  list: ({ parentId, ...controls }: CategoryListParams) =>
    [...categoriesAll, 'list', controls, parentId] as const,
  detail: (id: number | null) => [...categoriesAll, 'one', id] as const,
  options: (q: string, limit: number) => [...categoriesAll, 'options', q, limit] as const,
};

const productsAll = ['products'] as const;
const productLists = [...productsAll, 'list'] as const;
export const productKeys = {
  all: productsAll,
  /** Every page of every search: a product change can move a card on any of them. */
  lists: productLists,
  list: (params: ProductListParams) => [...productLists, params] as const,
  bundle: (slug: string) => [...productsAll, 'bundle', slug] as const,
  /** A bulk action's dry run: how many rows it would change, until any product changes. */
  bulkPreview: (body: unknown) => [...productsAll, 'bulk-preview', body] as const,
  options: (q: string, limit: number) => [...productsAll, 'options', q, limit] as const,
};

const jobsAll = ['jobs'] as const;
export const jobKeys = {
  all: jobsAll,
  detail: (id: string) => [...jobsAll, 'one', id] as const,
};

const discountsAll = ['discounts'] as const;
export const discountKeys = {
  all: discountsAll,
  /** Every page of every filter: a discount change can move a row on any of them. */
  list: [...discountsAll, 'list'] as const,
  page: (params: DiscountListParams) => [...discountsAll, 'list', params] as const,
};

const inquiriesAll = ['inquiries'] as const;
const inquiryLists = [...inquiriesAll, 'list'] as const;
export const inquiryKeys = {
  all: inquiriesAll,
  /** Every cached page, e.g. to drop a deleted inquiry from all of them at once. */
  lists: inquiryLists,
  list: ({ limit, ...controls }: InquiryListParams) => [...inquiryLists, controls, limit] as const,
  detail: (id: number) => [...inquiriesAll, 'one', id] as const,
};

const quotesAll = ['quotes'] as const;
export const quoteKeys = {
  all: quotesAll,
  detail: (id: number) => [...quotesAll, 'one', id] as const,
  /** The customer's page, by its token; it needs no session. */
  public: (token: string) => [...quotesAll, 'public', token] as const,
};

const usersAll = ['users'] as const;
export const userKeys = {
  all: usersAll,
  list: (params: UserListParams) => [...usersAll, 'list', params] as const,
  detail: (id: number | null) => [...usersAll, 'one', id] as const,
};

export const meKeys = { all: ['me'] as const };

export const dashboardKeys = { all: ['dashboard'] as const };

/** The change log: an entity's history, the Activity screen's pages and the dashboard's latest. */
export type HistoryFilters = {
  entity_type?: string;
  entity_id?: number;
  actor_id?: number;
  action?: string;
  from?: string;
  to?: string;
};
const historyAll = ['history'] as const;
export const historyKeys = {
  all: historyAll,
  /** The editor's tab, loaded a page at a time ("Load more"). */
  entity: (type: string, id: number) => [...historyAll, 'entity', type, id] as const,
  page: (filters: HistoryFilters, page: number, limit: number) =>
    [...historyAll, 'page', filters, page, limit] as const,
  latest: [...historyAll, 'latest'] as const,
  /** What restoring an entry's version would undo. */
  restorePreview: (entryId: number) => [...historyAll, 'restore-preview', entryId] as const,
};

export type TrashListParams = { entity_type?: string; q: string; page: number; limit: number };
const trashAll = ['trash'] as const;
export const trashKeys = {
  all: trashAll,
  list: (params: TrashListParams) => [...trashAll, 'list', params] as const,
};

export type OutboxListParams = { status?: string; inquiry_id?: string; page: number; limit: number };
const outboxAll = ['outbox'] as const;
export const outboxKeys = {
  all: outboxAll,
  list: (params: OutboxListParams) => [...outboxAll, 'list', params] as const,
  detail: (id: number) => [...outboxAll, 'detail', id] as const,
};
