import { eq, sql } from 'drizzle-orm';
import { inquiryReference } from '#domain/inquiries';
import { type AcceptOrderInput, missingAcceptFields, ORDER_TEXT } from '#domain/orders';
import { type PublicQuote, QUOTE_TEXT, type Quote, type QuoteAnswer, quoteTokenParam } from '#domain/quotes';
import type { Db, Tx } from '../../db/client';
import { quotes } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors/app-error';
import { checkInquiryMove, lockInquiry, moveInquiry, staffRecipient } from '../shared/desk';
import { orderOfQuote } from '../shared/order-summary';
import { quoteExpired, REQUEST_AFTER, readQuoteRows, toPublicQuote, toQuote } from '../shared/quote-read';
import type { QuoteContext } from './quote-context';
import { lockBoth } from './quote-locks';

const ANSWER_WORDS: Record<QuoteAnswer, string> = {
  accepted: 'accepted',
  declined: 'declined',
  changes_requested: 'asked for changes to',
};

export type AnswerInput =
  | ({ kind: 'accepted'; name: string } & Partial<AcceptOrderInput>)
  | { kind: 'declined'; reason: string | null }
  | { kind: 'changes_requested'; message: string };

/** The customer's page: a sent version by its token; a draft or an unknown token is not found. */
export async function publicQuote(ctx: QuoteContext, token: string): Promise<PublicQuote> {
  if (!quoteTokenParam.safeParse({ token }).success) throw notFound(QUOTE_TEXT.notFound);
  const [row] = await readQuoteRows(ctx.db, sql`q.token = ${token} and q.status <> 'draft'`);
  if (!row) throw notFound(QUOTE_TEXT.notFound);
  return withOrder(
    ctx,
    ctx.db,
    row.id,
    toPublicQuote(row, await ctx.aboutOf(ctx.db, row.inquiry_id), ctx.deps.timeZone),
  );
}

/** The page's order (once accepted) and the acceptance form's required fields. */
async function withOrder(
  ctx: QuoteContext,
  reader: Db | Tx,
  quoteId: number,
  page: Omit<PublicQuote, 'order' | 'accept_requires'>,
): Promise<PublicQuote> {
  return {
    ...page,
    order: await orderOfQuote(reader, quoteId),
    accept_requires: await ctx.deps.acceptRequired(reader),
  };
}

/** The customer's PDF of a sent version, by its token: signed once accepted. */
export async function publicPdf(ctx: QuoteContext, token: string) {
  if (!quoteTokenParam.safeParse({ token }).success) throw notFound(QUOTE_TEXT.notFound);
  const [row] = await readQuoteRows(ctx.db, sql`q.token = ${token} and q.status <> 'draft'`);
  if (!row) throw notFound(QUOTE_TEXT.notFound);
  const { pdf, filename } = await ctx.pdfOf(ctx.db, toQuote(row, null, ctx.deps.timeZone));
  return { pdf, filename };
}

/**
 * The customer's answer, taken once: the quote's row is locked, so of two answers at once
 * the second sees the first's result. Records the time and the client's address, moves the
 * request, writes its history (no staff actor) and tells the owner (or NOTIFY_EMAIL).
 */
