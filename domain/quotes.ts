import { z } from 'zod';
import { MAX_ID } from './constants';
import { oneLine } from './fields';
import { VALIDATION } from './messages';
import { bigCentsToDecimal, toCents } from './money';
import { ACCEPT_FIELDS, acceptOrderFields, orderSummarySchema } from './orders';
import { OUTBOX_STATUSES, outboxDeliverySchema } from './outbox';
import { priceSourceSchema } from './price-lists';
import { PERCENT_MAX } from './pricing';
import { amount } from './products';
import { quoteApprovalSchema } from './quote-approval';
import { PUBLIC_QUOTE_TEXT } from './quote-texts';
import { dayEndIn, todayIn } from './time-zone';

/**
 * A quote: what staff price for a request and send to the customer. A draft can be changed;
 * sending freezes it as the request's next version (1, 2, …). Revising a sent quote starts a
 * new draft from it; sending that one supersedes the earlier version, which stays readable.
 * A sent quote left unanswered past the end of its valid_until day (in the seller's TIMEZONE)
 * is moved to 'expired' by the scheduled job; extending it sends a new version that supersedes it.
 */
const QUOTE_STATUSES = [
  'draft',
  'sent',
  'accepted',
  'declined',
  'changes_requested',
  'superseded',
  'expired',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** How the customer answered a sent quote on its page; each answer is taken once. */
export const QUOTE_ANSWERS = ['accepted', 'declined', 'changes_requested'] as const;
export type QuoteAnswer = (typeof QUOTE_ANSWERS)[number];

export const QUOTE_LIMITS = {
  lines: 200,
  quantity: 9999,
  name: 200,
  sku: 64,
  shippingLabel: 100,
  note: 5000,
  terms: 10000,
  signature: 200,
  reason: 2000,
  message: 5000,
  /** Days a quote stays valid unless staff set another date. */
  validDays: 30,
  /** Days before expiry the customer is reminded, unless QUOTE_REMINDER_DAYS says otherwise. */
  reminderDays: 3,
} as const;

export const QUOTE_TEXT = {
  notFound: 'Quote not found',
  notDraft: 'Only a draft quote can be changed; revise a sent quote to change it',
  notSent: 'Only a sent quote can be answered',
  alreadyAnswered: 'This quote has already been answered',
  expired: 'This quote has expired',
  /** An answer to a quote past its date; the date as the app writes dates (YYYY-MM-DD). */
  expiredOn: PUBLIC_QUOTE_TEXT.expiredOn,
  /** Extend takes a sent or expired quote that nothing newer replaces. */
  notExtendable: 'Only a sent or expired quote can be extended',
  extendDateInvalid: 'The new date must be today or later',
  superseded: 'A newer version of this quote replaces this one',
  notAnswerable: PUBLIC_QUOTE_TEXT.notAnswerable,
  draftExists: 'This request already has a draft quote; change that one',
  noLines: 'A quote needs at least one line',
  quantityInvalid: `Quantity must be a whole number from 1 to ${QUOTE_LIMITS.quantity}`,
  discountInvalid: `A line's discount must be a percent from 0 to ${PERCENT_MAX}, with at most two decimals`,
  taxInvalid: `The tax rate must be a percent from 0 to ${PERCENT_MAX}, with at most two decimals`,
  priceInvalid: 'A unit price must be an amount of at least 0 with at most two decimals',
  shippingInvalid: 'Shipping must be an amount of at least 0 with at most two decimals',
  validUntilInvalid: 'Valid until must be a date (YYYY-MM-DD)',
  signatureRequired: 'Type your name to sign',
  messageRequired: 'Say what you would like changed',
  tooMany: 'Too many requests from your address. Please try again in a few minutes.',
} as const;

/** A percent with at most two decimals, from 0 to 100, as a number. */
const percent = (message: string) =>
  z.union([z.number(), z.string().trim()], { error: message }).transform((v, ctx) => {
    try {
      const hundredths = toCents(v);
      if (hundredths < 0 || hundredths > PERCENT_MAX * 100) throw new Error('out of range');
      return hundredths / 100;
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  });

const text = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, { error: VALIDATION.tooLong(field, max) });
const optionalText = (field: string, max: number) =>
  text(field, max)
    .nullish()
    .transform((v) => (v ? v : null));

export const quoteLineInput = z.strictObject({
  /** The catalogue product it was priced from, or null for a line staff typed in. */
  product_id: z.number().int().positive().max(MAX_ID).nullable().default(null),
  /**
   * The product's variant: needed for a product with several, one of that product's, and active
   * unless the line already had it. Its SKU, options and catalogue price are copied onto the line.
   */
  variant_id: z
    .number({ error: 'variant_id must be a variant id' })
    .int({ error: 'variant_id must be a variant id' })
    .positive({ error: 'variant_id must be a variant id' })
    .max(MAX_ID, { error: 'variant_id must be a variant id' })
    .nullable()
    .default(null),
  name: oneLine(text('Name', QUOTE_LIMITS.name).min(1, { error: VALIDATION.nameRequired }), 'Name'),
  sku: optionalText('SKU', QUOTE_LIMITS.sku),
  quantity: z
    .number({ error: QUOTE_TEXT.quantityInvalid })
    .int({ error: QUOTE_TEXT.quantityInvalid })
    .min(1, { error: QUOTE_TEXT.quantityInvalid })
    .max(QUOTE_LIMITS.quantity, { error: QUOTE_TEXT.quantityInvalid }),
  unit_price: amount(QUOTE_TEXT.priceInvalid),
  discount_percent: percent(QUOTE_TEXT.discountInvalid).default(0),
  /**
   * Taken so a line read from a quote can be sent back as it is, and ignored: the server prices
   * the catalogue itself (staffQuoteLineSchema).
   */
  catalogue_price: z
    .unknown()
    .optional()
    .transform(() => undefined),
  /** Taken and ignored as catalogue_price is: the server copies them from the variant. */
  options: z
    .unknown()
    .optional()
    .transform(() => undefined),
  /** Taken and ignored as catalogue_price is: the server prices the line for its customer. */
  price_source: z
    .unknown()
    .optional()
    .transform(() => undefined),
});

const isoDate = z
  .string({ error: QUOTE_TEXT.validUntilInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: QUOTE_TEXT.validUntilInvalid })
  // A real calendar day: Date.parse takes 2024-02-31 as 2 March, the database refuses it.
  .refine(
    (v) => {
      const t = Date.parse(`${v}T00:00:00Z`);
      return v >= '0001' && !Number.isNaN(t) && new Date(t).toISOString().startsWith(v);
    },
    { error: QUOTE_TEXT.validUntilInvalid },
  );

/** A draft's whole content: PUT replaces it. Omitted fields take their defaults. */
export const quoteBody = z.strictObject({
  lines: z
    .array(quoteLineInput, { error: QUOTE_TEXT.noLines })
    .max(QUOTE_LIMITS.lines, { error: `A quote can hold at most ${QUOTE_LIMITS.lines} lines` }),
  shipping: amount(QUOTE_TEXT.shippingInvalid).default(0),
  shipping_label: optionalText('Shipping label', QUOTE_LIMITS.shippingLabel),
  tax_rate: percent(QUOTE_TEXT.taxInvalid).default(0),
  /** The last day the customer can accept it; 30 days from today when not given. */
  valid_until: isoDate.optional(),
  note: optionalText('Note', QUOTE_LIMITS.note),
  terms: optionalText('Terms', QUOTE_LIMITS.terms),
});
export type QuoteBody = z.input<typeof quoteBody>;
export type QuoteInput = z.output<typeof quoteBody>;

/** The customer's answers, on the public quote page. */
export const acceptQuoteBody = z.strictObject({
  // The signature is one line: it is quoted in the e-mail staff read.
  name: oneLine(text('Name', QUOTE_LIMITS.signature).min(1, { error: QUOTE_TEXT.signatureRequired }), 'Name'),
  // What the order carries; each optional unless settings require it (older clients send the name alone).
  ...acceptOrderFields,
});
export const declineQuoteBody = z.strictObject({ reason: optionalText('Reason', QUOTE_LIMITS.reason) });
export const changesQuoteBody = z.strictObject({
  message: text('Message', QUOTE_LIMITS.message).min(1, { error: QUOTE_TEXT.messageRequired }),
});

// --- Totals: the one rule, in exact cents ----------------------------------------------------

/** What the totals rule needs of a line: prices as decimals (text or number), a percent off. */
export type PricedLine = {
  quantity: number;
  unit_price: number | string;
  discount_percent?: number | string;
};

/**
 * unit × quantity × (100 − percent) / 100, rounded half-up to the cent: each line is rounded on
 * its own, then the lines are summed. BigInt throughout, since a large unit price times 9,999
 * passes what a number holds exactly.
 */
export function lineTotalCents(line: PricedLine): bigint {
  const unit = BigInt(toCents(line.unit_price));
  // The percent in hundredths (12.5 % → 1250), so 100 % is 10,000.
  const off = BigInt(toCents(line.discount_percent ?? 0));
  const numerator = unit * BigInt(line.quantity) * (10_000n - off);
  return halfUp(numerator, 10_000n);
}

/** n / d rounded half-up, for n ≥ 0 and d > 0. */
const halfUp = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

export type QuoteTotals = {
  /** Each line's total, in the lines' order. */
  lines: bigint[];
  subtotal: bigint;
  shipping: bigint;
  /** The tax on the subtotal and shipping together, rounded half-up to the cent. */
  tax: bigint;
  total: bigint;
};

export function quoteTotals(quote: {
  lines: PricedLine[];
  shipping?: number | string;
  tax_rate?: number | string;
}): QuoteTotals {
  const lines = quote.lines.map(lineTotalCents);
  const subtotal = lines.reduce((a, b) => a + b, 0n);
  const shipping = BigInt(toCents(quote.shipping ?? 0));
  const rate = BigInt(toCents(quote.tax_rate ?? 0));
  const tax = halfUp((subtotal + shipping) * rate, 10_000n);
  return { lines, subtotal, shipping, tax, total: subtotal + shipping + tax };
}

/** Cents as a JSON number with two decimals: exact for any total below 2^53 cents. */
export const centsToNumber = (cents: bigint) => Number(bigCentsToDecimal(cents));

/**
 * The day a new quote stops being valid: today in the seller's time zone plus the default
 * validity, as YYYY-MM-DD.
 */
export function defaultValidUntil(timeZone = 'UTC', now = new Date()) {
  const [y, m, d] = todayIn(timeZone, now).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + QUOTE_LIMITS.validDays)).toISOString().slice(0, 10);
}

