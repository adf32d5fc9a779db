import { z } from 'zod';
import { buyerTexts } from './buyer-texts';
import { MAX_ID, TEXT_LIMITS } from './constants';
import { calendarDay, oneLine } from './fields';
import { SOURCE_LOCALE } from './i18n';
import { VALIDATION } from './messages';
import { staffNoteSchema, staffRef, tokenRef } from './notes';
import { orderSummarySchema } from './orders';
import { listMeta, listQuery } from './paging';
import { quoteSchema } from './quotes';
import { LOCALE_CODE, TRANSLATION_TEXT } from './translations';

/** Lengths of the quote request's own fields (name and email use TEXT_LIMITS); the form shares them. */
export const INQUIRY_LIMITS = {
  phone: 40,
  subject: 200,
  message: 5000,
  company: 200,
  lines: 100,
  quantity: 9999,
  /** A form sent faster than this was filled by a program; it is answered quietly and not kept. */
  minFillMs: 2000,
} as const;

export const INQUIRY_TEXT = {
  required: 'Please fill name, email, subject and message',
  deleteConfirm: 'Delete this inquiry?',
  sent: 'Inquiry sent',
  loadFailed: 'Failed to load inquiries',
  deleteFailed: 'Failed to delete inquiry',
  sendFailed: 'Failed to send inquiry',
  tooMany: 'Too many quote requests from your address. Please try again in a few minutes.',
  productNotFound: 'The product this request is about no longer exists',
  notFound: 'Inquiry not found',
  linesUnavailable: 'Some products in your quote are no longer available',
  /**
   * A line whose product is not in the shop. The same words for a draft, a deleted product and an
   * id that never existed, and no name: the answer tells a visitor nothing the shop does not show.
   */
  lineUnavailable: 'This product is no longer available',
  lineRepeated: 'This product is already in the quote',
  quantityInvalid: `Quantity must be a whole number from 1 to ${INQUIRY_LIMITS.quantity}`,
  tooManyLines: `A quote request can hold at most ${INQUIRY_LIMITS.lines} products`,
  reference: 'Reference',
  company: 'Company',
  /** The staff pane's table of the basket a request carries. */
  lines: {
    heading: 'Requested products',
    product: 'Product',
    sku: 'SKU',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    lineTotal: 'Line total',
    total: 'Total',
    /** A line's quantity and unit price in one phrase, where the table has no room for their columns. */
    quantityAtPrice: (quantity: string, unitPrice: string) => `${quantity} × ${unitPrice}`,
  },
  /** The subject the shop's basket sends, since its form asks for none. */
  basketSubject: (lines: number) => `Quote request: ${lines} product${lines === 1 ? '' : 's'}`,
} as const;

/**
 * The acknowledgement a buyer gets when their request is stored. It repeats nothing the visitor
 * typed but the address it goes to: anyone can send the form with any address, so the e-mail must
 * carry no one's words to a stranger's mailbox. The products are the shop's own names.
 */
export const INQUIRY_MAIL = {
  /** The acknowledgement's subject in English; its words are the mail catalogue's (ADR 0036). */
  receivedSubject: (reference: string, company: string) =>
    buyerTexts(SOURCE_LOCALE, 'mail')('received.subject', { reference, company }),
  /** A basket line as the acknowledgement lists it; `options` as describeOptions prints them. */
  line: (quantity: number, name: string, sku: string | null, options = '') =>
    `${quantity} × ${name}${options ? `, ${options}` : ''}${sku ? ` (${sku})` : ''}`,
} as const;

export const INQUIRY_SORT_KEYS = ['created_at', 'name', 'email'] as const;
export type InquirySortKey = (typeof INQUIRY_SORT_KEYS)[number];
export const INQUIRY_PAGING = { options: [10, 15, 25, 50], defaultLimit: 15 } as const;

/** The reference a visitor and staff quote for a request: Q- and the id, six digits at least. */
export const inquiryReference = (id: number) => `Q-${String(id).padStart(6, '0')}`;

/** A request's name in the trash: its reference, subject and sender, so any of them finds it. */
export const inquiryTrashName = (id: number, row: { subject: string; name: string }) =>
  `${inquiryReference(id)}: ${row.subject} (${row.name})`;

/**
 * The request a search names by its reference, as people type it: `Q-000041`, `q-41`, `Q 41`,
 * `000041` or `41` all name request 41. Null when the text is not a reference (or no id could
 * be one), so a search treats it as words only.
 */
