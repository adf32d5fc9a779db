import { z } from 'zod';
import { MAX_PRICE_CENTS, PAGING, TEXT_LIMITS } from './constants';
import { oneLine, optionalId, optionalText, orderBody, requiredText } from './fields';
import { IMAGE_ALT_MAX_LENGTH, IMAGE_ORDER_MAX } from './images';
import { CONFIRM, VALIDATION } from './messages';
import { toCents } from './money';
import { listMeta, queryInt, searchText } from './paging';
import { DISCOUNT_TYPES, PERCENT_MAX } from './pricing';
import { blockSchema, listSchema, specGroupSchema, tableSchema } from './sections';
import { SLUG_MAX_LENGTH } from './slug';
import { localeQuery } from './translations';
import { optionSchema, priceRangeSchema, variantSchema } from './variant-shapes';

/** The product toasts, fallbacks and confirmation. */
export const PRODUCT_TOAST = {
  imagesUploaded: 'Images uploaded',
  saved: 'Saved',
  listAdded: 'List added',
  specsAdded: 'Specs added',
  tableAdded: 'Table added',
  listSaved: 'List saved',
  specsSaved: 'Specs saved',
  tableSaved: 'Table saved',
  sectionRemoved: 'Section removed',
  productDeleted: 'Product deleted',
  productCreated: 'Product created',
} as const;

export const PRODUCT_FALLBACK = {
  loadProduct: 'Failed to load product',
  upload: 'Upload failed',
  delete: 'Delete failed',
  save: 'Save failed',
  reorder: 'Reorder failed',
  create: 'Create failed',
  remove: 'Remove failed',
  update: 'Update failed',
  loadProducts: 'Failed to load products',
  creation: 'Creation failed',
} as const;

export const PRODUCT_CONFIRM = {
  deleteTitle: 'Delete product?',
  deleteText: CONFIRM.deleteProduct,
  deleteImageTitle: 'Delete image?',
  deleteImageText: CONFIRM.deleteImage,
} as const;

/** The gallery's words for arranging images, alt text, files a batch refused. */
export const GALLERY_TEXT = {
  primary: 'Primary',
  dropHint: 'Drop images here to upload them, or choose them below',
  dropActive: 'Drop to upload',
  altSaved: 'Alt text saved',
  altLabel: 'Alt text',
  altDescription: 'What the image shows, for people who cannot see it. The shop uses it.',
  refusedTitle: 'Some files were not uploaded',
  imageName: (n: number) => `image ${n}`,
  moved: (n: number, to: number, total: number) => `Image ${n} moved to position ${to} of ${total}.`,
  madePrimary: (n: number) => `Image ${n} is now the primary image.`,
} as const;

export const PRODUCT_MESSAGES = {
  mrpInvalid: 'MRP must be an amount of at least 0 with at most two decimals',
  discountInvalid: 'Discount must be a number of at least 0 with at most two decimals',
  percentTooHigh: 'A percent discount cannot be more than 100',
  skuTaken: 'A product with this SKU already exists',
  productNotFound: 'Product not found',
  brandNotFound: 'Brand not found',
  categoryNotFound: 'Category not found',
  sectionNotFound: 'Section not found',
  imageNotFound: 'Image not found',
  alreadyFirst: 'This section is already first',
  alreadyLast: 'This section is already last',
  noImages: 'Choose at least one image',
  imageOrderDuplicate: 'Each image can appear only once in the order',
  imageOrderIncomplete: 'The order must list every image of the product exactly once',
  altRequired: 'Alt text is required',
} as const;

