import { eq } from 'drizzle-orm';
import { fromCents, toCents } from '#domain/money';
import type { ProductBase, ProductStatus } from '#domain/products';
import type { Db } from '../../db/client';
import { brands, categories, products } from '../../db/schema';

/** The product's own columns with its brand's and category's names: what a list row and the editor read. */
type Executor = Pick<Db, 'select' | 'execute'>;

export const baseColumns = {
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

export type BaseRow = { [K in keyof typeof baseColumns]: (typeof baseColumns)[K]['_']['data'] | null } & {
  id: number;
  name: string;
  slug: string;
  mrp: string;
  status: string;
};

export const toBase = (r: BaseRow): ProductBase => ({
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

/** Reads join brand and category names; writes to those tables go through their own modules. */
export const selectBase = (db: Executor) =>
  db
    .select(baseColumns)
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brand_id))
    .leftJoin(categories, eq(categories.id, products.category_id));
