import { PRODUCT_FILTER_KEYS, type ProductFilterKey } from '#domain/product-list';
import { PRODUCT_STATUS_TEXT, type ProductStatus } from '#domain/products';
import type { ProductFilterValues } from '../../api/keys';

/** What each filter is called on its chip and in its control. */
export const FILTER_LABELS: Record<ProductFilterKey, string> = {
  /** The category and everything below it. */
  category_id: 'Category (and below)',
  brand_id: 'Brand',
  status: 'Status',
  price_min: 'Final price from',
  price_max: 'Final price to',
  discounted: 'Discounted now',
  no_image: 'No image',
  no_category: 'No category',
  no_brand: 'No brand',
  missing_translation: 'Missing translation',
};

/** The filters that are set, in the order the chips show them. */
export const activeFilterKeys = (values: ProductFilterValues): ProductFilterKey[] =>
  PRODUCT_FILTER_KEYS.filter((key) => !!values[key]);

/**
 * The list's search and filters as the bulk route's `filter` takes them (the query string's names,
 * text values), only those set: "all N matching" then changes exactly the rows the list counts.
 */
export function bulkFilter(q: string, values: ProductFilterValues): Record<string, string> {
  const filter: Record<string, string> = {};
  if (q.trim()) filter.q = q.trim();
  for (const key of activeFilterKeys(values)) filter[key] = values[key] as string;
  return filter;
}

/** Names the rows a selection was made among; a new scope starts a new selection. */
export const selectionScope = (q: string, values: ProductFilterValues) =>
  JSON.stringify(bulkFilter(q, values));

/**
 * Setting one filter of a pair that cannot both hold (a category and "no category", a brand and
 * "no brand") clears the other, so the list never asks for something that matches nothing by
 * construction.
 */
export function filterChange(key: ProductFilterKey, value: string | undefined): ProductFilterValues {
  const change: ProductFilterValues = { [key]: value || undefined };
  if (!value) return change;
  if (key === 'category_id') change.no_category = undefined;
  if (key === 'no_category') change.category_id = undefined;
  if (key === 'brand_id') change.no_brand = undefined;
  if (key === 'no_brand') change.brand_id = undefined;
  return change;
}

/** A price bound as the URL may hold it; anything else is left for the server to refuse. */
const PRICE = /^\d{1,10}(\.\d{1,2})?$/;
export const isPriceBound = (text: string) => PRICE.test(text);

type Names = { category?: string | null; brand?: string | null };

/** The chip's text for a filter that is set: the label, and its value where the label alone does not say it. */
export function chipText(key: ProductFilterKey, value: string, names: Names = {}): string {
  switch (key) {
    case 'category_id':
      return `Category: ${names.category ?? `#${value}`} and below`;
    case 'brand_id':
      return `${FILTER_LABELS.brand_id}: ${names.brand ?? `#${value}`}`;
    case 'status':
      return `${FILTER_LABELS.status}: ${PRODUCT_STATUS_TEXT[value as ProductStatus] ?? value}`;
    case 'price_min':
      return `Final price ≥ ${value}`;
    case 'price_max':
      return `Final price ≤ ${value}`;
    case 'missing_translation':
      return `${FILTER_LABELS.missing_translation}: ${value}`;
    default:
      return FILTER_LABELS[key];
  }
}
