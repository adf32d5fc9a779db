import { pageCount } from '#domain/paging';
import {
  PRODUCT_FILTER_KEYS,
  PRODUCT_LIST,
  PRODUCT_SORT_KEYS,
  type ProductFilterKey,
  type ProductSortKey,
} from '#domain/product-list';
import { PRODUCT_STATUSES } from '#domain/products';
import { LOCALE_CODE } from '#domain/translations';
import type { ProductFilterValues } from '../../api/keys';
import { useProducts } from '../../api/products';
import { positiveInt } from '../../components/urlValues';
import { type FilterRule, useKeepPageInRange, useListState } from '../../components/useListState';
import { isPriceBound } from './productFilters';

/** The yes-only filters (PRODUCT_FLAG_FILTERS): `1` or unset. */
const YES = ['1'] as const;
const id = (v: string) => positiveInt(v) !== null;
/** What each filter may hold in the URL; a malformed value reads as unset and never reaches the API. */
const ACCEPT: Record<ProductFilterKey, FilterRule> = {
  category_id: id,
  brand_id: id,
  status: PRODUCT_STATUSES,
  price_min: isPriceBound,
  price_max: isPriceBound,
  discounted: YES,
  no_image: YES,
  no_category: YES,
  no_brand: YES,
  // A language code; whether the shop has it is the server's to say (400).
  missing_translation: (v: string) => LOCALE_CODE.test(v),
};
const LIST_OPTIONS = {
  defaultLimit: PRODUCT_LIST.defaultLimit,
  defaultSort: PRODUCT_LIST.defaultSort,
  defaultOrder: PRODUCT_LIST.defaultOrder,
  sortKeys: PRODUCT_SORT_KEYS,
  limits: PRODUCT_LIST.limits,
  filters: PRODUCT_FILTER_KEYS,
  accept: ACCEPT,
} as const;

/**
 * The products list as the URL asks for it (search, filters, sort, page) and the server's answer:
 * its rows, how many match, and how many pages that makes.
 */
export function useProductTableQuery() {
  const list = useListState<ProductSortKey, ProductFilterKey>(LIST_OPTIONS);
  const values: ProductFilterValues = list.filters;
  const products = useProducts({ ...list.params, ...values });
  const total = products.data?.meta.total ?? 0;
  const pages = pageCount(total, list.params.limit);
  useKeepPageInRange(list.params.page, pages, !!products.data, list.setPage);
  return {
    list,
    values,
    products,
    items: products.data?.data,
    total,
    pages,
    filtered: !!list.params.q || PRODUCT_FILTER_KEYS.some((k) => !!values[k]),
  };
}

export type ProductTableQuery = ReturnType<typeof useProductTableQuery>;
