import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { centsToDecimal, toCents } from '../../../domain/money';
import { type Price, type PricingDiscount, type PricingProduct, priceProduct } from '../../../domain/pricing';
import type { Db } from '../../db/client';
import { discounts } from '../../db/schema';
import { ancestorIds } from '../categories/categories.service';

type Executor = Pick<Db, 'select' | 'execute'>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A product as stored, for pricing: ids and MRP. */
export type PriceableProduct = {
  id: number;
  mrp: string;
  brand_id: number | null;
  category_id: number | null;
};

/**
 * Prices products with the one domain rule: loads, in a fixed number of queries whatever the
 * page size, every live discount that could apply to any of them (their own, their categories and
 * ancestors, their brands), then lets domain/pricing pick the best for each.
 */
export async function priceProducts(
  db: Executor,
  items: PriceableProduct[],
  now = new Date(),
): Promise<Map<number, Price>> {
  const prices = new Map<number, Price>();
  if (items.length === 0) return prices;
  const ancestors = await ancestorIds(
    db,
    items.flatMap((p) => (p.category_id ? [p.category_id] : [])),
  );
  const productIds = items.map((p) => p.id);
  const categoryIds = [...new Set([...ancestors.values()].flat())];
  const brandIds = [...new Set(items.flatMap((p) => (p.brand_id ? [p.brand_id] : [])))];
  const scopes = [
    and(eq(discounts.applies_to, 'product'), inArray(discounts.product_id, productIds)),
    categoryIds.length
      ? and(eq(discounts.applies_to, 'category'), inArray(discounts.category_id, categoryIds))
      : undefined,
    brandIds.length
      ? and(eq(discounts.applies_to, 'brand'), inArray(discounts.brand_id, brandIds))
      : undefined,
  ].filter(Boolean);
  const candidates: PricingDiscount[] = await db
    .select({
      id: discounts.id,
      type: discounts.type,
      value: discounts.value,
      applies_to: discounts.applies_to,
      product_id: discounts.product_id,
      category_id: discounts.category_id,
      brand_id: discounts.brand_id,
      starts_at: discounts.starts_at,
      ends_at: discounts.ends_at,
      active: discounts.active,
    })
    .from(discounts)
    .where(
      and(
        eq(discounts.active, true),
        sql`(${discounts.starts_at} is null or ${discounts.starts_at} <= ${now.toISOString()})`,
        sql`(${discounts.ends_at} is null or ${discounts.ends_at} >= ${now.toISOString()})`,
        or(...scopes),
      ),
    );
  for (const item of items) {
    const product: PricingProduct = {
      id: item.id,
      mrp: item.mrp,
      brand_id: item.brand_id,
      category_ids: item.category_id ? (ancestors.get(item.category_id) ?? [item.category_id]) : [],
    };
    prices.set(item.id, priceProduct(product, candidates, now));
  }
  return prices;
}

/** The product editor's own discount, or null. */
export async function editorDiscount(db: Pick<Db, 'select'>, productId: number) {
  const [row] = await db
    .select({ type: discounts.type, value: discounts.value })
    .from(discounts)
    .where(and(eq(discounts.product_id, productId), eq(discounts.editor_owned, true)));
  return row ? { type: row.type, value: toCents(row.value) / 100 } : null;
}

/**
 * Replaces the product editor's own discount (DESIGN.md §4): saving without one removes it;
 * discounts made on the Discounts screen are left alone.
 */
export async function setEditorDiscount(
  tx: Tx,
  product: { id: number; name: string },
  discount: { type: 'percent' | 'amount'; value: number } | null,
) {
  await tx
    .delete(discounts)
    .where(and(eq(discounts.product_id, product.id), eq(discounts.editor_owned, true)));
  if (!discount) return;
  await tx.insert(discounts).values({
    name: `${product.name} (product price)`,
    type: discount.type,
    value: centsToDecimal(toCents(discount.value)),
    applies_to: 'product',
    product_id: product.id,
    active: true,
    editor_owned: true,
  });
}