/**
 * The instant a quote stops being valid: it is valid through the end of its valid_until day in
 * the seller's time zone, so this is the next day's midnight there (2026-03-10 in
 * Pacific/Auckland: 2026-03-10T11:00Z).
 */
export const quoteExpiresAt = (validUntil: string, timeZone = 'UTC'): Date => dayEndIn(validUntil, timeZone);

/** Whether a quote valid through `validUntil` (in `timeZone`) has expired at `now`. */
export const isExpired = (validUntil: string, now = new Date(), timeZone = 'UTC') =>
  now.getTime() >= quoteExpiresAt(validUntil, timeZone).getTime();

/** Extend: the new version's last day. */
export const extendQuoteBody = z.strictObject({ valid_until: isoDate });
export type ExtendQuoteInput = z.output<typeof extendQuoteBody>;

// --- Responses --------------------------------------------------------------------------------

const quoteLineSchema = z.object({
  product_id: z.number().nullable(),
  name: z.string(),
  sku: z.string().nullable(),
  /** The product's variant it was priced from; null for a typed line, or one from before variants. */
  variant_id: z.number().nullable(),
  /** The variant's options as they read then, `{ "Size": "M" }`; empty when it has none. */
  options: z.record(z.string(), z.string()),
  quantity: z.number(),
  unit_price: z.number(),
  discount_percent: z.number(),
  line_total: z.number(),
});

