import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import { inquiryReference } from '#domain/inquiries';
import {
  type ApprovalReason,
  QUOTE_APPROVAL_TEXT,
  type QuoteApprovalRules,
  type QuoteListParams,
} from '#domain/quote-approval';
import { QUOTE_TEXT, type Quote } from '#domain/quotes';
import type { WebhookEventType } from '#domain/webhooks';
import type { Rights } from '../../auth/rights';
import type { Db, Tx } from '../../db/client';
import { pageWithTotal } from '../../db/query/counting';
import { inquiryEvents, quoteApprovalSettings, quotes } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors/app-error';
import { readQuoteRows, toQuote } from '../shared/quote-read';
import type { QuoteContext } from './quote-context';
import { lockBoth } from './quote-locks';

/** Who takes an approval step: the person (null for an API token) and their rights. */
export type ApprovalActor = { id: number | null; rights: Rights };

/** The thresholds; both off until staff set them. */
export async function approvalRules(reader: Pick<Db, 'select'>): Promise<QuoteApprovalRules> {
  const [row] = await reader.select().from(quoteApprovalSettings);
  const rule = (v: string | null | undefined) => (v == null ? null : Number(v));
  return { max_discount_percent: rule(row?.max_discount_percent), max_total: rule(row?.max_total) };
}

export async function setApprovalRules(db: Db, rules: QuoteApprovalRules): Promise<QuoteApprovalRules> {
  const values = {
    max_discount_percent: rules.max_discount_percent?.toFixed(2) ?? null,
    max_total: rules.max_total?.toFixed(2) ?? null,
  };
  await db
    .insert(quoteApprovalSettings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: quoteApprovalSettings.id, set: { ...values, updated_at: sql`now()` } });
  return approvalRules(db);
}

/** The 409 of a send that needs approval: its body names the rules the quote breaks. */
const approvalRequired = (reasons: ApprovalReason[]) =>
  new AppError(409, QUOTE_APPROVAL_TEXT.sendNeedsApproval, undefined, undefined, undefined, {
    approval: { required: true, reasons },
  });

/**
 * Called by a send under the quote's lock: a quote that breaks a rule goes out only approved, or
 * sent by someone who may approve it. A request left pending is moot once it is sent.
 */
export async function checkSendApproval(tx: Tx, id: number, rights: Rights) {
  const [row] = await readQuoteRows(tx, sql`q.id = ${id}`);
  const { approval } = toQuote(row, null, 'UTC');
  if (approval.required && !rights.has('quote.approve')) throw approvalRequired(approval.reasons);
  if (approval.status === 'pending')
    await tx.update(quotes).set({ approval_status: null }).where(eq(quotes.id, id));
}

/** What a change to a draft is measured by: its content as staff wrote it (prices read today aside). */
async function contentKey(tx: Tx, id: number) {
  const [row] = await readQuoteRows(tx, sql`q.id = ${id}`);
  if (!row) return '';
  const { shipping, shipping_label, tax_rate, valid_until, note, terms, lines } = row;
  return JSON.stringify({
    shipping,
    shipping_label,
    tax_rate,
    valid_until,
    note,
    terms,
    lines: lines.map(([product_id, name, sku, quantity, unit_price, discount_percent, , variant_id]) => [
      product_id,
      name,
      sku,
      quantity,
      unit_price,
      discount_percent,
      variant_id,
    ]),
  });
}

/**
 * Wraps a draft's write: a change to what it says voids an approval asked or given (pending,
 * approved or rejected go back to none, so it is judged again); saving it unchanged keeps it.
 */
export async function voidApprovalOnChange<T>(tx: Tx, id: number, write: () => Promise<T>): Promise<T> {
  const before = await contentKey(tx, id);
  const result = await write();
  if ((await contentKey(tx, id)) !== before)
    await tx
      .update(quotes)
      .set({
        approval_status: null,
        approval_requested_by: null,
        approval_requested_at: null,
        approval_note: null,
        approval_decided_by: null,
        approval_decided_at: null,
        approval_reply: null,
      })
      .where(and(eq(quotes.id, id), isNotNull(quotes.approval_status)));
  return result;
}

