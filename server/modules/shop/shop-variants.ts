import { sql } from 'drizzle-orm';
import { thumbnailUrl } from '#domain/images';
import type { DiscountType } from '#domain/pricing';
import type { Db } from '../../db/client';
import { type PricingJson, priceByColumn, productPricing } from '../shared/pricing.sql';
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
};

/** What the product page offers to choose: the options with their values, and the active variants. */
export type ShopVariants = {
  options: { name: string; values: string[] }[];
  variants: ShopVariant[];
};

type Row = VariantJson & { brand_id: number | null; pricing: PricingJson };

/**
 * A product's options and active variants for the shop's product page, in one statement; each
 * variant priced by the one rule from its own price and the discounts aimed at the product (the
 * same candidates as the bundle's, so the page's freshness is the bundle's). A product without
 * options has no options and its one default variant.
 */
export async function readShopVariants(db: Pick<Db, 'execute'>, productId: number, now: Date) {
  const { rows } = await db.execute<Row>(sql`
    select ${optionsJson('p')} as options, ${variantsJson('p')} as variants, p.brand_id,
      ${productPricing('p', 'c', null)} as pricing
    from products p left join categories c on c.id = p.category_id
    where p.id = ${productId}`);
  const row = rows[0];
  if (!row) return { options: [], variants: [] } satisfies ShopVariants;
  const options = row.options.map((o) => ({ name: o.name, values: o.values.map((v) => v.value) }));
  const variants: ShopVariant[] = row.variants
    .filter(([, , , status]) => status === 'active')
    .map(([id, sku, mrp, , image, , values, specs]) => {
      const { price } = priceByColumn({ id: productId, mrp, brand_id: row.brand_id }, row.pricing, now);
      return {
        id,
        sku,
        values: options.map((_, i) => values[i] ?? ''),
        price: { mrp: price.mrp, final: price.final },
        best: price.best ? { type: price.best.type, value: price.best.value } : null,
        image: image ? { url: image, thumb: thumbnailUrl(image) } : null,
        specs: Array.isArray(specs) ? specs.filter((s) => s && typeof s.label === 'string') : [],
      };
    });
  return { options, variants } satisfies ShopVariants;
}
