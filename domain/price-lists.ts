import { z } from 'zod';
import { MAX_ID, PAGING } from './constants';
import {
  ACCOUNT_PRICES_MAX,
  PRICE_LIST_NAME_MAX,
  PRICE_LIST_ROWS_PER_PUT,
  PRICE_LIST_TYPES,
  PRICE_SOURCE_TYPES,
  TIER_QUANTITY_MAX,
  TIERS_MAX,
  tierProblem,
} from './customer-pricing';
import { windowEnd } from './discounts';
import { oneLine, positiveIdString, requiredText } from './fields';
import { listMeta, queryInt, searchText } from './paging';
import { PERCENT_MAX } from './pricing';
import { amount } from './products';

export const PRICE_LIST_IMPORT = { maxBytes: 20 * 1024 * 1024, maxRows: 200_000 } as const;

export const PRICE_LIST_TEXT = {
  nameRequired: 'Name is required',
  typeInvalid: 'type must be fixed or percent',
  percentRequired: 'A percent list needs its percent, from 0 to 100',
  percentOnFixed: 'A fixed list has prices, not a percent',
  percentInvalid: `Percent must be a number from 0 to ${PERCENT_MAX} with at most two decimals`,
  priceInvalid: 'Price must be a non-negative amount with at most two decimals',
  tierPriceInvalid: 'A break price must be a non-negative amount with at most two decimals',
  quantityInvalid: `A quantity must be a whole number from 1 to ${TIER_QUANTITY_MAX.toLocaleString('en-US')}`,
  endBeforeStart: 'The end must not be before the start',
  variantOrSku: 'Each price names its variant by variant_id or sku',
  duplicateRow: 'A variant appears twice with the same min_quantity',
  unknownVariant: (what: string) => `No variant ${what}`,
  unknownCompany: (id: number) => `No company ${id}`,
  unknownCustomer: (id: number) => `No customer ${id}`,
  notFound: 'Price list not found',
  priceNotFound: 'The list has no price for that variant and quantity',
  notFixed: 'Only a fixed list holds prices; a percent list takes its percent off every variant',
  customerNotFound: 'Customer not found',
  variantNotFound: 'Variant not found',
  idsInvalid: 'variant_ids must be a comma-separated list of ids',
  linesRequired: 'Name at least one line to price',
  unknownLineVariant: (line: number) => `Line ${line + 1} names no variant`,
  productIdsInvalid: 'product_ids must be a comma-separated list of ids',
  idsRequired: 'Name the variants (variant_ids) or products (product_ids) to price',
  rowsRefused: (n: number) =>
    `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'} cannot be saved; nothing was changed`,
  importFileRequired: 'Choose a CSV file of prices',
  importTooLarge: `A prices file is at most ${PRICE_LIST_IMPORT.maxBytes / 1024 / 1024} MB`,
  importTooManyRows: `A prices file holds at most ${PRICE_LIST_IMPORT.maxRows.toLocaleString('en-US')} rows`,
  importNotCsv: 'The file is not a readable CSV',
  importNotUtf8: 'The file is not UTF-8 text',
  importColumns: 'The file needs a price column and a sku or variant_id column',
  importEmpty: 'The file holds no prices',
  importModeInvalid: 'mode must be merge or replace',
  rowVariantMissing: 'No sku or variant_id',
  rowVariantIdInvalid: 'variant_id must be a whole number',
} as const;

/**
 * A prices file (CSV in and out of a list's grid): its columns, and what one upload may hold. An
 * import reads sku (or variant_id when the sku is empty), min_quantity (1 when empty) and price;
 * the other columns are the export's, for people, and are ignored.
 */
export const PRICE_LIST_CSV_COLUMNS = [
  'sku',
  'variant_id',
  'product_name',
  'variant',
  'min_quantity',
  'price',
] as const;
export const PRICE_LIST_IMPORT_MODES = ['merge', 'replace'] as const;
export type PriceListImportMode = (typeof PRICE_LIST_IMPORT_MODES)[number];

/** A refused file lists this many of its bad rows; the message counts them all. */
export const PRICE_ROWS_LISTED = 50;

/** The answer to an import: the rows set, and whether the list's other prices were removed. */
export const priceImportResponse = z.object({ count: z.number(), mode: z.enum(PRICE_LIST_IMPORT_MODES) });

/** What the staff screens say when a call fails without the server saying why. */
export const PRICE_LIST_FALLBACK = {
  load: 'Failed to load the price lists',
  grid: 'Failed to load the prices',
  create: 'Failed to create the price list',
  save: 'Failed to save the price list',
  delete: 'Failed to delete the price list',
  export: 'Failed to export the prices',
  import: 'Failed to import the prices',
} as const;

const wholeQuantity = z
  .number({ error: PRICE_LIST_TEXT.quantityInvalid })
  .int({ error: PRICE_LIST_TEXT.quantityInvalid })
  .min(1, { error: PRICE_LIST_TEXT.quantityInvalid })
  .max(TIER_QUANTITY_MAX, { error: PRICE_LIST_TEXT.quantityInvalid });

