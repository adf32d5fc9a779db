import { z } from 'zod';
import { MAX_ID, MAX_PAGE, PAGING, SORT_ORDERS } from './constants';
import { optionalId } from './fields';
import { countOf } from './messages';
import { toCents } from './money';
import { queryInt, searchText } from './paging';
import type { PermissionCode } from './permissions';
import { PRODUCT_STATUSES } from './products';
import { LOCALE_CODE, TRANSLATION_TEXT } from './translations';

/**
 * The staff products list: its filters, sorts and bulk actions. The list, the bulk route's
 * `filter`, the CSV export and the screen's URL all use these names, so a filtered list's link,
 * its export and "all N matching" select the same rows.
 */

export const PRODUCT_SORT_KEYS = ['name', 'price', 'created_at', 'updated_at'] as const;
export type ProductSortKey = (typeof PRODUCT_SORT_KEYS)[number];

/** Newest first unless asked otherwise; the per-page choices the screen offers. */
export const PRODUCT_LIST = {
  defaultSort: 'created_at',
  defaultOrder: 'desc',
  defaultLimit: 24,
  /** Multiples of 2, 3 and 4, so every card grid width ends on a full row. */
  limits: [24, 48, 96],
} as const satisfies {
  defaultSort: ProductSortKey;
  defaultOrder: 'asc' | 'desc';
  defaultLimit: number;
  limits: readonly number[];
};

/** The yes-only flags of a query string: `1` sets them; anything else is a 400. */
const flag = (name: string) =>
  z
    .enum(['1'], { error: `${name} must be 1` })
    .optional()
    .transform((v) => v === '1');

/** A price bound from a query string: a plain decimal with at most two places. */
export const priceBound = (name: string) =>
  z
    .string()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: `${name} must be an amount such as 19.99` })
    .optional()
    .transform((v) => (v === undefined ? undefined : toCents(v)));

const id = (name: string) => queryInt(name, 1, MAX_ID).optional();

/** The filters alone, as the query string spells them. */
export const productFilterShape = {
  q: searchText,
  /** The category and every category below it. */
  category_id: id('category_id'),
  brand_id: id('brand_id'),
  status: z
    .enum(PRODUCT_STATUSES, { error: `status must be one of: ${PRODUCT_STATUSES.join(', ')}` })
    .optional(),
  /** Bounds on the final price, in cents once parsed. */
  price_min: priceBound('price_min'),
  price_max: priceBound('price_max'),
  /** A discount is live now. */
  discounted: flag('discounted'),
  no_image: flag('no_image'),
  no_category: flag('no_category'),
  no_brand: flag('no_brand'),
  /** Lacks a name, or a description where the product has one, in this locale (ADR 0034). */
  missing_translation: z.string().regex(LOCALE_CODE, { error: TRANSLATION_TEXT.badLocale }).optional(),
};

/** The parsed filter every reader of it takes (list, bulk, export). */
export type ProductFilter = {
  q: string;
  category_id?: number;
  brand_id?: number;
  status?: (typeof PRODUCT_STATUSES)[number];
  price_min?: number;
  price_max?: number;
  discounted: boolean;
  no_image: boolean;
  no_category: boolean;
  no_brand: boolean;
  missing_translation?: string;
};

const toFilter = (v: z.output<z.ZodObject<typeof productFilterShape>>): ProductFilter => ({
  q: (v.q ?? '').trim(),
  category_id: v.category_id,
  brand_id: v.brand_id,
  status: v.status,
  price_min: v.price_min,
  price_max: v.price_max,
  discounted: v.discounted,
  no_image: v.no_image,
  no_category: v.no_category,
  no_brand: v.no_brand,
  missing_translation: v.missing_translation,
});

const sortShape = {
  sortBy: z
    .enum(PRODUCT_SORT_KEYS, { error: `sortBy must be one of: ${PRODUCT_SORT_KEYS.join(', ')}` })
    .optional(),
  order: z.enum(SORT_ORDERS, { error: 'order must be asc or desc' }).optional(),
};

