import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { thumbnailUrl } from '#domain/images';
import { centsToDecimal, fromCents, toCents } from '#domain/money';
import type { ProductListParams } from '#domain/product-list';
import {
  type CreateProductBody,
  PRODUCT_MESSAGES,
  type ProductBase,
  type ProductListItem,
  type ProductStatus,
  type UpdateProductBody,
} from '#domain/products';
import type { CatalogueCaches } from '../../cache/catalogue-cache';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { type FoundPage, pageWithTotal, type RememberPage } from '../../db/query/counting';
import { type PageStart, rememberPage, startBefore } from '../../db/query/page-starts';
import { escapeLike, limitInText } from '../../db/query/sql';
import { brands, categories, layoutBlocks, products, tableCounts } from '../../db/schema';
import { resolveSlug, withSlugConflict } from '../../db/slugs';
import { AppError, conflict, notFound } from '../../errors/app-error';
import { setEditorDiscount } from '../discounts/discounts.service';
import { priceByColumn, productPricing } from '../shared/pricing.sql';
import { moveToTrash } from '../shared/trash-move';
import { nextPriceChange, PRODUCT_SORT_COLUMNS, productFilterQuery, readsPrices } from './product-filter';
import { readLayout } from './section-layout';

type Executor = Pick<Db, 'select' | 'execute'>;

const baseColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  sku: products.sku,
  description: products.description,
  brand_id: products.brand_id,
  category_id: products.category_id,
  mrp: products.mrp,
  status: products.status,
  brand: brands.name,
  category: categories.name,
};

type BaseRow = { [K in keyof typeof baseColumns]: (typeof baseColumns)[K]['_']['data'] | null } & {
  id: number;
  name: string;
  slug: string;
  mrp: string;
  status: string;
};

const toBase = (r: BaseRow): ProductBase => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  sku: r.sku,
  brand: r.brand,
  category: r.category,
  description: r.description,
  brand_id: r.brand_id,
  category_id: r.category_id,
  mrp: fromCents(toCents(r.mrp)),
  status: r.status as ProductStatus,
});

/**
 * The default order of the products list, newest first, whose deep pages seek along its
 * (created_at, id) index from a remembered start (page-starts.ts) when nothing filters it.
 */
const isNewestFirst = (params: Pick<ProductListParams, 'sortBy' | 'order'>) =>
  params.sortBy === 'created_at' && params.order === 'desc';

/** Reads join brand and category names; writes to those tables go through their own modules. */
const selectBase = (db: Executor) =>
  db
    .select(baseColumns)
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brand_id))
    .leftJoin(categories, eq(categories.id, products.category_id));

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

export function createProductsService(db: Db, opts: { caches?: CatalogueCaches; searches?: number } = {}) {
  const rememberSearch = searchMemory(db, opts.caches, opts.searches ?? 0);
  /** The referenced brand and category must exist: a clear 404 beats a foreign-key 500. */
  async function checkReferences(
    tx: Executor,
    input: { brand_id?: number | null; category_id?: number | null },
  ) {
    if (input.brand_id) {
      const [b] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand_id));
      if (!b)
        throw new AppError(404, PRODUCT_MESSAGES.brandNotFound, { brand_id: PRODUCT_MESSAGES.brandNotFound });
    }
    if (input.category_id) {
      const [c] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.id, input.category_id));
      if (!c)
        throw new AppError(404, PRODUCT_MESSAGES.categoryNotFound, {
          category_id: PRODUCT_MESSAGES.categoryNotFound,
        });
    }
  }

  /** Product slugs are always generated, so a slug collision retries; a SKU collision is a 409. */
  async function write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await withSlugConflict('products_slug_key', work, { generated: true });
    } catch (err) {
      if (isUniqueViolation(err, 'products_sku_key'))
        throw conflict(PRODUCT_MESSAGES.skuTaken, { sku: PRODUCT_MESSAGES.skuTaken });
      throw err;
    }
  }

  async function getBase(id: number, executor: Executor = db): Promise<ProductBase> {
    const [row] = await selectBase(executor).where(eq(products.id, id));
    if (!row) throw notFound(PRODUCT_MESSAGES.productNotFound);
    return toBase(row as BaseRow);
  }

  return {
    getBase,

    async list(params: ProductListParams) {
      const now = new Date();
      const { where, rank, window } = await productFilterQuery(db, params.filter, now, params.sortBy);
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
                image: firstImage,
                pricing: productPricing('products', 'categories', now),
                total: scope.total,
                // For the whole list newest first, the row's sort key and the list's version,
                // exactly as this statement saw them (page-starts.ts); other lists have no use
                // for either.
                sortKey: pageStarts ? sql<string>`${products.created_at}::text` : sql<null>`null`,
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
        };
      });
      return { data, meta };
    },

    async create(input: CreateProductBody) {
      return write(() =>
        db.transaction(async (tx) => {
          await checkReferences(tx, input);
          const slug = await resolveSlug(tx, 'products', {
            slug: null,
            name: input.name,
            fallback: 'product',
          });
          const [row] = await tx
            .insert(products)
            .values({
              name: input.name,
              slug,
              sku: input.sku,
              description: input.description,
              brand_id: input.brand_id ?? null,
              category_id: input.category_id ?? null,
              mrp: centsToDecimal(toCents(input.mrp)),
              status: input.status,
            })
            .returning({ id: products.id });
          // Every product starts with its basic and images blocks; sections are appended after them.
          await tx.insert(layoutBlocks).values([
            { product_id: row.id, block_type: 'basic', position: 0 },
            { product_id: row.id, block_type: 'images', position: 1 },
          ]);
          return getBase(row.id, tx);
        }),
      );
    },

    /** Saves the Basic and Price card: fields, MRP and the editor's own discount, together. */
    async update(id: number, input: UpdateProductBody) {
      return write(() =>
        db.transaction(async (tx) => {
          const [current] = await tx
            .select({ id: products.id })
            .from(products)
            .where(eq(products.id, id))
            .for('update');
          if (!current) throw notFound(PRODUCT_MESSAGES.productNotFound);
          await checkReferences(tx, input);
          await tx
            .update(products)
            .set({
              name: input.name,
              sku: input.sku,
              description: input.description,
              brand_id: input.brand_id ?? null,
              category_id: input.category_id ?? null,
              mrp: centsToDecimal(toCents(input.pricing.mrp)),
              status: input.status,
              updated_at: sql`now()`,
            })
            .where(eq(products.id, id));
          await setEditorDiscount(tx, { id, name: input.name }, input.pricing.discount);
          return getBase(id, tx);
        }),
      );
    },

    /** Moves the product with its sections, blocks, images and discounts to the trash, in one go. */
    async remove(id: number) {
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, id))
          .for('update');
        if (!current) throw notFound(PRODUCT_MESSAGES.productNotFound);
        await moveToTrash(tx, 'product', id);
      });
    },

    /** Products by name for pickers; visitors' lists name published products only. */
    async options(opts: { q: string; limit: number; publishedOnly: boolean }) {
      return db
        .select({ id: products.id, name: products.name, slug: products.slug })
        .from(products)
        .where(
          and(
            opts.q ? ilike(products.name, `%${escapeLike(opts.q)}%`) : undefined,
            opts.publishedOnly ? eq(products.status, 'published') : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
        .limit(limitInText(opts.limit));
    },

    /** Layout blocks in order (GET /api/products/{id}/layout). */
    async layout(id: number) {
      await getBase(id);
      return readLayout(db, id);
    },
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
