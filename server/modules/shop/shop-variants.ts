import { sql } from 'drizzle-orm';
import { customerPrice } from '#domain/customer-pricing';
import { thumbnailUrl } from '#domain/images';
import type { DiscountType } from '#domain/pricing';
import type { Db } from '../../db/client';
import { type PricingJson, priceByColumn, productPricing, readPricing } from '../shared/pricing.sql';
import { optionsJson, type VariantJson, variantsJson } from '../shared/variants.sql';

/** A spec value a variant sets over the product's (its label compared case-insensitively). */
type VariantSpec = { label: string; value: string; unit: string };

/** One variant a visitor may choose: an active one, priced by the one rule. */
export type ShopVariant = {
  id: number;
  sku: string | null;
  /** Its value of each option, in the options' order. */
  values: string[];
  price: { mrp: number; final: number };
  best: { type: DiscountType; value: number } | null;
  /** Its gallery image's URL and thumbnail, or null for the product's first. */
  image: { url: string; thumb: string | null } | null;
  specs: VariantSpec[];
  /** Its quantity breaks, lowest first, each at what a visitor pays there (the break's price less the best live discount). */
  tiers: ShopTier[];
};

/** A quantity break as the product page shows it: "10+ $9.50 each". */
export type ShopTier = { min_quantity: number; price: number };

/** What the product page offers to choose: the options with their values, and the active variants. */
export type ShopVariants = {
  options: { name: string; values: string[] }[];
  variants: ShopVariant[];
};

type Row = VariantJson & {
  brand_id: number | null;
  pricing: PricingJson;
  /** Every variant's breaks: [variant_id, min_quantity, mrp]. */
  tiers: [number, number, string][];
};

/**
 * A product's options and active variants for the shop's product page, in one statement; each
 * variant priced by the one rule from its own price and the discounts aimed at the product (the
 * same candidates as the bundle's, so the page's freshness is the bundle's), with its quantity
 * breaks priced by the customer-pricing rule for a visitor (no price lists). A product without
 * options has no options and its one default variant.
 */
export async function readShopVariants(db: Pick<Db, 'execute'>, productId: number, now: Date) {
  const { rows } = await db.execute<Row>(sql`
    select ${optionsJson('p')} as options, ${variantsJson('p')} as variants, p.brand_id,
      ${productPricing('p', 'c', null)} as pricing,
      coalesce((select json_agg(json_build_array(t.variant_id, t.min_quantity, t.mrp::text)
          order by t.variant_id, t.min_quantity)
        from product_variants tv join variant_price_tiers t on t.variant_id = tv.id
        where tv.product_id = p.id), '[]'::json) as tiers
    from products p left join categories c on c.id = p.category_id
    where p.id = ${productId}`);
  const row = rows[0];
  if (!row) return { options: [], variants: [] } satisfies ShopVariants;
  const options = row.options.map((o) => ({ name: o.name, values: o.values.map((v) => v.value) }));
  const { category_ids, candidates } = readPricing(row.pricing);
  const tiersOf = new Map<number, { min_quantity: number; mrp: string }[]>();
  for (const [variantId, min_quantity, mrp] of row.tiers)
    tiersOf.set(variantId, [...(tiersOf.get(variantId) ?? []), { min_quantity, mrp }]);
  const variants: ShopVariant[] = row.variants
    .filter(([, , , status]) => status === 'active')
    .map(([id, sku, mrp, , image, , values, specs]) => {
      const { price } = priceByColumn({ id: productId, mrp, brand_id: row.brand_id }, row.pricing, now);
      const breaks = tiersOf.get(id) ?? [];
      const product = { id: productId, brand_id: row.brand_id, category_ids };
      return {
        id,
        sku,
        values: options.map((_, i) => values[i] ?? ''),
        price: { mrp: price.mrp, final: price.final },
        best: price.best ? { type: price.best.type, value: price.best.value } : null,
        image: image ? { url: image, thumb: thumbnailUrl(image) } : null,
        specs: Array.isArray(specs) ? specs.filter((s) => s && typeof s.label === 'string') : [],
        tiers: breaks.map((t) => ({
          min_quantity: t.min_quantity,
          price: customerPrice({ mrp, tiers: breaks }, product, candidates, [], t.min_quantity, now)
            .unit_price,
        })),
      };
    });
  return { options, variants } satisfies ShopVariants;
}