export function parseInquiryReference(text: string): number | null {
  const match = /^(?:q[\s-]*)?0*(\d{1,10})$/i.exec(text.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= MAX_ID ? id : null;
}

const quoteLine = z.strictObject({
  product_id: z.number({ error: 'product_id must be a product id' }).int().positive().max(MAX_ID),
  /** Which of the product's variants; may be left out for a product with only one. */
  variant_id: z
    .number({ error: 'variant_id must be a variant id' })
    .int({ error: 'variant_id must be a variant id' })
    .positive({ error: 'variant_id must be a variant id' })
    .max(MAX_ID, { error: 'variant_id must be a variant id' })
    .nullish()
    .transform((v) => v ?? null),
  quantity: z
    .number({ error: INQUIRY_TEXT.quantityInvalid })
    .int({ error: INQUIRY_TEXT.quantityInvalid })
    .min(1, { error: INQUIRY_TEXT.quantityInvalid })
    .max(INQUIRY_LIMITS.quantity, { error: INQUIRY_TEXT.quantityInvalid }),
});

const required = (max: number, field: string) =>
  z
    .string({ error: INQUIRY_TEXT.required })
    .trim()
    .min(1, { error: INQUIRY_TEXT.required })
    .max(max, { error: VALIDATION.tooLong(field, max) });

/** A language code as LOCALES spells it; whether the shop has it is the service's to say. */
const buyerLocale = z
  .string({ error: TRANSLATION_TEXT.badLocale })
  .regex(LOCALE_CODE, { error: TRANSLATION_TEXT.badLocale });

/** POST /api/inquiries: what a visitor may send. */
export const createInquiryBody = z
  .strictObject({
    // Name, phone, subject and company are one line each (the message alone is free text).
    name: oneLine(required(TEXT_LIMITS.name, 'Name'), 'Name'),
    email: required(TEXT_LIMITS.email, 'Email').pipe(z.email({ error: VALIDATION.invalidEmail })),
    phone: oneLine(
      z
        .string({ error: 'Phone must be text' })
        .trim()
        .max(INQUIRY_LIMITS.phone, { error: VALIDATION.tooLong('Phone', INQUIRY_LIMITS.phone) }),
      'Phone',
    )
      .nullish()
      .transform((v) => (v ? v : null)),
    subject: oneLine(required(INQUIRY_LIMITS.subject, 'Subject'), 'Subject'),
    // Needed unless the request carries a basket, whose products say what is asked (checked below).
    message: z
      .string({ error: INQUIRY_TEXT.required })
      .trim()
      .max(INQUIRY_LIMITS.message, { error: VALIDATION.tooLong('Message', INQUIRY_LIMITS.message) })
      .optional()
      .transform((v) => v ?? '')
      .describe('Required, except when `lines` holds at least one product.'),
    product_id: z.number({ error: 'product_id must be a product id' }).int().positive().max(MAX_ID).nullish(),
    company: oneLine(
      z
        .string({ error: 'Company must be text' })
        .trim()
        .max(INQUIRY_LIMITS.company, { error: VALIDATION.tooLong('Company', INQUIRY_LIMITS.company) }),
      'Company',
    )
      .nullish()
      .transform((v) => (v ? v : null)),
    lines: z
      .array(quoteLine, { error: 'lines must be a list of products and quantities' })
      .max(INQUIRY_LIMITS.lines, { error: INQUIRY_TEXT.tooManyLines })
      .superRefine((lines, ctx) => {
        // One line per product and variant: two sizes of one product are two lines.
        const seen = new Set<string>();
        lines.forEach((line, i) => {
          const key = `${line.product_id}:${line.variant_id ?? ''}`;
          if (seen.has(key))
            ctx.addIssue({ code: 'custom', message: INQUIRY_TEXT.lineRepeated, path: [i, 'product_id'] });
          seen.add(key);
        });
      })
      .optional(),
    /**
     * The buyer's language (ADR 0036): the shop sends the page's. One of the shop's LOCALES, else
     * 400; left out, the default language.
     */
    locale: buyerLocale
      .optional()
      .describe("The buyer's language, one of the shop's locales (LOCALES); left out, the default."),
    /** A field people never see: a program that fills every field fills this one too. */
    website: z.string().optional(),
    /** How long the form was open, as the page measured it. */
    elapsed_ms: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.message === '' && !body.lines?.length)
      ctx.addIssue({ code: 'custom', message: INQUIRY_TEXT.required, path: ['message'] });
  });
export type CreateInquiryBody = z.input<typeof createInquiryBody>;
export type CreateInquiryInput = z.output<typeof createInquiryBody>;

/** A request a program sent: the honeypot is filled, or the form was sent faster than a person can. */
export const looksAutomated = (body: Pick<CreateInquiryInput, 'website' | 'elapsed_ms'>) =>
  (body.website ?? '').trim() !== '' ||
  (body.elapsed_ms !== undefined && body.elapsed_ms < INQUIRY_LIMITS.minFillMs);

