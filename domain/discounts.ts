import { z } from 'zod';
import { MAX_ID, MAX_PAGE } from './constants';
import { oneLine } from './fields';
import { VALIDATION } from './messages';
import { queryInt, searchText } from './paging';
import { DISCOUNT_SCOPES, DISCOUNT_TYPES, PERCENT_MAX } from './pricing';
import { amount, PRODUCT_MESSAGES } from './products';

/**
 * Toasts for a failed create or update when the server sent no text of its own; the server's
 * own error text wins whenever it sent one.
 */
export const DISCOUNT_FALLBACK = {
  create: 'Failed to create discount',
  update: 'Failed to update discount',
} as const;

export const DISCOUNT_TEXT = {
  required: 'Value and target are required',
  created: 'Discount created',
  updated: 'Discount updated',
  deleted: 'Discount deleted',
  loadFailed: 'Failed to load discounts',
  deleteFailed: 'Delete failed',
  targetMismatch: 'Only the target that applies_to names may be set',
  targetNotFound: (scope: string) => `The ${scope} this discount applies to does not exist`,
  endBeforeStart: 'The end must not be before the start',
  badDate: 'Dates must look like YYYY-MM-DD HH:MM:SS',
  notFound: 'Discount not found',
  percentTooHigh: PRODUCT_MESSAGES.percentTooHigh,
} as const;

/**
 * 'YYYY-MM-DD HH:MM:SS' as the discount and price list forms send it (read as UTC), or an ISO time;
 * '' and null mean open.
 */
export const windowEnd = z
  .union([z.string().trim(), z.null()], { error: DISCOUNT_TEXT.badDate })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    const m = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(v);
    const date = m ? new Date(`${m[1]}T${m[2] ?? '00:00:00'}${m[3] ?? ''}${m[4] ?? 'Z'}`) : null;
    if (!date || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: DISCOUNT_TEXT.badDate });
      return z.NEVER;
    }
    return date;
  });

const targetId = z
  .union([z.number(), z.string().trim(), z.null()], { error: DISCOUNT_TEXT.required })
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '' || v === 0 || v === '0') return null;
    const n = typeof v === 'number' ? v : /^\d{1,10}$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > MAX_ID) {
      ctx.addIssue({ code: 'custom', message: DISCOUNT_TEXT.required });
      return z.NEVER;
    }
    return n;
  });

const active = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])], {
    error: 'active must be 0 or 1',
  })
  .optional()
  .transform((v) => (v === undefined ? undefined : v === true || v === 1 || v === '1' || v === 'true'));

const fields = {
  type: z.enum(DISCOUNT_TYPES, { error: 'type must be percent or amount' }),
  // Missing or blank is "Value and target are required"; anything else must be an amount.
  value: z
    .union([z.number(), z.string().trim(), z.null()], { error: PRODUCT_MESSAGES.discountInvalid })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === null || v === '') return null;
      const parsed = amount(PRODUCT_MESSAGES.discountInvalid).safeParse(v);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: PRODUCT_MESSAGES.discountInvalid });
        return z.NEVER;
      }
      return parsed.data;
    }),
  applies_to: z.enum(DISCOUNT_SCOPES, { error: 'applies_to must be product, category or brand' }),
  product_id: targetId,
  category_id: targetId,
  brand_id: targetId,
  starts_at: windowEnd,
  ends_at: windowEnd,
  active,
};

type Parsed = {
  name?: string | null;
  title?: string | null;
  type: 'percent' | 'amount';
  value: number | null;
  applies_to: 'product' | 'category' | 'brand';
  product_id: number | null;
  category_id: number | null;
  brand_id: number | null;
  starts_at?: Date | null;
  ends_at?: Date | null;
  active?: boolean;
};

/**
 * The rules every discount write obeys: a value and the target applies_to names, no other target,
 * a percent of at most PERCENT_MAX and an end not before the start.
 */
function check(v: Parsed, ctx: z.RefinementCtx) {
  const target = { product: v.product_id, category: v.category_id, brand: v.brand_id }[v.applies_to];
  if (v.value === null || target === null) {
    ctx.addIssue({
      code: 'custom',
      message: DISCOUNT_TEXT.required,
      path: v.value === null ? ['value'] : [`${v.applies_to}_id`],
    });
    return;
  }
  const others = (['product', 'category', 'brand'] as const).filter((s) => s !== v.applies_to);
  if (others.some((s) => v[`${s}_id`] !== null))
    ctx.addIssue({ code: 'custom', message: DISCOUNT_TEXT.targetMismatch });
  if (v.type === 'percent' && v.value > PERCENT_MAX)
    ctx.addIssue({ code: 'custom', message: DISCOUNT_TEXT.percentTooHigh, path: ['value'] });
  if (v.starts_at && v.ends_at && v.ends_at < v.starts_at) {
    ctx.addIssue({ code: 'custom', message: DISCOUNT_TEXT.endBeforeStart, path: ['ends_at'] });
  }
}

