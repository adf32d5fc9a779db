import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { centsToDecimal, toCents } from '#domain/money';
import {
  type CreateProductBody,
  PRODUCT_MESSAGES,
  type ProductBase,
  type UpdateProductBody,
} from '#domain/products';
import { VARIANT_MESSAGES } from '#domain/variants';
import { type Rights, requireProductRights } from '../../auth/rights';
import type { CatalogueCaches } from '../../cache/catalogue-cache';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { productSearch } from '../../db/query/product-search';
import { limitInText } from '../../db/query/sql';
import { brands, categories, discounts, layoutBlocks, products } from '../../db/schema';
import { resolveSlug, withSlugConflict } from '../../db/slugs';
import { AppError, conflict, notFound } from '../../errors/app-error';
import { setEditorDiscount } from '../discounts';
import { moveToTrash } from '../shared/trash-move';
import { type BaseRow, selectBase, toBase } from './product-columns';
import { createProductList } from './product-list.service';
import { readLayout } from './section-layout';
import { withVariantSets } from './variant-read';

type Executor = Pick<Db, 'select' | 'execute'>;

export function createProductsService(db: Db, opts: { caches?: CatalogueCaches; searches?: number } = {}) {
  const list = createProductList(db, opts);
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
    const [full] = await withVariantSets(executor, [toBase(row as BaseRow)]);
    return full;
  }

  return {
    getBase,

    list,

    /** A new product's price needs no right of its own (it has to have one); publishing it does. */
    async create(input: CreateProductBody, rights: Rights) {
      requireProductRights(rights, { other: true, status: input.status !== 'draft' });
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
    async update(id: number, input: UpdateProductBody, rights: Rights) {
      return write(() =>
        db.transaction(async (tx) => {
          const [current] = await tx
            .select({ id: products.id, mrp: products.mrp, status: products.status })
            .from(products)
            .where(eq(products.id, id))
            .for('update');
          if (!current) throw notFound(PRODUCT_MESSAGES.productNotFound);
          // The form sends every field; only the ones it changes need their right.
          const [own] = await tx
            .select({ type: discounts.type, value: discounts.value })
            .from(discounts)
            .where(and(eq(discounts.product_id, id), eq(discounts.editor_owned, true)));
          const next = input.pricing.discount;
          const discountChanged =
            (own ? `${own.type}:${toCents(own.value)}` : null) !==
            (next ? `${next.type}:${toCents(next.value)}` : null);
          const status = input.status ?? current.status;
          const mrpChanged = toCents(current.mrp) !== toCents(input.pricing.mrp);
          if (mrpChanged) {
            const { rows: options } = await tx.execute(
              sql`select 1 from product_options where product_id = ${id} limit 1`,
            );
            // With options the product's price is its variants' lowest (the triggers write it).
            if (options.length > 0)
              throw conflict(VARIANT_MESSAGES.priceIsVariants, { mrp: VARIANT_MESSAGES.priceIsVariants });
          }
          requireProductRights(rights, {
            other: true,
            price: mrpChanged || discountChanged,
            status: current.status !== status,
          });
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
              status,
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

    /**
     * Products by name for pickers; visitors' lists name published products only. A query is the
     * product search's (productSearch; in a translated `locale`, its words in that language too),
     * best matches first, then by name.
     */
    async options(opts: { q: string; limit: number; publishedOnly: boolean; locale?: string }) {
      const search = await productSearch(db, opts.q, { locale: opts.locale });
      return db
        .select({ id: products.id, name: products.name, slug: products.slug })
        .from(products)
        .where(and(search?.where, opts.publishedOnly ? eq(products.status, 'published') : undefined))
        .orderBy(...(search ? [desc(search.rank)] : []), asc(sql`lower(${products.name})`), asc(products.id))
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