/**
 * A request's place on the desk. `quoted` comes from sending a quote and `accepted`/`declined`
 * from the customer's answer (or staff recording one given by other means, once a quote was
 * sent); `closed` always carries a reason.
 */
export const INQUIRY_STATUSES = ['new', 'open', 'quoted', 'accepted', 'declined', 'closed'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];
export const CLOSE_REASONS = ['lost', 'spam', 'duplicate', 'other'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

/**
 * Every move a request can make, whoever makes it: staff on the desk, sending a quote (to
 * quoted), the customer's answer (quoted to accepted, declined, or open when they ask for
 * changes). Any other move is a 409. Once accepted or declined, a request takes no new version:
 * accepted only closes, and a declined one is reopened before it is quoted again.
 */
const INQUIRY_MOVES: Record<InquiryStatus, readonly InquiryStatus[]> = {
  new: ['open', 'quoted', 'closed'],
  open: ['quoted', 'closed'],
  quoted: ['open', 'accepted', 'declined', 'closed'],
  accepted: ['closed'],
  declined: ['open', 'closed'],
  closed: ['open'],
};
export const canMoveInquiry = (from: InquiryStatus, to: InquiryStatus) =>
  from === to || INQUIRY_MOVES[from].includes(to);

/** The moves staff make by hand (PATCH): all but to quoted, which only sending a quote makes. */
export const staffMoves = (from: InquiryStatus): readonly InquiryStatus[] =>
  INQUIRY_MOVES[from].filter((to) => to !== 'quoted');
export const canStaffMoveInquiry = (from: InquiryStatus, to: InquiryStatus) =>
  from === to || staffMoves(from).includes(to);

export const DESK_TEXT = {
  statusInvalid: `Status must be one of: ${INQUIRY_STATUSES.join(', ')}`,
  closeReasonInvalid: `The close reason must be one of: ${CLOSE_REASONS.join(', ')}`,
  closeReasonRequired: 'Say why the request is closed',
  moveForbidden: (from: string, to: string) => `A request cannot go from ${from} to ${to}`,
  quoteNeeded: 'Send a quote before marking the request quoted, accepted or declined',
  ownerNotFound: 'No staff user has this id',
  noteRequired: 'Write the note first',
  status: {
    new: 'New',
    open: 'Open',
    quoted: 'Quoted',
    accepted: 'Accepted',
    declined: 'Declined',
    closed: 'Closed',
  } satisfies Record<InquiryStatus, string>,
  closeReason: {
    lost: 'Lost',
    spam: 'Spam',
    duplicate: 'Duplicate',
    other: 'Other',
  } satisfies Record<CloseReason, string>,
} as const;

export const NOTE_MAX_LENGTH = 5000;

/** PATCH /api/inquiries/{id}: any of status, owner (null: nobody), close reason and the buyer's language. */
export const patchInquiryBody = z
  .strictObject({
    status: z.enum(INQUIRY_STATUSES, { error: DESK_TEXT.statusInvalid }).optional(),
    owner_id: z.number().int().positive().max(MAX_ID).nullable().optional(),
    close_reason: z.enum(CLOSE_REASONS, { error: DESK_TEXT.closeReasonInvalid }).optional(),
    /** The buyer's language, one of the shop's locales: what they receive from now on is in it. */
    locale: buyerLocale.optional(),
  })
  .refine((v) => v.status !== 'closed' || v.close_reason !== undefined, {
    error: DESK_TEXT.closeReasonRequired,
    path: ['close_reason'],
  });
export type PatchInquiryBody = z.input<typeof patchInquiryBody>;

export const noteBody = z.strictObject({
  body: z
    .string({ error: DESK_TEXT.noteRequired })
    .trim()
    .min(1, { error: DESK_TEXT.noteRequired })
    .max(NOTE_MAX_LENGTH, { error: VALIDATION.tooLong('Note', NOTE_MAX_LENGTH) }),
});

/** One recorded change of a request: who, when, and what moved. */
const inquiryEventSchema = z.object({
  id: z.number(),
  at: z.string(),
  /**
   * Null when the customer or the system made it (an answer on the quote page, a sent quote), or
   * an API token.
   */
  actor: staffRef.nullable(),
  /** The API token that made it, if one did. */
  token: tokenRef.nullable(),
  /**
   * 'quote_expired': the scheduled job expired a sent quote (its version in `to`).
   * 'approval_requested', 'quote_approved', 'quote_rejected': a step of a draft's approval, the
   * quote's id in `from`, the note or reason in `to`.
   * 'locale': staff changed the buyer's language, the codes in `from` and `to`.
   */
  kind: z.enum([
    'status',
    'owner',
    'quote_expired',
    'approval_requested',
    'quote_approved',
    'quote_rejected',
    'locale',
  ]),
  from: z.string().nullable(),
  to: z.string().nullable(),
  close_reason: z.enum(CLOSE_REASONS).nullable(),
});

export const inquirySchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  created_at: z.string(),
  product: z.object({ id: z.number(), name: z.string(), slug: z.string() }).nullable(),
  reference: z.string(),
  company: z.string().nullable(),
  /** The basket as sent: each product's name, SKU and final price when the visitor asked. */
  lines: z.array(
    z.object({
      product_id: z.number().nullable(),
      /** The product's slug today, for staff to open it; null once the product is deleted. */
      product_slug: z.string().nullable(),
      name: z.string(),
      sku: z.string().nullable(),
      /** The product's variant it was for; null on lines from before variants, or once it is deleted. */
      variant_id: z.number().nullable(),
      /** The variant's options as they read then, `{ "Size": "M" }`; empty when it has none. */
      options: z.record(z.string(), z.string()),
      quantity: z.number(),
      unit_price: z.number(),
    }),
  ),
  status: z.enum(INQUIRY_STATUSES),
  owner: staffRef.nullable(),
  close_reason: z.enum(CLOSE_REASONS).nullable(),
  /** The buyer's language (one of LOCALES): what they receive about the request is in it. */
  locale: z.string(),
});
export type InquiryLine = Inquiry['lines'][number];
export type Inquiry = z.infer<typeof inquirySchema>;

