import { z } from 'zod';
import { oneLine, optionalId, requiredText } from './fields';
import { VALIDATION } from './messages';
import { amount, SKU_MAX_LENGTH } from './products';
import {
  optionSchema,
  type ProductOption,
  VARIANT_STATUSES,
  type Variant,
  type VariantStatus,
  variantSchema,
} from './variant-shapes';

/** What a product's options may hold (docs/decisions/0029-product-variants.md). */
export const VARIANT_LIMITS = {
  /** Options per product: Size, Length, Finish. */
  options: 3,
  /** Values per option. */
  values: 100,
  optionName: 40,
  optionValue: 60,
  /** Variants one generate may add: beyond it the seller is better served by fewer values. */
  generate: 1000,
} as const;

export {
  optionSchema,
  type ProductOption,
  VARIANT_STATUSES,
  type Variant,
  type VariantStatus,
  variantSchema,
};

export const VARIANT_MESSAGES = {
  optionNameRequired: 'Option name is required',
  optionValueRequired: 'Option value is required',
  tooManyOptions: `A product has at most ${VARIANT_LIMITS.options} options`,
  tooManyValues: `An option has at most ${VARIANT_LIMITS.values} values`,
  optionNameTaken: 'This product already has an option with this name',
  valueRepeated: 'Each value of an option must differ from the others',
  optionNotFound: 'Option not found',
  variantNotFound: 'Variant not found',
  unknownOption: (name: string) => `This product has no option "${name}"`,
  unknownValue: (name: string, value: string) => `"${value}" is not a value of ${name}`,
  missingOption: (name: string) => `Choose a value of ${name}`,
  combinationTaken: 'A variant with these options already exists',
  skuRequired: 'SKU is required',
  skuTaken: 'A product or variant with this SKU already exists',
  mrpInvalid: 'MRP must be an amount of at least 0 with at most two decimals',
  statusInvalid: 'Status must be active or discontinued',
  lastVariant: 'A product keeps at least one variant',
  valueInUse: (value: string) => `"${value}" is used by a variant: delete or change that variant first`,
  optionsSplit: 'Removing this option would leave two variants with the same options',
  imageNotInGallery: "The image must be one of this product's gallery",
  variantRequired: "Choose one of this product's variants",
  variantOfAnotherProduct: 'This variant belongs to another product',
  variantDiscontinued: 'This variant is no longer available',
  tooManyToGenerate: `Generate adds at most ${VARIANT_LIMITS.generate} variants at a time`,
  priceIsVariants: "This product's price is its variants': change their prices in Options and variants",
  lastOptionInUse: 'Delete the other variants first: without options a product has one variant',
} as const;

const optionName = oneLine(
  requiredText(VARIANT_MESSAGES.optionNameRequired, 'Option name', VARIANT_LIMITS.optionName),
  'Option name',
);
const optionValue = oneLine(
  requiredText(VARIANT_MESSAGES.optionValueRequired, 'Option value', VARIANT_LIMITS.optionValue),
  'Option value',
);
const optionValues = z
  .array(optionValue, { error: 'Values must be a list' })
  .min(1, { error: VARIANT_MESSAGES.optionValueRequired })
  .max(VARIANT_LIMITS.values, { error: VARIANT_MESSAGES.tooManyValues })
  .refine((values) => new Set(values.map((v) => v.toLowerCase())).size === values.length, {
    error: VARIANT_MESSAGES.valueRepeated,
  });

/** POST /api/products/{id}/options. */
export const createOptionBody = z.strictObject({ name: optionName, values: optionValues });
/** PATCH /api/products/{id}/options/{optionId}: values are the whole ordered list; kept texts keep their ids. */
export const updateOptionBody = z.strictObject({
  name: optionName.optional(),
  values: optionValues.optional(),
});

const variantSku = z
  .string({ error: VARIANT_MESSAGES.skuRequired })
  .trim()
  .min(1, { error: VARIANT_MESSAGES.skuRequired })
  .max(SKU_MAX_LENGTH, { error: VALIDATION.tooLong('SKU', SKU_MAX_LENGTH) });

/** A variant's values by option name: `{ "Size": "M", "Finish": "Zinc" }`. */
const variantOptionsInput = z.record(z.string(), z.string({ error: 'Option values must be text' }));

/** POST /api/products/{id}/variants. */
export const createVariantBody = z.strictObject({
  sku: variantSku,
  options: variantOptionsInput,
  mrp: amount(VARIANT_MESSAGES.mrpInvalid),
});
/** PATCH /api/variants/{id}. */
export const updateVariantBody = z.strictObject({
  sku: variantSku.optional(),
  mrp: amount(VARIANT_MESSAGES.mrpInvalid).optional(),
  status: z.enum(VARIANT_STATUSES, { error: VARIANT_MESSAGES.statusInvalid }).optional(),
  image_id: optionalId('Image'),
  position: z.number().int().min(0).max(10_000).optional(),
});

export const variantListResponse = z.object({ data: z.array(variantSchema) });

/** A line's options as stored: in the options' order. */
export type LineOptions = { name: string; value: string }[];

/** "Size: M, Finish: Zinc": how a line prints its variant on screens, PDFs and e-mails. */
export const describeOptions = (options: LineOptions | null | undefined) =>
  (options ?? []).map((o) => `${o.name}: ${o.value}`).join(', ');

/** The API's `{ "Size": "M" }` for stored options (a JSON object keeps the options' order). */
export const optionsRecord = (options: LineOptions | null | undefined): Record<string, string> =>
  Object.fromEntries((options ?? []).map((o) => [o.name, o.value]));

/** The API's `{ "Size": "M" }` back as a stored list, in the object's order, to store or print again. */
export const optionsList = (options: Record<string, string> | null | undefined): LineOptions =>
  Object.entries(options ?? {}).map(([name, value]) => ({ name, value }));
