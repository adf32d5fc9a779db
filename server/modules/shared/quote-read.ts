import { type SQL, sql } from 'drizzle-orm';
import type { PriceSource } from '#domain/customer-pricing';
import { canMoveInquiry, type InquiryStatus } from '#domain/inquiries';
import { toCents } from '#domain/money';
import {
  type ApprovalState,
  approvalReasons,
  type QuoteApprovalRules,
  quoteApproval,
} from '#domain/quote-approval';
import {
  centsToNumber,
  HIDDEN_QUOTE_TOKEN,
  isExpired,
  type PublicQuote,
  QUOTE_ANSWERS,
  type Quote,
  type QuoteAnswer,
  type QuoteStatus,
  quoteTotals,
} from '#domain/quotes';
import { type LineOptions, optionsRecord } from '#domain/variants';
import type { Rights } from '../../auth/rights';
import type { Db } from '../../db/client';

/** What the customer's answer does to the request. */
export const REQUEST_AFTER: Record<QuoteAnswer, InquiryStatus> = {
  accepted: 'accepted',
  declined: 'declined',
  changes_requested: 'open',
};

type Executor = Pick<Db, 'execute'>;

type LineRow = [
  product_id: number | null,
  name: string,
  sku: string | null,
  quantity: number,
  unit_price: string,
  discount_percent: string,
  catalogue_price: string | null,
  variant_id: number | null,
  options: LineOptions | null,
  price_source: PriceSource | null,
];

/** A quote as stored, with its lines as arrays in position order. */
export type QuoteRow = {
  id: number;
  inquiry_id: number;
  version: number | null;
  status: QuoteStatus;
  token: string | null;
  currency: string;
  shipping: string;
  shipping_label: string | null;
  tax_rate: string;
  valid_until: string;
  note: string | null;
  terms: string | null;
  created_at: string;
  sent_at: string | null;
  answered_at: string | null;
  answer_kind: QuoteAnswer | null;
  answer_name: string | null;
  answer_message: string | null;
  answer_address: string | null;
  expired_at: string | null;
  lines: LineRow[];
  approval_status: ApprovalState | null;
  approval_requested_by: { id: number; name: string } | null;
  approval_requested_at: string | null;
  approval_note: string | null;
  approval_decided_by: { id: number; name: string } | null;
  approval_decided_at: string | null;
  approval_reply: string | null;
  /** The approval thresholds now (quote_approval_settings), as decimal text; null when never set. */
  approval_rules: { max_discount_percent: string | null; max_total: string | null } | null;
};

/**
 * Quotes with their lines, in one statement; `where` filters the quotes (alias q). Times come as
 * ISO text from the database, so no precision is lost on the way.
 */
