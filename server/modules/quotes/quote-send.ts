import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { isExpired, QUOTE_TEXT } from '#domain/quotes';
import { quotes } from '../../db/schema';
import { conflict, notFound } from '../../errors/app-error';
import { checkInquiryMove, moveInquiry } from '../shared/desk';
import { readQuoteRows, toQuote } from '../shared/quote-read';
import type { QuoteContext } from './quote-context';
import { lockBoth } from './quote-locks';

/** The customer's key to a sent quote's page: 192 random bits, never derived from the id. */
const newToken = () => randomBytes(24).toString('base64url');

/**
 * Sends a draft: the request's next version, a token, the time; an earlier version still
 * unanswered is superseded; the request moves to quoted; the customer's e-mail, with the PDF,
 * is queued in the same transaction, so it goes out exactly when the quote is sent.
 */
export async function sendQuote(ctx: QuoteContext, id: number, actorId: number) {
  const { deps } = ctx;
  return ctx.db.transaction(async (tx) => {
    // The request's row is the lock that numbers its versions one at a time.
    const locked = await lockBoth(tx, sql`id = ${id}`);
    if (!locked) throw notFound(QUOTE_TEXT.notFound);
    const { quote, inquiry } = locked;
    if (quote.status !== 'draft') throw conflict(QUOTE_TEXT.notDraft);
    // An accepted or declined request takes no new version (nor a closed one, until reopened).
    checkInquiryMove(inquiry.status, 'quoted');
    const [{ lines }] = (
      await tx.execute<{ lines: number }>(
        sql`select count(*)::int as lines from quote_lines where quote_id = ${id}`,
      )
    ).rows;
    if (lines === 0) throw conflict(QUOTE_TEXT.noLines);
    if (isExpired(quote.valid_until)) throw conflict(QUOTE_TEXT.expired);
    const { rows } = await tx.execute<{ next: number }>(
      sql`select coalesce(max(version), 0) + 1 as next from quotes where inquiry_id = ${quote.inquiry_id}`,
    );
    const version = rows[0].next;
    const token = newToken();
    await tx
      .update(quotes)
      .set({ status: 'superseded' })
      .where(and(eq(quotes.inquiry_id, quote.inquiry_id), eq(quotes.status, 'sent')));
    await tx
      .update(quotes)
      .set({ status: 'sent', version, token, sent_at: sql`now()` })
      .where(eq(quotes.id, id));
    if (inquiry.status !== 'quoted')
      await moveInquiry(tx, { inquiryId: inquiry.id, from: inquiry.status, to: 'quoted', actorId });
    const [sent] = await readQuoteRows(tx, sql`q.id = ${id}`);
    const full = toQuote(sent, null);
    const { pdf, customer, reference, filename } = await ctx.pdfOf(tx, full);
    await deps.mailer.enqueue(tx, {
      to: customer.email,
      subject: `Your quote ${reference} (version ${version}) from ${deps.companyName}`,
      text: [
        `Hello ${customer.name},`,
        '',
        `Here is our quote for your request ${reference}, version ${version}.`,
        `Total: ${ctx.money(full.total, full.currency)}`,
        `Valid until: ${full.valid_until}`,
        '',
        `See it, accept it, decline it or ask for changes here: ${deps.publicUrl}/quote/${token}`,
        '',
        `The quote is attached as a PDF.`,
        '',
        ...ctx.signature,
      ].join('\n'),
      attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
      inquiry_id: inquiry.id,
      quote_id: id,
      kind: 'quote_sent',
    });
    return ctx.readOne(tx, id);
  });
}
