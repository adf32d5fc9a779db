import { z } from 'zod';
import { MAX_PRICE_CENTS } from './constants';
import { toCents } from './money';
import { staffRef } from './notes';
import { listMeta, listQuery } from './paging';
import { PERCENT_MAX } from './pricing';

/**
 * Quote approval: the seller's two thresholds (a line's discount below the customer's own price,
 * and the quote's total), what a quote breaks of them, and where a quote's approval stands. The
 * server refuses a send on these rules and the builder shows them as staff type, from this one
 * evaluation. Imports no quote module: the caller hands the total in (domain/quotes.ts
 * quoteTotals), so quotes.ts can carry the approval in its schema.
 */

export const QUOTE_APPROVAL_LIMITS = { note: 2000 } as const;

export const QUOTE_APPROVAL_TEXT = {
  percentInvalid: `max_discount_percent must be a percent from 0 to ${PERCENT_MAX} with at most two decimals, or null`,
  totalInvalid: 'max_total must be an amount of at least 0 with at most two decimals, or null',
  noteRequired: 'Say why this quote needs its price',
  reasonRequired: 'Say why the quote is rejected',
  noteTooLong: `The note can be at most ${QUOTE_APPROVAL_LIMITS.note} characters`,
  /** The 409 of a send that needs approval first. */
  sendNeedsApproval: 'This quote breaks an approval rule: ask for approval before sending it',
  notRequired: 'This quote breaks no approval rule: send it as it is',
  alreadyPending: 'Approval has already been asked for this quote',
  alreadyApproved: 'This quote is already approved: send it',
  notPending: 'This quote is not waiting for approval',
  notDraft: 'Only a draft quote can be asked, approved or rejected',
  ownRequest: 'You asked approval for this quote: another approver must decide it',
  /** The staff e-mail to approvers. */
  mailSubject: (reference: string) => `${reference}: a quote waits for your approval`,
  reason: {
    max_discount_percent: (line: number, value: number, max: number) =>
      `Line ${line}: ${value}% below the customer's price (the limit is ${max}%)`,
    max_total: (total: string, max: string) => `Total ${total} is above ${max}`,
  },
  status: {
    not_required: 'No approval needed',
    required: 'Needs approval',
    pending: 'Waiting for approval',
    approved: 'Approved',
    rejected: 'Rejected',
  },
} as const;

/** A percent with at most two decimals from 0 to 100, or null (the rule is off). */
const percentOrNull = z
  .union([z.number(), z.string().trim(), z.null()], { error: QUOTE_APPROVAL_TEXT.percentInvalid })
  .transform((v, ctx) => {
    if (v === null) return null;
    try {
      const hundredths = toCents(v);
      if (hundredths < 0 || hundredths > PERCENT_MAX * 100) throw new Error('out of range');
      return hundredths / 100;
    } catch {
      ctx.addIssue({ code: 'custom', message: QUOTE_APPROVAL_TEXT.percentInvalid });
      return z.NEVER;
    }
  });

/** An amount with at most two decimals, 0 or more, or null (the rule is off). */
const amountOrNull = z
  .union([z.number(), z.string().trim(), z.null()], { error: QUOTE_APPROVAL_TEXT.totalInvalid })
  .transform((v, ctx) => {
    if (v === null) return null;
    try {
      const cents = toCents(v);
      if (cents < 0 || cents > MAX_PRICE_CENTS) throw new Error('out of range');
      return cents / 100;
    } catch {
      ctx.addIssue({ code: 'custom', message: QUOTE_APPROVAL_TEXT.totalInvalid });
      return z.NEVER;
    }
  });

/** PUT /api/settings/quote-approval: both keys, each a threshold or null for off. */
export const quoteApprovalSettingsBody = z.strictObject({
  max_discount_percent: percentOrNull,
  max_total: amountOrNull,
});

/** What the settings tab sends: each limit as typed (text or a number), or null for off. */
export type QuoteApprovalSettingsBody = z.input<typeof quoteApprovalSettingsBody>;

export const quoteApprovalSettingsSchema = z.object({
  max_discount_percent: z.number().nullable(),
  max_total: z.number().nullable(),
});
export type QuoteApprovalRules = z.infer<typeof quoteApprovalSettingsSchema>;

/** Both rules off: how a store starts. */
export const NO_APPROVAL_RULES: QuoteApprovalRules = { max_discount_percent: null, max_total: null };

const APPROVAL_RULES = ['max_discount_percent', 'max_total'] as const;
/**
 * One broken rule: a line's discount (its 1-based position, the percent rounded to two
 * decimals), or the total (line null, the total).
 */
const approvalReasonSchema = z.object({
  rule: z.enum(APPROVAL_RULES),
  line: z.number().nullable(),
  value: z.number(),
});
export type ApprovalReason = z.infer<typeof approvalReasonSchema>;

/** What a line needs to be judged: prices as decimals (text or number). */
export type ApprovalLine = {
  unit_price: number | string;
  discount_percent?: number | string;
  /** The customer's own price for the line's variant and quantity; null for a typed line. */
  catalogue_price?: number | string | null;
};