/** The quote as webhooks carry it: without the customer's token. */
const webhookData = ({ token: _secret, ...quote }: Quote) => quote;

/** The draft and its request locked for an approval step; 404 and 409 as the step needs. */
async function lockDraft(tx: Tx, id: number) {
  const locked = await lockBoth(tx, sql`id = ${id}`);
  if (!locked) throw notFound(QUOTE_TEXT.notFound);
  if (locked.quote.status !== 'draft') throw conflict(QUOTE_APPROVAL_TEXT.notDraft);
  return locked;
}

/** The step's history row, its webhook event, and the quote as it now reads. */
async function recordStep(
  ctx: QuoteContext,
  tx: Tx,
  step: {
    id: number;
    inquiryId: number;
    actorId: number | null;
    kind: 'approval_requested' | 'quote_approved' | 'quote_rejected';
    text: string | null;
    event: WebhookEventType;
  },
) {
  await tx.insert(inquiryEvents).values({
    inquiry_id: step.inquiryId,
    actor_id: step.actorId,
    kind: step.kind,
    from: String(step.id),
    to: step.text,
  });
  const quote = await ctx.readOne(tx, step.id);
  await ctx.deps.recordEvents?.(tx, [
    { type: step.event, entity: `quote:${step.id}`, data: webhookData(quote) },
  ]);
  return quote;
}

/**
 * Asks for approval: the draft must break a rule and not be pending or approved already. Every
 * user who may approve (but the one asking) is e-mailed through the outbox.
 */
export async function requestApproval(ctx: QuoteContext, id: number, actor: ApprovalActor, note: string) {
  return ctx.db.transaction(async (tx) => {
    const { quote, inquiry } = await lockDraft(tx, id);
    const current = await ctx.readOne(tx, id);
    if (current.approval.status === 'pending') throw conflict(QUOTE_APPROVAL_TEXT.alreadyPending);
    if (current.approval.status === 'approved') throw conflict(QUOTE_APPROVAL_TEXT.alreadyApproved);
    if (!current.approval.reasons.length) throw conflict(QUOTE_APPROVAL_TEXT.notRequired);
    await tx
      .update(quotes)
      .set({
        approval_status: 'pending',
        approval_requested_by: actor.id,
        approval_requested_at: sql`now()`,
        approval_note: note,
        approval_decided_by: null,
        approval_decided_at: null,
        approval_reply: null,
      })
      .where(eq(quotes.id, id));
    await mailApprovers(ctx, tx, { quote: current, inquiryId: inquiry.id, requesterId: actor.id, note });
    return recordStep(ctx, tx, {
      id,
      inquiryId: quote.inquiry_id,
      actorId: actor.id,
      kind: 'approval_requested',
      text: note,
      event: 'quote.approval_requested',
    });
  });
}

/** One e-mail per approver, each in the outbox in the asking transaction. */
async function mailApprovers(
  ctx: QuoteContext,
  tx: Tx,
  ask: { quote: Quote; inquiryId: number; requesterId: number | null; note: string },
) {
  const { rows: approvers } = await tx.execute<{ email: string; name: string }>(sql`
    select u.email, u.name from users u join roles r on r.key = u.role
    where 'quote.approve' = any(r.permissions) and u.id is distinct from ${ask.requesterId}::int
    order by u.id`);
  const { rows: requester } = await tx.execute<{ name: string }>(
    sql`select name from users where id = ${ask.requesterId}::int`,
  );
  const reference = inquiryReference(ask.inquiryId);
  const reasons = ask.quote.approval.reasons.map((r) =>
    r.rule === 'max_total'
      ? QUOTE_APPROVAL_TEXT.reason.max_total(
          ctx.money(r.value, ask.quote.currency),
          ctx.money(ask.quote.approval.rules.max_total ?? 0, ask.quote.currency),
        )
      : QUOTE_APPROVAL_TEXT.reason.max_discount_percent(
          r.line ?? 0,
          r.value,
          ask.quote.approval.rules.max_discount_percent ?? 0,
        ),
  );
  for (const approver of approvers)
    await ctx.deps.mailer.enqueue(tx, {
      to: approver.email,
      subject: QUOTE_APPROVAL_TEXT.mailSubject(reference),
      text: [
        `Hello ${approver.name},`,
        '',
        `${requester[0]?.name ?? 'An API token'} asks you to approve the draft quote for ${reference} (total ${ctx.money(ask.quote.total, ask.quote.currency)}):`,
        ...reasons.map((r) => `- ${r}`),
        '',
        `Their note: ${ask.note}`,
        '',
        `Approve or reject it: ${ctx.deps.publicUrl}/inquiries/${ask.inquiryId}/quotes/${ask.quote.id}`,
      ].join('\n'),
      // Linked to the request alone: a quote's delivery stays its sending's.
      inquiry_id: ask.inquiryId,
      kind: 'quote_approval',
    });
}