/**
 * A line as staff see it: with the price it was priced at (the customer's price for the variant
 * and quantity when the line was last written: the catalogue's with its discounts, or their
 * agreement's or break's) and where that came from, so a changed unit price shows what it was
 * changed from. Null for a typed line. The customer's page never carries them.
 */
const staffQuoteLineSchema = quoteLineSchema.extend({
  catalogue_price: z.number().nullable(),
  price_source: priceSourceSchema.nullable(),
});
export type StaffQuoteLine = z.infer<typeof staffQuoteLineSchema>;

/** The catalogue price staff changed the line's unit price from, or null when it was not changed. */
export const overriddenFrom = (line: { unit_price: number; catalogue_price?: number | null }) =>
  line.catalogue_price != null && line.catalogue_price !== line.unit_price ? line.catalogue_price : null;

const quoteContent = {
  lines: z.array(quoteLineSchema),
  subtotal: z.number(),
  shipping: z.number(),
  shipping_label: z.string().nullable(),
  tax_rate: z.number(),
  tax: z.number(),
  total: z.number(),
  currency: z.string(),
  valid_until: z.string(),
  note: z.string().nullable(),
  terms: z.string().nullable(),
};

const quoteAnswerSchema = z.object({
  kind: z.enum(QUOTE_ANSWERS),
  at: z.string(),
  /** The signature typed on acceptance. */
  name: z.string().nullable(),
  /** A decline's reason or a change request's message. */
  message: z.string().nullable(),
  address: z.string(),
});