/** n / d rounded half-up, for d > 0 (n may be negative: rounded away from zero symmetrically). */
const halfUp = (n: bigint, d: bigint) => (n < 0n ? -((-n * 2n + d) / (2n * d)) : (n * 2n + d) / (2n * d));

/**
 * How far a line's final unit price (its unit price less its own percent) sits below the
 * customer's price, exactly: the shortfall in hundredths of a percent is excess / reference
 * (see lineDiscount). A typed line has no customer price: its unit price stands for it, so only
 * its own percent counts. An agreed price written as the unit price is the customer's price, so
 * it is no discount.
 */
function lineShortfall(line: ApprovalLine) {
  const unit = BigInt(toCents(line.unit_price));
  const off = BigInt(toCents(line.discount_percent ?? 0));
  const reference = BigInt(toCents(line.catalogue_price ?? line.unit_price));
  // reference × 10,000 − unit × (10,000 − off): the shortfall in cents × hundredths of a percent.
  return { excess: reference * 10_000n - unit * (10_000n - off), reference };
}

/** A line's discount below the customer's price as a percent, rounded half-up to two decimals. */
export function lineDiscount(line: ApprovalLine): number {
  const { excess, reference } = lineShortfall(line);
  if (reference <= 0n) return 0;
  return Number(halfUp(excess, reference)) / 100;
}

/**
 * The rules a quote breaks, lines first (in order), then the total. A line breaks the discount
 * rule when its exact discount is above the limit (the rounded value is only what is shown); the
 * quote breaks the total rule when its total is above the limit.
 */
export function approvalReasons(
  quote: { lines: readonly ApprovalLine[]; total_cents: bigint },
  rules: QuoteApprovalRules,
): ApprovalReason[] {
  const reasons: ApprovalReason[] = [];
  if (rules.max_discount_percent !== null) {
    const max = BigInt(toCents(rules.max_discount_percent));
    quote.lines.forEach((line, i) => {
      const { excess, reference } = lineShortfall(line);
      if (reference > 0n && excess > max * reference)
        reasons.push({ rule: 'max_discount_percent', line: i + 1, value: lineDiscount(line) });
    });
  }
  if (rules.max_total !== null && quote.total_cents > BigInt(toCents(rules.max_total)))
    reasons.push({ rule: 'max_total', line: null, value: Number(quote.total_cents) / 100 });
  return reasons;
}

/** Where an approval is kept on a quote: asked, then decided; null until asked (or after a change). */
const APPROVAL_STATES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

const APPROVAL_STATUSES = ['not_required', 'required', ...APPROVAL_STATES] as const;
type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * A quote's approval as staff read it. `status`: not_required (no rule broken), required (a rule
 * broken, not asked or voided by a change), pending, approved or rejected. `required`: whether a
 * sender without quote.approve is refused until it is approved.
 */
export const quoteApprovalSchema = z.object({
  status: z.enum(APPROVAL_STATUSES),
  required: z.boolean(),
  reasons: z.array(approvalReasonSchema),
  /** The thresholds the reasons were judged by, so the builder judges edits the same way. */
  rules: quoteApprovalSettingsSchema,
  requested_by: staffRef.nullable(),
  requested_at: z.string().nullable(),
  /** The requester's note. */
  note: z.string().nullable(),
  decided_by: staffRef.nullable(),
  decided_at: z.string().nullable(),
  /** The approver's note, or the reason for a rejection. */
  reply: z.string().nullable(),
});
export type QuoteApproval = z.infer<typeof quoteApprovalSchema>;

/** What is stored of an approval on the quote's row. */
export type StoredApproval = {
  state: ApprovalState | null;
  requested_by: { id: number; name: string } | null;
  requested_at: string | null;
  note: string | null;
  decided_by: { id: number; name: string } | null;
  decided_at: string | null;
  reply: string | null;
};

/** A quote whose approval was never asked. */
export const NOT_ASKED: StoredApproval = {
  state: null,
  requested_by: null,
  requested_at: null,
  note: null,
  decided_by: null,
  decided_at: null,
  reply: null,
};

/** The approval of a quote from what its row keeps and the rules it breaks now. */
export function quoteApproval(
  stored: StoredApproval,
  reasons: ApprovalReason[],
  rules: QuoteApprovalRules,
): QuoteApproval {
  const status: ApprovalStatus = stored.state ?? (reasons.length ? 'required' : 'not_required');
  return {
    status,
    required: reasons.length > 0 && status !== 'approved',
    reasons,
    rules,
    requested_by: stored.requested_by,
    requested_at: stored.requested_at,
    note: stored.note,
    decided_by: stored.decided_by,
    decided_at: stored.decided_at,
    reply: stored.reply,
  };
}

const noteText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(QUOTE_APPROVAL_LIMITS.note, { error: QUOTE_APPROVAL_TEXT.noteTooLong });