const day = calendarDay.optional();

/**
 * The inbox's filters: status, owner ('me', 'nobody' or a user id) and a range of days the
 * request arrived in (inclusive, calendar days in the seller's TIMEZONE). The usual q, sort and
 * paging stay as they are.
 */
export const inquiryListQuery = listQuery({
  sortKeys: INQUIRY_SORT_KEYS,
  defaultSort: 'created_at',
  defaultOrder: 'desc',
  defaultLimit: INQUIRY_PAGING.defaultLimit,
  limitKey: 'perPage',
  extra: {
    status: z.enum(INQUIRY_STATUSES, { error: DESK_TEXT.statusInvalid }).optional(),
    owner: z
      .string()
      .regex(/^(me|nobody|[1-9]\d{0,9})$/, { error: "owner must be 'me', 'nobody' or a user id" })
      .refine((v) => !/^\d+$/.test(v) || Number(v) <= MAX_ID, {
        error: "owner must be 'me', 'nobody' or a user id",
      })
      .optional(),
    from: day,
    to: day,
    /** pending: the requests whose draft quote waits for an approver. */
    approval: z.enum(['pending'], { error: 'approval must be pending' }).optional(),
  },
});
/** Counts per status over the list's other filters, so the status tabs say what each holds. */
const inquiryStatusCounts = z.object(
  Object.fromEntries(INQUIRY_STATUSES.map((s) => [s, z.number()])) as Record<InquiryStatus, z.ZodNumber>,
);
export const inquiryListResponse = z.object({
  data: z.array(inquirySchema),
  meta: listMeta,
  counts: inquiryStatusCounts,
  /**
   * False when a search's count stopped past PAGING.exactCountCap: that status holds more than
   * the cap, as meta.total_exact says of the total.
   */
  counts_exact: z.boolean(),
});

/**
 * What GET /api/inquiries/{id} says of the request's customer: earlier_requests are the
 * customer's requests made before this one, accepted the customer's orders not cancelled.
 */
const inquiryCustomerSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  company: z.object({ id: z.number(), name: z.string() }).nullable(),
  earlier_requests: z.number(),
  accepted: z.number(),
});
export type InquiryCustomer = z.infer<typeof inquiryCustomerSchema>;

/** GET /api/inquiries/{id}: the request with its notes, its history and its quotes. */
export const inquiryDetailSchema = inquirySchema.extend({
  notes: z.array(staffNoteSchema),
  history: z.array(inquiryEventSchema),
  quotes: z.array(quoteSchema),
  /** The request's order once an accepted quote made one (its newest), else null. */
  order: orderSummarySchema.nullish(),
  /** The request's customer (ADR 0022), null only for a request no customer holds. */
  customer: inquiryCustomerSchema.nullish(),
});
export type InquiryDetail = z.infer<typeof inquiryDetailSchema>;

/** The inbox's time: the first 19 characters of the stored time with the T replaced by a space. */
export const inquiryTime = (createdAt: string) => createdAt.slice(0, 19).replace('T', ' ');

/** The Compose link carries the subject. */
export const composeHref = (email: string, subject: string) =>
  `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