/** What stands for a quote's token in a message read by staff without quote.send. */
export const HIDDEN_QUOTE_TOKEN = '[hidden]';

/** A quote as staff see it. */
export const quoteSchema = z.object({
  id: z.number(),
  inquiry_id: z.number(),
  /** Null while it is a draft; 1, 2, … once sent. */
  version: z.number().nullable(),
  status: z.enum(QUOTE_STATUSES),
  ...quoteContent,
  lines: z.array(staffQuoteLineSchema),
  /**
   * The customer's page: /quote/{token}; null while it is a draft. Absent for a caller without
   * quote.send: whoever holds it can answer as the customer.
   */
  token: z
    .string()
    .nullable()
    .optional()
    .describe("The customer's page key (/quote/{token}); null for a draft, absent without quote.send"),
  expired: z.boolean(),
  /** When the scheduled job moved it to 'expired'; null otherwise. */
  expired_at: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  answer: quoteAnswerSchema.nullable(),
  /**
   * Where its e-mail stands: null for a draft, else its latest outbox message's state ('stored'
   * when no mail server is configured: kept in the outbox, not sent).
   */
  delivery: z.enum(OUTBOX_STATUSES).nullable(),
  /** That message in full: attempts, the last error, the next try; null for a draft. */
  delivery_detail: outboxDeliverySchema.nullable(),
  /** Whether sending it needs an approver first, why, and where asking for one stands. */
  approval: quoteApprovalSchema,
});
export type Quote = z.infer<typeof quoteSchema>;

/**
 * Who the quote is from, as its customer sees it on the quote's page and in its PDF: the
 * business's name and contact details (COMPANY_* settings), each null when not configured.
 */
const sellerSchema = z.object({
  name: z.string(),
  /** Postal address; lines separated by newlines. */
  address: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Where the page loads the company's logo from (served by the app), or null for none. */
  logo_url: z.string().nullable(),
});
export type Seller = z.infer<typeof sellerSchema>;

/** Where the app serves the company's logo (COMPANY_LOGO_FILE). */
export const COMPANY_LOGO_PATH = '/api/public/company-logo';

/** A quote as the customer sees it on /quote/{token}. */
export const publicQuoteSchema = z.object({
  reference: z.string(),
  company: z.string(),
  seller: sellerSchema,
  customer: z.string(),
  version: z.number(),
  status: z.enum(QUOTE_STATUSES),
  ...quoteContent,
  sent_at: z.string(),
  expired: z.boolean(),
  /**
   * True while it can be accepted, declined or changed: sent, unanswered, current, not expired,
   * and its request waiting for the answer (not reopened or closed at the desk meanwhile).
   */
  can_answer: z.boolean(),
  answer: quoteAnswerSchema.omit({ address: true }).nullable(),
  /** The order this quote became once accepted, with where it stands; null before. */
  order: orderSummarySchema.nullable(),
  /** The acceptance form's fields the seller requires (a setting); the rest are optional. */
  accept_requires: z.array(z.enum(ACCEPT_FIELDS)),
  /**
   * The buyer's language (the request's, ADR 0036): the page's words are in it. Always answered;
   * a page given none reads in English.
   */
  locale: z.string().optional(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

export const quoteTokenParam = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, { error: QUOTE_TEXT.notFound }),
});
