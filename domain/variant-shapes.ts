import { z } from 'zod';

/**
 * The read shapes of options and variants, apart from domain/variants.ts: the product bundle's
 * schema (domain/products.ts) carries them, and variants.ts reads products.ts's amount and SKU
 * rules, so either file importing the other for these would be a cycle.
 */
export const VARIANT_STATUSES = ['active', 'discontinued'] as const;
export type VariantStatus = (typeof VARIANT_STATUSES)[number];

export const optionSchema = z.object({
  id: z.number(),
  name: z.string(),
  values: z.array(z.object({ id: z.number(), value: z.string() })),
});
export type ProductOption = z.infer<typeof optionSchema>;

export const variantSchema = z.object({
  id: z.number(),
  sku: z.string().nullable(),
  /** The values joined, as "M / Zinc"; empty for a product's default variant. */
  title: z.string(),
  options: z.record(z.string(), z.string()),
  mrp: z.number(),
  price: z.object({ mrp: z.number(), final: z.number() }),
  status: z.enum(VARIANT_STATUSES),
  image: z.string().nullable(),
  position: z.number(),
});
export type Variant = z.infer<typeof variantSchema>;

/** The lowest and highest active variant price, where they differ (else the product has one price). */
export const priceRangeSchema = z.object({ min: z.number(), max: z.number() });
