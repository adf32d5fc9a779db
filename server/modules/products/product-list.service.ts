import { eq, inArray, sql } from 'drizzle-orm';
import { thumbnailUrl } from '#domain/images';
import { fromCents, toCents } from '#domain/money';
import type { ProductListParams } from '#domain/product-list';
import type { ProductListItem, ProductStatus } from '#domain/products';
import type { CatalogueCaches } from '../../cache/catalogue-cache';
import type { Db } from '../../db/client';
import { type FoundPage, pageWithTotal, type RememberPage } from '../../db/query/counting';
import { type PageStart, rememberPage, startBefore } from '../../db/query/page-starts';
import { type ProductSearch, productSearch } from '../../db/query/product-search';
import { brands, categories, products, tableCounts } from '../../db/schema';
import { priceByColumn, productPricing } from '../shared/pricing.sql';
import { baseColumns } from './product-columns';
import {
  nextPriceChange,
  PRODUCT_SORT_COLUMNS,
  productFilterQuery,
  readsPrices,
  type SearchFor,
} from './product-filter';

/**
 * The default order of the products list, newest first, whose deep pages seek along its
 * (created_at, id) index from a remembered start (page-starts.ts) when nothing filters it.
 */
const isNewestFirst = (params: Pick<ProductListParams, 'sortBy' | 'order'>) =>
  params.sortBy === 'created_at' && params.order === 'desc';

/**
 * Given the catalogue's caches, a search's page of the list (which products, in which order, and
 * how many match) is kept until the next catalogue write (or, for a list that filters or sorts by
 * price, the next price change); the rows themselves are read each time. Each entry is a page's
 * ids and a total.
 */
function searchMemory(db: Db, caches: CatalogueCaches | undefined, entries: number) {
  const pages = entries > 0 ? caches?.cache<FoundPage>(entries) : undefined;
  return (pricesRead: boolean): RememberPage | undefined => {
    if (!pages) return undefined;
    return (key, read) =>
      pages.get(key, async () => {
        // Read before the page: a price that changes while it is read ends its stay at once.
        const expiresAt = pricesRead ? await nextPriceChange(db) : null;
        return { value: await read(), expiresAt };
      });
  };
}

/**
 * A query's search as productSearch reads it against the vocabulary, kept with the search pages
 * (the vocabulary changes only with the catalogue), so a kept page costs no statement of its own.
 */
function queryMemory(caches: CatalogueCaches | undefined, entries: number): SearchFor {
  const queries = entries > 0 ? caches?.cache<{ search: ProductSearch | undefined }>(entries) : undefined;
  if (!queries) return productSearch;
  return async (db, q) =>
    (await queries.get(q, async () => ({ value: { search: await productSearch(db, q) }, expiresAt: null })))
      .search;
}

type ListPage = { data: ProductListItem[]; meta: Awaited<ReturnType<typeof pageWithTotal>>['meta'] };
/** A page as read, with the next moment any price in the catalogue changes by itself (ms). */
type ReadPage = ListPage & { priceEdge: number | null };

/**
 * A search's whole answer, priced, kept until the next catalogue write or price change: the
 * palette and the list ask the same few searches again and again as staff type and come back, and
 * a kept answer costs them no statement at all. Searches alone: the unsearched list's pages are
 * cheap already (page-starts.ts) and would crowd the searches out.
 */
function answerMemory(caches: CatalogueCaches | undefined, entries: number) {
  const answers = entries > 0 ? caches?.cache<ListPage>(entries) : undefined;
  return async (params: ProductListParams, read: () => Promise<ReadPage>): Promise<ListPage> => {
    if (!answers || !params.filter.q) return withoutEdge(await read());
    return answers.get(JSON.stringify(params), async () => {
      const page = await read();
      // The rows' prices change at the next edge of any discount's window; an empty page changes
      // with a price only when the filter or sort reads prices, and is then not kept at all.
      const expiresAt =
        page.data.length > 0 ? page.priceEdge : readsPrices(params.filter, params.sortBy) ? 0 : null;
      return { value: withoutEdge(page), expiresAt };
    });
  };
}

const withoutEdge = ({ data, meta }: ReadPage): ListPage => ({ data, meta });

/**
 * The next edge of any active discount's window after `at`, in ms, or null: a start, or an end
 * (the price changes the microsecond after it; ending the stay at the end itself is safe). Two
 * index scans (discounts_live_idx, discounts_ending_idx), read with the page it prices.
 */
const nextDiscountEdge = (at: Date) => sql<number | null>`(select (extract(epoch from least(
    (select min(d.starts_at) from discounts d where d.active and d.starts_at > ${at.toISOString()}::timestamptz),
    (select min(d.ends_at) from discounts d where d.active and d.ends_at >= ${at.toISOString()}::timestamptz)
  )) * 1000)::float8)`;