/** `PUT /api/variants/{id}/tiers`: the whole set of breaks, [] to remove them. */
export const tiersBody = z
  .strictObject({
    tiers: z
      .array(z.strictObject({ min_quantity: wholeQuantity, mrp: amount(PRICE_LIST_TEXT.tierPriceInvalid) }))
      .max(TIERS_MAX, { error: `At most ${TIERS_MAX} quantity breaks.` }),
  })
  .superRefine((v, ctx) => {
    const problem = tierProblem(v.tiers);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path.split('.') });
  });

const tierSchema = z.object({ min_quantity: z.number(), mrp: z.number() });
export const tiersResponse = z.object({ tiers: z.array(tierSchema) });

const ids = z.array(z.number().int().min(1).max(MAX_ID), { error: 'Ids must be a list of ids' }).max(1000);

const active = z.boolean({ error: 'active must be true or false' });

const percent = z
  .union([z.number(), z.string().trim(), z.null()], { error: PRICE_LIST_TEXT.percentInvalid })
  .transform((v, ctx) => {
    if (v === null || v === '') return null;
    const parsed = amount(PRICE_LIST_TEXT.percentInvalid).safeParse(v);
    if (!parsed.success || parsed.data > PERCENT_MAX) {
      ctx.addIssue({ code: 'custom', message: PRICE_LIST_TEXT.percentInvalid });
      return z.NEVER;
    }
    return parsed.data;
  });

const name = oneLine(requiredText(PRICE_LIST_TEXT.nameRequired, 'Name', PRICE_LIST_NAME_MAX), 'Name');

const listFields = {
  name,
  type: z.enum(PRICE_LIST_TYPES, { error: PRICE_LIST_TEXT.typeInvalid }),
  percent: percent.optional(),
  starts_at: windowEnd,
  ends_at: windowEnd,
  active: active.optional(),
  company_ids: ids.optional(),
  customer_ids: ids.optional(),
};

type WindowAndType = {
  type?: 'fixed' | 'percent';
  percent?: number | null;
  starts_at?: Date | null;
  ends_at?: Date | null;
};

/** The rules a whole list obeys once a write's fields are laid over what it held. */
export function priceListProblem(v: WindowAndType): { path: string; message: string } | null {
  if (v.type === 'percent' && (v.percent === null || v.percent === undefined))
    return { path: 'percent', message: PRICE_LIST_TEXT.percentRequired };
  if (v.type === 'fixed' && v.percent !== null && v.percent !== undefined)
    return { path: 'percent', message: PRICE_LIST_TEXT.percentOnFixed };
  if (v.starts_at && v.ends_at && v.ends_at < v.starts_at)
    return { path: 'ends_at', message: PRICE_LIST_TEXT.endBeforeStart };
  return null;
}

const refineList = (v: WindowAndType, ctx: z.RefinementCtx) => {
  const problem = priceListProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
};

export const createPriceListBody = z.strictObject(listFields).superRefine(refineList);
export type PriceListInput = z.output<typeof createPriceListBody>;

/** PATCH: any of the fields; the whole list is checked again once they are laid over it. */
export const updatePriceListBody = z.strictObject({
  name: name.optional(),
  type: listFields.type.optional(),
  percent: listFields.percent,
  starts_at: windowEnd,
  ends_at: windowEnd,
  active: active.optional(),
  company_ids: ids.optional(),
  customer_ids: ids.optional(),
});
export type PriceListPatch = z.output<typeof updatePriceListBody>;

export const priceListSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(PRICE_LIST_TYPES),
  percent: z.number().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  active: z.boolean(),
  company_ids: z.array(z.number()),
  customer_ids: z.array(z.number()),
  companies: z.array(z.object({ id: z.number(), name: z.string() })),
  customers: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
  /** Rows in a fixed list's grid. */
  price_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PriceList = z.infer<typeof priceListSchema>;

export const PRICE_LISTS_PAGE_DEFAULT = 20;

export const priceListListQuery = z.strictObject({
  q: searchText,
  page: queryInt('page', 1, 100_000).optional(),
  limit: queryInt('limit', 1, PAGING.maxLimit).optional(),
  company_id: queryInt('company_id', 1, MAX_ID).optional(),
  customer_id: queryInt('customer_id', 1, MAX_ID).optional(),
});
export type PriceListListQuery = z.output<typeof priceListListQuery>;

export const priceListListResponse = z.object({ data: z.array(priceListSchema), meta: listMeta });

export const priceRow = z
  .strictObject({
    variant_id: z.number().int().min(1).max(MAX_ID).optional(),
    sku: z.string().trim().min(1).max(64).optional(),
    min_quantity: wholeQuantity.optional(),
    price: amount(PRICE_LIST_TEXT.priceInvalid),
  })
  .refine((r) => r.variant_id !== undefined || r.sku !== undefined, { error: PRICE_LIST_TEXT.variantOrSku });