/** GET /api/products: the filters, the sort and the page. Unknown keys are a 400. */
export const productListQuery = z
  .strictObject({
    ...productFilterShape,
    ...sortShape,
    page: queryInt('page', 1, MAX_PAGE).optional(),
    limit: queryInt('limit', 1, PAGING.maxLimit).optional(),
  })
  .transform((v) => ({
    filter: toFilter(v),
    sortBy: (v.sortBy ?? PRODUCT_LIST.defaultSort) as ProductSortKey,
    order: v.order ?? PRODUCT_LIST.defaultOrder,
    /** A search with no sort asked for lists the best matches first, ties in the default order. */
    byRelevance: v.sortBy === undefined && (v.q ?? '').trim() !== '',
    page: v.page ?? 1,
    limit: v.limit ?? PRODUCT_LIST.defaultLimit,
  }));
export type ProductListParams = z.output<typeof productListQuery>;

/** GET /api/products/export.csv: the list's filters and sort, every matching row. */
export const productExportQuery = z.strictObject({ ...productFilterShape, ...sortShape }).transform((v) => ({
  filter: toFilter(v),
  sortBy: (v.sortBy ?? PRODUCT_LIST.defaultSort) as ProductSortKey,
  order: v.order ?? PRODUCT_LIST.defaultOrder,
}));

/** The bulk route's `filter`: the same names as the query string, as JSON text values. */
export const productFilterBody = z.strictObject(productFilterShape).transform(toFilter);

export const BULK_LIMITS = {
  /** Ids picked by hand travel in the body; "all matching" travels as the filter. */
  maxIds: 1000,
} as const;

const BULK_ACTIONS = ['set_category', 'set_brand', 'publish', 'unpublish', 'adjust_price', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The right each bulk action needs, as the same field changed in the editor would. */
export const BULK_ACTION_RIGHT = {
  set_category: 'product.edit',
  set_brand: 'product.edit',
  publish: 'product.publish',
  unpublish: 'product.publish',
  adjust_price: 'product.price',
  delete: 'product.delete',
} as const satisfies Record<BulkAction, PermissionCode>;

/** Whether a role may run any bulk action: without one, the list offers no selection. */
export const mayBulkEdit = (has: (code: PermissionCode) => boolean) =>
  BULK_ACTIONS.some((action) => has(BULK_ACTION_RIGHT[action]));

/** How adjust_price changes the MRP: by a percent, by an amount (either may be negative), or to a value. */
export const PRICE_ADJUSTMENTS = ['percent', 'amount', 'set'] as const;
export type PriceAdjustment = (typeof PRICE_ADJUSTMENTS)[number];

export const BULK_TEXT = {
  pickRows: 'Choose products by ids or by a filter, not both',
  noRows: 'Choose at least one product',
  tooManyIds: `At most ${BULK_LIMITS.maxIds} ids; use a filter to change more`,
  valueRequired: 'A value is required',
  valueInvalid: 'The value must be an amount such as 5, -2.50 or 19.99',
  percentInvalid: 'The percent must be a number above -100, such as 10 or -5.5',
  belowZero: 'No price can go below 0',
  tooLarge: 'A price would exceed the largest price allowed',
  actionLabels: {
    set_category: 'Set category',
    set_brand: 'Set brand',
    publish: 'Publish',
    unpublish: 'Unpublish',
    adjust_price: 'Change price',
    delete: 'Delete',
  } satisfies Record<BulkAction, string>,
  adjustmentLabels: {
    percent: 'By a percent',
    amount: 'By an amount',
    set: 'Set to',
  } satisfies Record<PriceAdjustment, string>,
  /** What the screen says before applying and after. */
  willChange: (n: number) => `${countOf(n, 'product')} will change`,
  changed: (n: number) => `${countOf(n, 'product')} changed`,
} as const;

/**
 * POST /api/products/bulk. Exactly one of `ids` and `filter`; the action's own fields beside it.
 * `value` for adjust_price is decimal text or a number (percent: above -100; amount and set:
 * at most two places). The new MRP is rounded half-up to the cent, like the pricing rule.
 */
export const productBulkBody = z
  .strictObject({
    ids: z
      .array(z.number().int().positive().max(MAX_ID))
      .max(BULK_LIMITS.maxIds, { error: BULK_TEXT.tooManyIds })
      .optional(),
    filter: productFilterBody.optional(),
    action: z.enum(BULK_ACTIONS, { error: `action must be one of: ${BULK_ACTIONS.join(', ')}` }),
    /** set_category: the category, or null for none. */
    category_id: optionalId('Category'),
    /** set_brand: the brand, or null for none. */
    brand_id: optionalId('Brand'),
    /** adjust_price: how, and by how much. */
    by: z.enum(PRICE_ADJUSTMENTS, { error: `by must be one of: ${PRICE_ADJUSTMENTS.join(', ')}` }).optional(),
    value: z.union([z.string().trim(), z.number()]).optional(),
    dry_run: z.boolean().optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.ids === undefined) === (v.filter === undefined))
      ctx.addIssue({ code: 'custom', message: BULK_TEXT.pickRows, path: ['ids'] });
    if (v.ids && v.ids.length === 0)
      ctx.addIssue({ code: 'custom', message: BULK_TEXT.noRows, path: ['ids'] });
    if (v.action === 'set_category' && v.category_id === undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'category_id is required (null for none)',
        path: ['category_id'],
      });
    if (v.action === 'set_brand' && v.brand_id === undefined)
      ctx.addIssue({ code: 'custom', message: 'brand_id is required (null for none)', path: ['brand_id'] });
    if (v.action === 'adjust_price') {
      if (!v.by) ctx.addIssue({ code: 'custom', message: 'by is required', path: ['by'] });
      if (v.value === undefined || v.value === '')
        ctx.addIssue({ code: 'custom', message: BULK_TEXT.valueRequired, path: ['value'] });
    }
  });