export async function readQuoteRows(db: Executor, where: SQL, order: SQL = sql`q.id desc`) {
  const { rows } = await db.execute<QuoteRow>(sql`
    select q.id, q.inquiry_id, q.version, q.status, q.token, q.currency, q.shipping::text as shipping,
      q.shipping_label, q.tax_rate::text as tax_rate, to_char(q.valid_until, 'YYYY-MM-DD') as valid_until,
      q.note, q.terms, q.created_at, q.sent_at, q.answered_at, q.answer_kind, q.answer_name,
      q.answer_message, q.answer_address, q.expired_at,
      q.approval_status, q.approval_note, q.approval_reply, q.approval_requested_at, q.approval_decided_at,
      (select json_build_object('id', u.id, 'name', u.name) from users u where u.id = q.approval_requested_by)
        as approval_requested_by,
      (select json_build_object('id', u.id, 'name', u.name) from users u where u.id = q.approval_decided_by)
        as approval_decided_by,
      (select json_build_object('max_discount_percent', s.max_discount_percent::text, 'max_total', s.max_total::text)
        from quote_approval_settings s) as approval_rules,
      coalesce((select json_agg(json_build_array(l.product_id, l.name, l.sku, l.quantity,
          l.unit_price::text, l.discount_percent::text, l.catalogue_price::text, l.variant_id, l.options,
          l.price_source)
          order by l.position)
        from quote_lines l where l.quote_id = q.id), '[]'::json) as lines
    from quotes q
    where ${where}
    order by ${order}`);
  return rows;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const decimal = (v: string) => toCents(v) / 100;

/** A quote's content and totals, by the one rule (domain/quotes.ts quoteTotals), from its stored lines. */
function content(r: QuoteRow) {
  const lines = r.lines.map(
    ([
      product_id,
      name,
      sku,
      quantity,
      unit_price,
      discount_percent,
      catalogue_price,
      variant_id,
      options,
      price_source,
    ]) => ({
      product_id,
      name,
      sku,
      variant_id,
      options: optionsRecord(options),
      quantity,
      unit_price,
      discount_percent,
      catalogue_price,
      price_source,
    }),
  );
  const totals = quoteTotals({ lines, shipping: r.shipping, tax_rate: r.tax_rate });
  return {
    totalCents: totals.total,
    lines: lines.map((l, i) => ({
      ...l,
      unit_price: decimal(l.unit_price),
      discount_percent: decimal(l.discount_percent),
      catalogue_price: l.catalogue_price === null ? null : decimal(l.catalogue_price),
      line_total: centsToNumber(totals.lines[i]),
    })),
    subtotal: centsToNumber(totals.subtotal),
    shipping: centsToNumber(totals.shipping),
    shipping_label: r.shipping_label,
    tax_rate: decimal(r.tax_rate),
    tax: centsToNumber(totals.tax),
    total: centsToNumber(totals.total),
    currency: r.currency,
    valid_until: r.valid_until,
    note: r.note,
    terms: r.terms,
  };
}

/**
 * Expiry matters while the quote can still be sent or answered: one the job moved to 'expired',
 * or one still 'sent' (or a draft) past the end of its day in the seller's time zone, which the
 * job has not reached yet.
 */
export const quoteExpired = (
  r: Pick<QuoteRow, 'status' | 'valid_until'>,
  timeZone: string,
  now = new Date(),
) =>
  r.status === 'expired' ||
  ((r.status === 'draft' || r.status === 'sent') && isExpired(r.valid_until, now, timeZone));

/** The approval thresholds a row was read with: off where never set. */
const approvalRulesOf = (r: Pick<QuoteRow, 'approval_rules'>): QuoteApprovalRules => {
  const rule = (v: string | null | undefined) => (v == null ? null : decimal(v));
  return {
    max_discount_percent: rule(r.approval_rules?.max_discount_percent),
    max_total: rule(r.approval_rules?.max_total),
  };
};

/** A quote's approval: what its row keeps, and the rules its lines and total break now. */
function approvalOf(r: QuoteRow, lines: ReturnType<typeof content>['lines'], totalCents: bigint) {
  const rules = approvalRulesOf(r);
  const reasons = approvalReasons({ lines, total_cents: totalCents }, rules);
  return quoteApproval(
    {
      state: r.approval_status,
      requested_by: r.approval_requested_by,
      requested_at: iso(r.approval_requested_at),
      note: r.approval_note,
      decided_by: r.approval_decided_by,
      decided_at: iso(r.approval_decided_at),
      reply: r.approval_reply,
    },
    reasons,
    rules,
  );
}

export function toQuote(r: QuoteRow, delivery: Quote['delivery_detail'], timeZone: string): Quote {
  const detail = r.status === 'draft' ? null : delivery;
  const { totalCents, ...read } = content(r);
  return {
    id: r.id,
    inquiry_id: r.inquiry_id,
    version: r.version,
    status: r.status,
    ...read,
    approval: approvalOf(r, read.lines, totalCents),
    token: r.token,
    expired: quoteExpired(r, timeZone),
    expired_at: iso(r.expired_at),
    created_at: iso(r.created_at)!,
    sent_at: iso(r.sent_at),
    answer:
      r.answer_kind && r.answered_at
        ? {
            kind: r.answer_kind,
            at: iso(r.answered_at)!,
            name: r.answer_name,
            message: r.answer_message,
            address: r.answer_address ?? '',
          }
        : null,
    delivery: detail?.status ?? null,
    delivery_detail: detail,
  };
}

export function toPublicQuote(
  r: QuoteRow,
  about: Pick<PublicQuote, 'reference' | 'company' | 'customer' | 'seller' | 'locale'> & {
    requestStatus: InquiryStatus;
  },
  timeZone: string,
): Omit<PublicQuote, 'order' | 'accept_requires'> {
  const { requestStatus, ...shown } = about;
  const expired = quoteExpired(r, timeZone);
  const { lines, totalCents: _, ...rest } = content(r);
  // Every answer's move must pass the desk's one check (INQUIRY_MOVES), which only a request
  // waiting for the customer (quoted) allows for all three.
  const answerable = QUOTE_ANSWERS.every((kind) => canMoveInquiry(requestStatus, REQUEST_AFTER[kind]));
  return {
    ...shown,
    version: r.version!,
    status: r.status,
    ...rest,
    // The catalogue price and its source are the staff's to see: the customer sees the price quoted.
    lines: lines.map(({ catalogue_price: _, price_source: __, ...line }) => line),
    sent_at: iso(r.sent_at)!,
    expired,
    can_answer: r.status === 'sent' && !expired && answerable,
    answer:
      r.answer_kind && r.answered_at
        ? { kind: r.answer_kind, at: iso(r.answered_at)!, name: r.answer_name, message: r.answer_message }
        : null,
  };
}

/**
 * A quote as a member of staff sees it: its token (the customer's key to answer it) only for a
 * holder of quote.send, who sends it anyway. Every staff answer that carries quotes goes through
 * here.
 */
export function quoteForCaller(quote: Quote, rights: Rights): Quote {
  if (rights.has('quote.send')) return quote;
  const { token: _, ...shown } = quote;
  return shown;
}

/** A request's detail with each of its quotes as the caller may see it. */
export const detailForCaller = <T extends { quotes: Quote[] }>(detail: T, rights: Rights): T => ({
  ...detail,
  quotes: detail.quotes.map((q) => quoteForCaller(q, rights)),
});

/** A customer's quote link in a text (a message in the outbox), by the token's own shape. */
const QUOTE_LINK = /(\/quote\/)[A-Za-z0-9_-]{22,64}/g;

/** A message's text as a member of staff reads it: quote links without their token, but for quote.send. */
export const quoteLinksForCaller = (text: string, rights: Rights): string =>
  rights.has('quote.send') ? text : text.replace(QUOTE_LINK, `$1${HIDDEN_QUOTE_TOKEN}`);