/** `PUT /api/price-lists/{id}/prices`: rows to set (a variant and quantity already priced is replaced). */
export const putPricesBody = z.strictObject({
  prices: z
    .array(priceRow)
    .min(1, { error: 'prices must hold at least one row' })
    .max(PRICE_LIST_ROWS_PER_PUT, {
      error: `At most ${PRICE_LIST_ROWS_PER_PUT} rows at once; import a CSV for more`,
    }),
});
export type PriceRowInput = z.output<typeof priceRow>;

const priceRowSchema = z.object({
  variant_id: z.number(),
  sku: z.string().nullable(),
  product_id: z.number(),
  product_name: z.string(),
  /** The variant's options as "M / Zinc", empty for a default variant. */
  title: z.string(),
  min_quantity: z.number(),
  price: z.number(),
  list_price: z.number(),
});
export const pricesListQuery = z.strictObject({
  q: searchText,
  page: queryInt('page', 1, 100_000).optional(),
  limit: queryInt('limit', 1, PAGING.maxLimit).optional(),
});
export type PricesListQuery = z.output<typeof pricesListQuery>;
export const pricesExportQuery = pricesListQuery.pick({ q: true });

/** One row of a list's grid: the list and the variant in the path, the quantity it holds from in the query. */
export const priceKeyParams = z.object({
  id: positiveIdString('Id'),
  variantId: positiveIdString('variantId'),
});
export const priceKeyQuery = z.strictObject({
  min_quantity: queryInt('min_quantity', 1, TIER_QUANTITY_MAX).optional(),
});
export const pricesListResponse = z.object({ data: z.array(priceRowSchema), meta: listMeta });

export const priceSourceSchema = z.object({
  type: z.enum(PRICE_SOURCE_TYPES),
  id: z.number().optional(),
  name: z.string().optional(),
  min_quantity: z.number().optional(),
});

export const pricingQuery = z.strictObject({
  variant_id: queryInt('variant_id', 1, MAX_ID),
  quantity: queryInt('quantity', 1, TIER_QUANTITY_MAX).optional(),
  customer_id: queryInt('customer_id', 1, MAX_ID).optional(),
});
export const pricingResponse = z.object({
  unit_price: z.number(),
  list_price: z.number(),
  source: priceSourceSchema,
});

/** The most lines one `POST /api/pricing` prices: a quote's lines, a cart an integration sends. */
const PRICING_LINES_MAX = 100;

/** `POST /api/pricing`: several lines at their quantities, for a customer when one is named. */
export const pricingLinesBody = z.strictObject({
  customer_id: z.number().int().min(1).max(MAX_ID).optional(),
  lines: z
    .array(z.strictObject({ variant_id: z.number().int().min(1).max(MAX_ID), quantity: wholeQuantity }))
    .min(1, { error: PRICE_LIST_TEXT.linesRequired })
    .max(PRICING_LINES_MAX, { error: `At most ${PRICING_LINES_MAX} lines at once` }),
});
export const pricingLinesResponse = z.object({
  data: z.array(pricingResponse.extend({ variant_id: z.number(), quantity: z.number() })),
});

const idList = (invalid: string) =>
  z
    .string({ error: invalid })
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, { error: invalid })
    .transform((v) => [...new Set(v.split(',').map(Number))])
    .pipe(
      z
        .array(z.number().max(MAX_ID, { error: invalid }))
        .max(ACCOUNT_PRICES_MAX, { error: `At most ${ACCOUNT_PRICES_MAX} variants at once` }),
    );

/**
 * `variant_ids`, and `product_ids` for what the shop's cards and older basket lines name by their
 * product alone (each answered by its lowest-priced active variant): together at most
 * ACCOUNT_PRICES_MAX ids.
 */
export const accountPricesQuery = z
  .strictObject({
    variant_ids: idList(PRICE_LIST_TEXT.idsInvalid).optional(),
    product_ids: idList(PRICE_LIST_TEXT.productIdsInvalid).optional(),
    quantity: queryInt('quantity', 1, TIER_QUANTITY_MAX).optional(),
  })
  .superRefine((v, ctx) => {
    const n = (v.variant_ids?.length ?? 0) + (v.product_ids?.length ?? 0);
    if (n === 0)
      ctx.addIssue({ code: 'custom', message: PRICE_LIST_TEXT.idsRequired, path: ['variant_ids'] });
    else if (n > ACCOUNT_PRICES_MAX)
      ctx.addIssue({
        code: 'custom',
        message: `At most ${ACCOUNT_PRICES_MAX} variants at once`,
        path: ['product_ids'],
      });
  });
export const accountPricesResponse = z.object({
  data: z.array(
    pricingResponse.extend({
      variant_id: z.number(),
      /** Set on the answers to `product_ids`: the product asked about, priced by this variant. */
      product_id: z.number().optional(),
    }),
  ),
});

/** A price list as a customer's or a company's page lists it: whom it came through, and its terms. */
export const assignedPriceListSchema = z.object({
  id: z.number(),
  name: z.string(),
  type: z.enum(PRICE_LIST_TYPES),
  percent: z.number().nullable(),
  active: z.boolean(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  /** Assigned to the customer themselves, or to their company. */
  via: z.enum(['customer', 'company']),
});
export type AssignedPriceList = z.infer<typeof assignedPriceListSchema>;