/** A draft is seen by staff only; public routes and the shop serve published products. */
export const PRODUCT_STATUSES = ['draft', 'published'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
/**
 * What a product is when a create call names no status: clients that predate drafts publish. An
 * update that names none keeps the product's status.
 */
export const DEFAULT_PRODUCT_STATUS: ProductStatus = 'published';
export const PRODUCT_STATUS_TEXT = {
  draft: 'Draft',
  published: 'Published',
  invalid: `Status must be one of: ${PRODUCT_STATUSES.join(', ')}`,
  draftBanner: 'Draft: visitors cannot see this product',
  publishNow: 'Publish now',
  publishNowHint: 'Left off, the product is saved as a draft that only staff can see',
  viewInShop: 'View in shop',
  viewInShopDraft: 'Publish the product to see it in the shop',
  /** A draft takes no quote request: the public form refuses it as it refuses an unknown product. */
  quoteDraft: 'Publish the product to take quote requests for it',
  publish: 'Publish',
  unpublish: 'Unpublish',
  publishedToast: 'Product published',
  unpublishedToast: 'Product moved to drafts',
} as const;

const statusField = z.enum(PRODUCT_STATUSES, { error: PRODUCT_STATUS_TEXT.invalid });
const status = statusField.default(DEFAULT_PRODUCT_STATUS);

/** An amount from JSON or a form: at least 0, two decimals at most, within NUMERIC(12,2). */
export const amount = (message: string) =>
  z.union([z.number(), z.string().trim()], { error: message }).transform((v, ctx) => {
    try {
      const cents = toCents(v);
      if (cents < 0 || cents > MAX_PRICE_CENTS) throw new Error('out of range');
      return cents / 100;
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  });

/** The longest SKU; exported so the product forms stop typing where the server would refuse. */
export const SKU_MAX_LENGTH = 64;

const sku = z
  .string({ error: 'SKU must be text' })
  .trim()
  .max(SKU_MAX_LENGTH, { error: VALIDATION.tooLong('SKU', SKU_MAX_LENGTH) })
  .nullish()
  .transform((v) => (v ? v : null));

export const createProductBody = z.strictObject({
  name: oneLine(requiredText(VALIDATION.nameRequired, 'Name', TEXT_LIMITS.name), 'Name'),
  sku,
  brand_id: optionalId('Brand'),
  category_id: optionalId('Category'),
  description: optionalText('Description', TEXT_LIMITS.description),
  mrp: amount(PRODUCT_MESSAGES.mrpInvalid).default(0),
  status,
});
export type CreateProductBody = z.output<typeof createProductBody>;

/** Pricing carries the MRP and at most one of the editor's own discounts. */
export const pricingSchema = z
  .strictObject({
    mrp: amount(PRODUCT_MESSAGES.mrpInvalid),
    discountPercent: amount(PRODUCT_MESSAGES.discountInvalid).nullish(),
    discountAmount: amount(PRODUCT_MESSAGES.discountInvalid).nullish(),
  })
  .refine((p) => !p.discountPercent || p.discountPercent <= PERCENT_MAX, {
    error: PRODUCT_MESSAGES.percentTooHigh,
    path: ['discountPercent'],
  })
  .transform((p) => ({
    mrp: p.mrp,
    // A discount is sent only if greater than 0: zero means none.
    discount: p.discountPercent
      ? { type: 'percent' as const, value: p.discountPercent }
      : p.discountAmount
        ? { type: 'amount' as const, value: p.discountAmount }
        : null,
  }));

export const updateProductBody = z.strictObject({
  name: oneLine(requiredText(VALIDATION.nameRequired, 'Name', TEXT_LIMITS.name), 'Name'),
  sku,
  brand_id: optionalId('Brand'),
  category_id: optionalId('Category'),
  description: optionalText('Description', TEXT_LIMITS.description),
  pricing: pricingSchema,
  /** Left out, the product keeps its status: editing a draft never publishes it. */
  status: statusField.optional(),
});
export type UpdateProductBody = z.output<typeof updateProductBody>;

const bestDiscountSchema = z.object({
  id: z.number(),
  type: z.enum(DISCOUNT_TYPES),
  value: z.number(),
  save_amount: z.number(),
});

export const productListItemSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The primary image's thumbnail URL, already derived: screens show it as it is. */
  image: z.string().nullable(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  price: z.object({ mrp: z.number(), final: z.number() }),
  best_discount: z.object({ type: z.enum(DISCOUNT_TYPES), value: z.number() }).nullable(),
  status: z.enum(PRODUCT_STATUSES),
  /** Its variants' lowest and highest MRP (equal where they do not differ): lists say "from". */
  price_range: z.object({ min: z.number(), max: z.number() }),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;
export const productListResponse = z.object({ data: z.array(productListItemSchema), meta: listMeta });

export const productBaseSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  sku: z.string().nullable(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  description: z.string().nullable(),
  brand_id: z.number().nullable(),
  category_id: z.number().nullable(),
  mrp: z.number(),
  status: z.enum(PRODUCT_STATUSES),
  /** The product's options and variants (docs/decisions/0029-product-variants.md). */
  options: z.array(optionSchema).optional(),
  variants: z.array(variantSchema).optional(),
  /** Lowest and highest active variant price where they differ; null with one price. */
  price_range: priceRangeSchema.nullable().optional(),
});
export type ProductBase = z.infer<typeof productBaseSchema>;

export const productImageSchema = z.object({ id: z.number(), url: z.string(), alt: z.string().nullable() });
export type ProductImage = z.infer<typeof productImageSchema>;

/** PUT /api/products/{id}/images/order: the gallery's new order; the first image is the primary one. */
export const imageOrderBody = orderBody('Image', IMAGE_ORDER_MAX, {
  duplicate: PRODUCT_MESSAGES.imageOrderDuplicate,
  incomplete: PRODUCT_MESSAGES.imageOrderIncomplete,
});

/** PATCH /api/products/{id}/images/{imageId}: what a screen reader says for the image. */
export const imageAltBody = z.strictObject({
  alt: requiredText(PRODUCT_MESSAGES.altRequired, 'Alt text', IMAGE_ALT_MAX_LENGTH),
});

/** A file of a batch upload the server refused, and why (the message an upload of it alone gets). */
export const refusedFileSchema = z.object({ file: z.string(), error: z.string() });
export type RefusedFile = z.infer<typeof refusedFileSchema>;

/**
 * POST /api/products/{id}/images/batch: the gallery after the upload, and the files that were
 * refused while the others were stored (ADR 0012). A batch with nothing refused has no `refused`.
 */
export const imageBatchResponse = z.object({
  data: z.array(productImageSchema),
  refused: z.array(refusedFileSchema).optional(),
});
export type ImageBatchResponse = z.infer<typeof imageBatchResponse>;

/** The product bundle, plus the editor's own discount so the edit form can prefill. */
export const productBundleSchema = z.object({
  base: productBaseSchema,
  price: z.object({ mrp: z.number(), final: z.number() }),
  discounts: z.object({
    best: bestDiscountSchema.nullable(),
    own: z.object({ type: z.enum(DISCOUNT_TYPES), value: z.number() }).nullable(),
  }),
  images: z.array(productImageSchema),
  lists: z.array(listSchema),
  specGroups: z.array(specGroupSchema),
  tables: z.array(tableSchema),
  layout: z.object({ blocks: z.array(blockSchema) }),
  options: z.array(optionSchema),
  variants: z.array(variantSchema),
  price_range: priceRangeSchema.nullable(),
});
export type ProductBundle = z.infer<typeof productBundleSchema>;

export const publicProductsQuery = z.strictObject({
  q: searchText,
  ...localeQuery,
  limit: queryInt('limit', 1, PAGING.optionsMaxLimit).optional(),
});
export const publicProductsResponse = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string(), slug: z.string() })),
});

export const slugParam = z.object({ slug: z.string().min(1).max(SLUG_MAX_LENGTH) });