/** The longest discount title (or name); exported so the dialog stops typing where the server would refuse. */
export const DISCOUNT_TITLE_MAX_LENGTH = 200;
/**
 * The most discounts the list route hands out at once, and its page size when none is asked for
 * (a client that sends no parameters gets what it always got).
 */
export const DISCOUNTS_PAGE_MAX = 1000;

const label = (field: string) =>
  oneLine(
    z
      .string({ error: `${field} must be text` })
      .trim()
      .max(DISCOUNT_TITLE_MAX_LENGTH, { error: VALIDATION.tooLong(field, DISCOUNT_TITLE_MAX_LENGTH) }),
    field,
  ).nullish();

/** POST: the discount with its title as `name`. */
export const createDiscountBody = z.strictObject({ name: label('Name'), ...fields }).superRefine(check);
/** PUT: the same with `title` in place of name; `name` is accepted too. */
export const updateDiscountBody = z
  .strictObject({ title: label('Title'), name: label('Name'), ...fields })
  .superRefine(check);
export type DiscountInput = z.output<typeof createDiscountBody> & { title?: string | null };

export const discountSchema = z.object({
  id: z.number(),
  name: z.string(),
  title: z.string(),
  type: z.enum(DISCOUNT_TYPES),
  value: z.number(),
  applies_to: z.enum(DISCOUNT_SCOPES),
  product_id: z.number().nullable(),
  category_id: z.number().nullable(),
  brand_id: z.number().nullable(),
  target_name: z.string().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  active: z.union([z.literal(0), z.literal(1)]),
  /** Made by the product editor's pricing; the editor replaces it on its next save. */
  editor_owned: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Discount = z.infer<typeof discountSchema>;

export const discountListResponse = z.object({
  data: z.array(discountSchema),
  meta: z.object({
    total: z.number(),
    /** False when total is the planner's estimate (more matches than PAGING.exactCountCap). */
    total_exact: z.boolean(),
    page: z.number(),
    limit: z.number(),
  }),
});

/**
 * Where a discount stands now. Off: not active. Otherwise by its window: scheduled (it starts
 * later), ended (it ended before now), live (now is inside it, both ends included, as the pricing
 * rule's isLive says). Each discount is in exactly one.
 */
export const DISCOUNT_STATES = ['live', 'scheduled', 'ended', 'off'] as const;
export type DiscountState = (typeof DISCOUNT_STATES)[number];

export const DISCOUNT_STATE_LABELS = {
  live: 'Live',
  scheduled: 'Scheduled',
  ended: 'Ended',
  off: 'Off',
} as const satisfies Record<DiscountState, string>;

/** The list's filters, as the query string and the export name them. */
const discountFilterShape = {
  /** Part of the title, any case. */
  q: searchText,
  applies_to: z
    .enum(DISCOUNT_SCOPES, { error: `applies_to must be one of: ${DISCOUNT_SCOPES.join(', ')}` })
    .optional(),
  state: z.enum(DISCOUNT_STATES, { error: `state must be one of: ${DISCOUNT_STATES.join(', ')}` }).optional(),
};

export type DiscountFilter = {
  q: string;
  applies_to?: (typeof DISCOUNT_SCOPES)[number];
  state?: DiscountState;
};

const toDiscountFilter = (v: {
  q?: string;
  applies_to?: DiscountFilter['applies_to'];
  state?: DiscountState;
}) => ({
  q: (v.q ?? '').trim(),
  applies_to: v.applies_to,
  state: v.state,
});

/** GET /api/discounts: newest first, filtered and paged. Unknown keys are a 400. */
export const discountListQuery = z
  .strictObject({
    ...discountFilterShape,
    page: queryInt('page', 1, MAX_PAGE).optional(),
    limit: queryInt('limit', 1, DISCOUNTS_PAGE_MAX).optional(),
  })
  .transform((v) => ({
    filter: toDiscountFilter(v) as DiscountFilter,
    page: v.page ?? 1,
    limit: v.limit ?? DISCOUNTS_PAGE_MAX,
  }));
export type DiscountListParams = z.output<typeof discountListQuery>;

/** GET /api/discounts/export.csv: the list's filters, every match, newest first. */
export const discountExportQuery = z
  .strictObject(discountFilterShape)
  .transform((v) => toDiscountFilter(v) as DiscountFilter);

/** The discounts export's columns, in order (the header row). */
export const DISCOUNT_CSV_COLUMNS = [
  'id',
  'title',
  'type',
  'value',
  'applies_to',
  'target',
  'starts_at',
  'ends_at',
  'active',
  'state',
] as const;
