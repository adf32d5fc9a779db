import { sql } from 'drizzle-orm';
import { fromCents, toCents } from '#domain/money';
import type { ProductBase } from '#domain/products';
import { optionsRecord, type ProductOption, type Variant } from '#domain/variants';
import type { Db } from '../../db/client';
import { type PricingJson, priceByColumn, productPricing } from '../shared/pricing.sql';
import { intArray } from '../shared/trash-move';
import { optionsJson, optionsOf, type VariantJson, variantsJson } from '../shared/variants.sql';

type Priced = (mrp: string) => { mrp: number; final: number };

/** A variant's `{ "Size": "M" }` and "M / Zinc" from its values by position. */
function named(options: ProductOption[], values: (string | null)[]) {
  const pairs = optionsOf(options, values);
  return { options: optionsRecord(pairs), title: pairs.map((o) => o.value).join(' / ') };
}

/**
 * The API's options, variants and price range of one product; `price` applies the product's best
 * live discount to a variant's own price, as the product's final price is computed.
 */
export function toVariantSet(
  json: VariantJson,
  product: { mrp: string; mrp_max: string | null },
  price: Priced,
): Required<Pick<ProductBase, 'options' | 'variants' | 'price_range'>> {
  const variants: Variant[] = json.variants.map(([id, sku, mrp, status, image, position, values]) => ({
    id,
    sku,
    ...named(json.options, values),
    mrp: fromCents(toCents(mrp)),
    price: price(mrp),
    status,
    image,
    position,
  }));
  return {
    options: json.options,
    variants,
    price_range:
      product.mrp_max === null
        ? null
        : { min: fromCents(toCents(product.mrp)), max: fromCents(toCents(product.mrp_max)) },
  };
}

type SetRow = VariantJson & {
  id: number;
  mrp: string;
  mrp_max: string | null;
  brand_id: number | null;
  pricing: PricingJson;
};

/**
 * Options, variants and price range of many products in one statement (the editor's save, the
 * webhooks' product payloads, the variants list), each variant priced by the one pricing rule.
 */
export async function readVariantSets(
  db: Pick<Db, 'execute'>,
  ids: number[],
  now = new Date(),
): Promise<Map<number, ReturnType<typeof toVariantSet>>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.execute<SetRow>(sql`
    select p.id, p.mrp::text as mrp, p.mrp_max::text as mrp_max, p.brand_id,
      ${optionsJson('p')} as options, ${variantsJson('p')} as variants,
      ${productPricing('p', 'c', now)} as pricing
    from products p left join categories c on c.id = p.category_id
    where p.id = any(${intArray(ids)})`);
  return new Map(
    rows.map((r) => [
      r.id,
      toVariantSet(r, r, (mrp) => {
        const { price } = priceByColumn({ id: r.id, mrp, brand_id: r.brand_id }, r.pricing, now);
        return { mrp: price.mrp, final: price.final };
      }),
    ]),
  );
}

/** Products as the API answers them: each with its options, variants and price range. */
export async function withVariantSets<T extends { id: number }>(
  db: Pick<Db, 'execute'>,
  products: T[],
): Promise<(T & ReturnType<typeof toVariantSet>)[]> {
  const sets = await readVariantSets(
    db,
    products.map((p) => p.id),
  );
  return products.flatMap((p) => {
    const set = sets.get(p.id);
    return set ? [{ ...p, ...set }] : [];
  });
}