export type ProductBulkBody = z.output<typeof productBulkBody>;

/** What a bulk call answers: how many products it changed, or, on a dry run, would change. */
export const productBulkResponse = z.object({
  action: z.enum(BULK_ACTIONS),
  count: z.number(),
  dry_run: z.boolean(),
});
export type ProductBulkResponse = z.infer<typeof productBulkResponse>;

/** POST /api/products/{id}/duplicate answers 201 with the copy. */
export const productDuplicateResponse = z.object({ id: z.number(), slug: z.string() });

/** A variant's columns of the export, which the import reads back under the same names. */
export const VARIANT_CSV_COLUMNS = [
  'variant_sku',
  'option1_name',
  'option1_value',
  'option2_name',
  'option2_value',
  'option3_name',
  'option3_value',
  'variant_mrp',
  'variant_status',
] as const;

/**
 * The export's columns, in order (the header row): one row per variant, the product's columns
 * repeated on each, then the variant's. A product without options has one row, its default
 * variant's (variant_sku the product's SKU, option cells empty).
 */
export const PRODUCT_CSV_COLUMNS = [
  'id',
  'sku',
  'name',
  'slug',
  'status',
  'brand',
  'category_path',
  'mrp',
  'final_price',
  'description',
  'image_urls',
  'product_sku',
  ...VARIANT_CSV_COLUMNS,
] as const;

/** The filters beside the search text, in the order the screen shows them as chips. */
export const PRODUCT_FILTER_KEYS = [
  'category_id',
  'brand_id',
  'status',
  'price_min',
  'price_max',
  'discounted',
  'no_image',
  'no_category',
  'no_brand',
  'missing_translation',
] as const satisfies readonly Exclude<keyof typeof productFilterShape, 'q'>[];
export type ProductFilterKey = (typeof PRODUCT_FILTER_KEYS)[number];
/** The yes-only filters, which the query string sets with `1`. */
export const PRODUCT_FLAG_FILTERS = [
  'discounted',
  'no_image',
  'no_category',
  'no_brand',
] as const satisfies readonly ProductFilterKey[];

/** The toasts of the products screen's own calls when the server gives no message of its own. */
export const PRODUCT_LIST_FALLBACK = {
  bulk: 'The change could not be made',
  export: 'Export failed',
  duplicate: 'Duplicate failed',
  import: 'The import could not be started',
  loadJob: 'The import could not be read',
} as const;