/** The staff products list (GET /api/products): a page of products with their prices, and the total. */
export function createProductList(db: Db, opts: { caches?: CatalogueCaches; searches?: number } = {}) {
  const rememberSearch = searchMemory(db, opts.caches, opts.searches ?? 0);
  const searchFor = queryMemory(opts.caches, opts.searches ?? 0);
  const remembered = answerMemory(opts.caches, opts.searches ?? 0);
  return (params: ProductListParams): Promise<ListPage> => remembered(params, () => readList(params));

  async function readList(params: ProductListParams): Promise<ReadPage> {
    const now = new Date();
    const { where, rank, window } = await productFilterQuery(
      db,
      params.filter,
      now,
      params.sortBy,
      searchFor,
    );
    // Remembered page starts hold for the whole list in its default order only.
    const pageStarts = !where && isNewestFirst(params);
    // Qualified by hand: inside a subquery drizzle's bare column names would bind to the inner table.
    const firstImage = sql<string | null>`(select pi.url from product_images pi
      where pi.product_id = "products"."id" order by pi.position, pi.id limit 1)`;
    const offset = (params.page - 1) * params.limit;
    let started: PageStart | null = null;
    // The total, the page and what prices it come from one statement (pageWithTotal).
    const read = (seek: boolean) =>
      pageWithTotal(
        db,
        {
          table: products,
          id: products.id,
          where,
          sortColumns: PRODUCT_SORT_COLUMNS,
          params: { page: params.page, limit: params.limit, sortBy: params.sortBy, order: params.order },
          rank: params.byRelevance ? rank : undefined,
          window: params.byRelevance ? window : undefined,
          matchesFirst: rank !== undefined,
          idsFirst: true,
          remember: params.filter.q ? rememberSearch(readsPrices(params.filter, params.sortBy)) : undefined,
        },
        (scope) => {
          started = seek && pageStarts ? startBefore(db, scope.offset) : null;
          // The page's ids come from the (created_at, id) index alone (PageScope.ids), from a
          // remembered start when there is one (page-starts.ts); only those rows are joined to
          // their brand, category, first image and discounts.
          const ids = started
            ? db
                .select({ id: products.id })
                .from(products)
                .where(
                  sql`(${products.created_at}, ${products.id}) <= (${started.createdAt}::timestamptz, ${started.id})`,
                )
                .orderBy(...scope.order)
                .limit(scope.limit)
                .offset(scope.offset - started.offset)
            : scope.ids();
          return scope.db
            .select({
              ...baseColumns,
              mrp_max: products.mrp_max,
              image: firstImage,
              pricing: productPricing('products', 'categories', now),
              total: scope.total,
              // For the whole list newest first, the row's sort key and the list's version,
              // exactly as this statement saw them (page-starts.ts); other lists have no use
              // for either.
              sortKey: pageStarts ? sql<string>`${products.created_at}::text` : sql<null>`null`,
              // For a search, whose answer is kept (answerMemory), how long its prices hold.
              priceEdge: params.filter.q ? nextDiscountEdge(now) : sql<null>`null`,
              version: pageStarts
                ? sql<string>`(select ${tableCounts.version}::text from ${tableCounts}
                    where ${tableCounts.table_name} = 'products')`
                : sql<null>`null`,
            })
            .from(products)
            .leftJoin(brands, eq(brands.id, products.brand_id))
            .leftJoin(categories, eq(categories.id, products.category_id))
            .where(inArray(products.id, ids))
            .orderBy(...scope.order);
        },
      );
    let { rows, meta } = await read(true);
    const start = started as PageStart | null;
    // A start from another version of the list may have given the wrong rows, or none.
    if (start && rows[0]?.version !== start.version) ({ rows, meta } = await read(false));
    const top = rows[0];
    if (top?.version != null && top.sortKey != null)
      rememberPage(db, top.version, { offset, createdAt: top.sortKey, id: top.id });
    const data: ProductListItem[] = rows.map((r) => {
      const { price } = priceByColumn({ id: r.id, mrp: r.mrp, brand_id: r.brand_id }, r.pricing, now);
      return {
        id: r.id,
        slug: r.slug,
        name: r.name,
        description: r.description,
        image: thumbnailUrl(r.image),
        brand: r.brand,
        category: r.category,
        price: { mrp: price.mrp, final: price.final },
        best_discount: price.best ? { type: price.best.type, value: price.best.value } : null,
        status: r.status as ProductStatus,
        price_range: { min: price.mrp, max: r.mrp_max === null ? price.mrp : fromCents(toCents(r.mrp_max)) },
      };
    });
    const edge = rows[0]?.priceEdge;
    return { data, meta, priceEdge: edge == null ? null : Number(edge) };
  }
}