export async function answerQuote(
  ctx: QuoteContext,
  token: string,
  input: AnswerInput,
  address: string,
): Promise<PublicQuote> {
  if (!quoteTokenParam.safeParse({ token }).success) throw notFound(QUOTE_TEXT.notFound);
  const order: AcceptOrderInput = {
    po_number: (input.kind === 'accepted' && input.po_number) || null,
    billing_address: (input.kind === 'accepted' && input.billing_address) || null,
    shipping_address: (input.kind === 'accepted' && input.shipping_address) || null,
  };
  // The fields the seller requires, checked before anything is read or locked.
  if (input.kind === 'accepted') {
    const missing = missingAcceptFields(order, await ctx.deps.acceptRequired(ctx.db));
    if (missing.length)
      throw badRequest(
        ORDER_TEXT.fieldRequired[missing[0]],
        Object.fromEntries(missing.map((field) => [field, ORDER_TEXT.fieldRequired[field]])),
      );
  }
  return ctx.db.transaction(async (tx) => {
    const locked = await lockBoth(tx, sql`token = ${token} and status <> 'draft'`);
    if (!locked) throw notFound(QUOTE_TEXT.notFound);
    const { quote, inquiry } = locked;
    if (quote.status === 'superseded') throw conflict(QUOTE_TEXT.superseded);
    // Expired by the job, or past its day and not yet reached by it: refused alike.
    if (quoteExpired(quote, ctx.deps.timeZone)) throw conflict(QUOTE_TEXT.expiredOn(quote.valid_until));
    if (quote.status !== 'sent') throw conflict(QUOTE_TEXT.alreadyAnswered);
    // The request may have moved on at the desk since the quote went out (reopened, closed).
    const to = REQUEST_AFTER[input.kind];
    checkInquiryMove(inquiry.status, to, QUOTE_TEXT.notAnswerable);
    const name = input.kind === 'accepted' ? input.name : null;
    const message =
      input.kind === 'declined' ? input.reason : input.kind === 'changes_requested' ? input.message : null;
    await tx
      .update(quotes)
      .set({
        status: input.kind,
        answered_at: sql`now()`,
        answer_kind: input.kind,
        answer_name: name,
        answer_message: message,
        answer_address: address,
      })
      .where(eq(quotes.id, quote.id));
    if (inquiry.status !== to)
      await moveInquiry(tx, {
        inquiryId: inquiry.id,
        from: inquiry.status,
        to,
        actorId: null,
        refusal: QUOTE_TEXT.notAnswerable,
      });
    await notifyStaff(
      ctx,
      tx,
      quote,
      input.kind,
      input.kind === 'accepted' ? `Signed: ${input.name}` : message ? `Their words: ${message}` : null,
    );
    const [row] = await readQuoteRows(tx, sql`q.id = ${quote.id}`);
    if (input.kind === 'accepted') {
      const accepted = toQuote(row, null, ctx.deps.timeZone);
      await confirmAcceptance(ctx, tx, accepted, token);
      // The order, in this same transaction: it stands exactly when the acceptance does.
      await ctx.deps.createOrder(tx, accepted, { ...order, signed_by: input.name, token });
    }
    return withOrder(
      ctx,
      tx,
      quote.id,
      toPublicQuote(row, await ctx.aboutOf(tx, quote.inquiry_id), ctx.deps.timeZone),
    );
  });
}

async function notifyStaff(
  ctx: QuoteContext,
  tx: Tx,
  quote: { id: number; inquiry_id: number; version: number | null },
  kind: QuoteAnswer,
  detail: string | null,
) {
  const { deps } = ctx;
  const inquiry = await lockInquiry(tx, quote.inquiry_id);
  const to = staffRecipient(inquiry.owner_email, deps.notifyEmail);
  if (!to) return;
  const reference = inquiryReference(inquiry.id);
  await deps.mailer.enqueue(tx, {
    to,
    subject: `${reference}: the customer ${ANSWER_WORDS[kind]} quote v${quote.version}`,
    text: [
      `${inquiry.name} <${inquiry.email}> ${ANSWER_WORDS[kind]} version ${quote.version} of the quote for ${reference}.`,
      ...(detail ? ['', detail] : []),
      '',
      `Open it: ${deps.publicUrl}/inquiries?selected=${inquiry.id}`,
    ].join('\n'),
    // Linked to the request alone: a quote's delivery is its customer e-mail's (deliveryOfQuotes
    // reads a quote's latest message), which this note to staff must not stand in for.
    inquiry_id: inquiry.id,
    kind: 'quote_answered',
  });
}

/**
 * The customer's confirmation of an acceptance, with the signed PDF, queued in the acceptance's
 * own transaction: it goes out exactly when the acceptance stands.
 */
async function confirmAcceptance(ctx: QuoteContext, tx: Tx, quote: Quote, token: string) {
  const { deps } = ctx;
  const { pdf, customer, reference, filename } = await ctx.pdfOf(tx, quote);
  const signer = quote.answer?.name ?? customer.name;
  await deps.mailer.enqueue(tx, {
    to: customer.email,
    subject: `You accepted quote ${reference} (version ${quote.version}) from ${deps.companyName}`,
    text: [
      `Hello ${customer.name},`,
      '',
      `Thank you: quote ${reference}, version ${quote.version}, was accepted and signed by ${signer}.`,
      `Total: ${ctx.money(quote.total, quote.currency)}`,
      '',
      'The signed quote is attached as a PDF. We will be in touch about the next steps.',
      `The quote stays here: ${deps.publicUrl}/quote/${token}`,
      '',
      ...ctx.signature,
    ].join('\n'),
    attachments: [
      { filename: filename.replace(/\.pdf$/, '-signed.pdf'), content: pdf, contentType: 'application/pdf' },
    ],
    // Linked to the request alone, like the note to staff: a quote's delivery stays its sending's.
    inquiry_id: quote.inquiry_id,
    kind: 'quote_accepted',
  });
}
