import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { centsToDecimal } from '#domain/money';
import type { ProductFilter, ProductSortKey } from '#domain/product-list';
import type { Db } from '../../db/client';
import type { RankWindow, SortColumns } from '../../db/query/counting';
import { type ProductSearch, productSearch } from '../../db/query/product-search';
import { products } from '../../db/schema';

type Executor = Pick<Db, 'execute'>;

/** How a query becomes its search: productSearch, or one that remembers what it read. */
export type SearchFor = (db: Executor, query: string) => Promise<ProductSearch | undefined>;

/**
 * A product without a name in `locale`, or without a description there where it has one: the
 * list's filter and the dashboard's count per locale. One probe of product_translations' primary
 * key per product (an anti-join).
 */
export const missingTranslation = (locale: string) =>
  sql`not exists (select 1 from product_translations t
    where t.product_id = ${products.id} and t.locale = ${locale}
      and t.name is not null and (t.description is not null or ${products.description} is null))`;

/**
 * The column each sort of the staff products list orders by, each served by an index with the id
 * (migration 0022; the name sort by products_name_idx on lower(name), the case-blind order the
 * pickers use).
 */
export const PRODUCT_SORT_COLUMNS: SortColumns<ProductSortKey> = {
  name: sql`lower(${products.name})`,
  price: products.price_final,
  created_at: products.created_at,
  updated_at: products.updated_at,
};

/** Whether a filter or a sort reads the stored final price or discount flag. */
export const readsPrices = (filter: ProductFilter, sortBy?: ProductSortKey) =>
  sortBy === 'price' || filter.price_min !== undefined || filter.price_max !== undefined || filter.discounted;

/**
 * Brings the stored prices up to `now`: the rows a write marked stale and the rows a discount's
 * window edge has passed since they were priced (migration 0022's stockroom_refresh_prices). Run
 * it before any read of price_final or price_discounted; when nothing is stale it costs one probe
 * of products_price_until_idx. Call it outside a transaction that has written products: it waits
 * for any other refresh in progress, which may be waiting for that transaction's rows.
 */
export async function refreshPrices(db: Executor, now: Date): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select stockroom_refresh_prices(${now.toISOString()}::timestamptz) as n`,
  );
  return rows[0].n;
}

/**
 * When the next stored price changes by itself (the earliest edge of a discount window aimed at a
 * product, in ms), or null when none will: what a page priced from the stored prices can be kept
 * until. A price made stale by a write is due at once, so its page is never kept.
 */
export async function nextPriceChange(db: Executor): Promise<number | null> {
  const { rows } = await db.execute<{ at: number | null }>(
    sql`select (extract(epoch from min(due)) * 1000)::float8 as at from product_price_due`,
  );
  const at = rows[0].at;
  return at === null ? null : Number(at);
}

/**
 * The one WHERE of a ProductFilter, shared by the staff list, bulk actions and the CSV export so
 * that a list's link, its "all N matching" and its export select the same rows. Undefined when
 * the filter is empty. When the filter or the sort (`sortBy`) reads the final price or the
 * discount flag, the stored prices are first refreshed to `now` (refreshPrices).
 *
 * The conditions' meanings are the dashboard's health lists' (migration 0015): no image is
 * image_count = 0, no category and no brand are null ids. A category is itself and every
 * category below it: those whose chain (migration 0011) holds it.
 */
export async function productFilterWhere(
  db: Executor,
  filter: ProductFilter,
  now: Date,
  sortBy?: ProductSortKey,
): Promise<SQL | undefined> {
  return (await productFilterQuery(db, filter, now, sortBy)).where;
}

/**
 * productFilterWhere with the search's relevance (product-search.ts), for a list that orders by
 * it, and the same filter row by row for its first rows (RankWindow); both are undefined without
 * a search.
 */
export async function productFilterQuery(
  db: Executor,
  filter: ProductFilter,
  now: Date,
  sortBy?: ProductSortKey,
  searchFor: SearchFor = productSearch,
): Promise<{ where: SQL | undefined; rank: SQL | undefined; window: RankWindow | undefined }> {
  if (readsPrices(filter, sortBy)) await refreshPrices(db, now);
  const search = filter.q ? await searchFor(db, filter.q) : undefined;
  const conditions: (SQL | undefined)[] = [
    // The subtree's ids as an array, so the category index drives the match (an IN subquery
    // would be hashed and every product scanned).
    filter.category_id !== undefined
      ? sql`${products.category_id} = any(array(select id from categories
          where ${filter.category_id}::int = any(chain)))`
      : undefined,
    filter.brand_id !== undefined ? eq(products.brand_id, filter.brand_id) : undefined,
    filter.status !== undefined ? eq(products.status, filter.status) : undefined,
    filter.price_min !== undefined
      ? sql`${products.price_final} >= ${centsToDecimal(filter.price_min)}::numeric`
      : undefined,
    filter.price_max !== undefined
      ? sql`${products.price_final} <= ${centsToDecimal(filter.price_max)}::numeric`
      : undefined,
    // Written as the partial indexes' predicates, so the planner can use them.
    filter.discounted ? sql`${products.price_discounted}` : undefined,
    filter.no_image ? sql`${products.image_count} = 0` : undefined,
    filter.no_category ? isNull(products.category_id) : undefined,
    filter.no_brand ? isNull(products.brand_id) : undefined,
    filter.missing_translation !== undefined ? missingTranslation(filter.missing_translation) : undefined,
  ];
  const kept = conditions.filter((c): c is SQL => c !== undefined);
  const all = (searched: SQL | undefined) => {
    const parts = searched ? [searched, ...kept] : kept;
    return parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : and(...parts);
  };
  const window = search?.window && { ...search.window, where: all(search.window.where) as SQL };
  return { where: all(search?.where), rank: search?.rank, window };
}