/** POST /api/quotes/{id}/approval. */
export const requestApprovalBody = z.strictObject({ note: noteText(QUOTE_APPROVAL_TEXT.noteRequired) });
/** POST /api/quotes/{id}/approve: a note is optional. */
export const approveQuoteBody = z.strictObject({
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(QUOTE_APPROVAL_LIMITS.note, { error: QUOTE_APPROVAL_TEXT.noteTooLong })
    .nullish()
    .transform((v) => (v ? v : null)),
});
/** POST /api/quotes/{id}/reject. */
export const rejectQuoteBody = z.strictObject({ reason: noteText(QUOTE_APPROVAL_TEXT.reasonRequired) });

/** The 409 of a send that needs approval: the error and what the quote breaks. */
export const approvalRequiredErrorSchema = z.object({
  error: z.string(),
  details: z.record(z.string(), z.string()).optional(),
  permission: z.string().optional(),
  approval: z.object({ required: z.literal(true), reasons: z.array(approvalReasonSchema) }).optional(),
});

/** GET /api/quotes: every quote, or those whose approval is in one state (approval=pending). */
const QUOTE_LIST_SORT_KEYS = ['created_at', 'requested_at'] as const;
export const quoteListQuery = listQuery({
  sortKeys: QUOTE_LIST_SORT_KEYS,
  defaultSort: 'created_at',
  defaultOrder: 'desc',
  defaultLimit: 25,
  extra: {
    approval: z
      .enum(APPROVAL_STATES, { error: `approval must be one of: ${APPROVAL_STATES.join(', ')}` })
      .optional(),
  },
});
export type QuoteListParams = z.output<typeof quoteListQuery>;

/** A quote in the list: what an approver needs to pick it, with its request's reference and customer. */
const quoteListItemSchema = z.object({
  id: z.number(),
  inquiry_id: z.number(),
  reference: z.string(),
  customer: z.string(),
  version: z.number().nullable(),
  status: z.string(),
  total: z.number(),
  currency: z.string(),
  created_at: z.string(),
  approval: quoteApprovalSchema,
});
export const quoteListResponse = z.object({ data: z.array(quoteListItemSchema), meta: listMeta });
export type QuoteListResponse = z.infer<typeof quoteListResponse>;

/** The screens' words: the builder, the desk, the dashboard and the settings tab. */
export const QUOTE_APPROVAL_SCREEN = {
  ask: 'Ask for approval',
  askTitle: 'Ask for approval',
  askBody: 'An approver reads your note with the rules this quote breaks, and approves or rejects it.',
  noteLabel: 'Note to the approver',
  notePlaceholder: 'Why this price?',
  asked: 'Approval asked: the approvers have been e-mailed',
  askFailed: 'Could not ask for approval',
  waiting: 'Waiting for approval',
  approve: 'Approve',
  approveTitle: 'Approve this quote?',
  approveNote: 'Note to the requester (optional)',
  approved: 'Quote approved',
  approveFailed: 'Could not approve the quote',
  reject: 'Reject',
  rejectTitle: 'Reject this quote?',
  rejectReason: 'Reason',
  rejected: 'Quote rejected',
  rejectFailed: 'Could not reject the quote',
  cancel: 'Cancel',
  /** Under a line that breaks the discount rule, as staff type. */
  lineOver: (value: number, max: number) => `${value}% below the customer's price: over the ${max}% limit`,
  totalOver: (max: string) => `The total is over the ${max} limit`,
  needsApproval: 'This quote needs approval before it is sent',
  pendingBy: (name: string) => `Waiting for approval, asked by ${name}`,
  approvedBy: (name: string) => `Approved by ${name}`,
  rejectedBy: (name: string) => `Rejected by ${name}`,
  someone: 'someone',
  theirNote: 'Note',
  reply: 'Reply',
  ownRequest: 'You asked for this approval: another approver decides it.',
  willVoid: 'Saving a change asks for approval again.',
  /** The dashboard's card and the desk's filter. */
  waitingCount: 'Waiting for approval',
  waitingCaption: 'Draft quotes an approver must decide',
  waitingFilter: 'Waiting for approval',
  loadFailed: 'Could not load the quotes waiting for approval',
  /** The settings tab. */
  settingsTab: 'Quote approval',
  settingsTitle: 'Quote approval',
  settingsCaption:
    'Above these limits, a quote needs an approver (a role with “Approve quotes”) before it is sent. Leave a limit empty to turn it off.',
  maxDiscountLabel: 'Largest discount below the customer’s price (%)',
  maxTotalLabel: 'Largest quote total',
  save: 'Save limits',
  saved: 'Approval limits saved',
  saveFailed: 'Could not save the approval limits',
  settingsLoadFailed: 'Could not load the approval limits',
  /** The desk's history. */
  historyRequested: (quoteId: string | null, note: string | null) =>
    `Approval asked for quote #${quoteId ?? '?'}${note ? `: “${note}”` : ''}`,
  historyApproved: (quoteId: string | null, note: string | null) =>
    `Quote #${quoteId ?? '?'} approved${note ? `: “${note}”` : ''}`,
  historyRejected: (quoteId: string | null, reason: string | null) =>
    `Quote #${quoteId ?? '?'} rejected${reason ? `: “${reason}”` : ''}`,
} as const;