/**
 * Approves or rejects a pending draft: only someone other than who asked (403 for them, whatever
 * their rights); 409 when it is not waiting.
 */
export async function decideApproval(
  ctx: QuoteContext,
  id: number,
  actor: ApprovalActor,
  decision: { approved: boolean; text: string | null },
) {
  return ctx.db.transaction(async (tx) => {
    const { quote } = await lockDraft(tx, id);
    const [row] = await tx
      .select({ status: quotes.approval_status, requestedBy: quotes.approval_requested_by })
      .from(quotes)
      .where(eq(quotes.id, id));
    if (row.status !== 'pending') throw conflict(QUOTE_APPROVAL_TEXT.notPending);
    if (actor.id !== null && row.requestedBy === actor.id)
      throw new AppError(403, QUOTE_APPROVAL_TEXT.ownRequest);
    await tx
      .update(quotes)
      .set({
        approval_status: decision.approved ? 'approved' : 'rejected',
        approval_decided_by: actor.id,
        approval_decided_at: sql`now()`,
        approval_reply: decision.text,
      })
      .where(eq(quotes.id, id));
    return recordStep(ctx, tx, {
      id,
      inquiryId: quote.inquiry_id,
      actorId: actor.id,
      kind: decision.approved ? 'quote_approved' : 'quote_rejected',
      text: decision.text,
      event: decision.approved ? 'quote.approved' : 'quote.rejected',
    });
  });
}

const SORT_COLUMNS = { created_at: quotes.created_at, requested_at: quotes.approval_requested_at };

/**
 * The quotes, newest first, or one approval state's (approval=pending: the drafts waiting for an
 * approver, from quotes_approval_idx). Each with its request's reference and customer.
 */
export async function listQuotes(ctx: QuoteContext, params: QuoteListParams) {
  const state = params.filters.approval as 'pending' | 'approved' | 'rejected' | undefined;
  const where: SQL | undefined = state
    ? and(eq(quotes.approval_status, state), eq(quotes.status, 'draft'))
    : undefined;
  const { rows, meta } = await pageWithTotal(
    ctx.db,
    { table: quotes, id: quotes.id, where, sortColumns: SORT_COLUMNS, params },
    (scope) =>
      scope.db
        .select({ id: quotes.id, total: scope.total })
        .from(quotes)
        .where(inArray(quotes.id, scope.ids()))
        .orderBy(...scope.order),
  );
  const ids = rows.map((r) => r.id);
  const read = ids.length ? await readQuoteRows(ctx.db, sql`q.id = any(${`{${ids.join(',')}}`}::int[])`) : [];
  const { rows: customers } = ids.length
    ? await ctx.db.execute<{ id: number; name: string }>(
        sql`select q.id, i.name from quotes q join inquiries i on i.id = q.inquiry_id
          where q.id = any(${`{${ids.join(',')}}`}::int[])`,
      )
    : { rows: [] };
  const byId = new Map(read.map((r) => [r.id, toQuote(r, null, ctx.deps.timeZone)]));
  const names = new Map(customers.map((c) => [c.id, c.name]));
  return {
    data: ids.flatMap((id) => {
      const q = byId.get(id);
      if (!q) return [];
      return [
        {
          id: q.id,
          inquiry_id: q.inquiry_id,
          reference: inquiryReference(q.inquiry_id),
          customer: names.get(id) ?? '',
          version: q.version,
          status: q.status,
          total: q.total,
          currency: q.currency,
          created_at: q.created_at,
          approval: q.approval,
        },
      ];
    }),
    meta,
  };
}
