import { randomBytes } from 'node:crypto';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { buyerDay, buyerTexts } from '#domain/buyer-texts';
import { SOURCE_LOCALE } from '#domain/i18n';
import { formatMoney } from '#domain/money';
import { type ExtendQuoteInput, isExpired, QUOTE_TEXT } from '#domain/quotes';
import type { Rights } from '../../auth/rights';
import type { Tx } from '../../db/client';
import { quotes } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors/app-error';
import { checkInquiryMove, moveInquiry } from '../shared/desk';
import { readQuoteRows, toQuote } from '../shared/quote-read';
import { checkSendApproval } from './quote-approval';
import type { QuoteContext } from './quote-context';
import { lockBoth } from './quote-locks';

/** The customer's key to a sent quote's page: 192 random bits, never derived from the id. */
const newToken = () => randomBytes(24).toString('base64url');

/** The request's next version number; call under the request's row lock. */
async function nextVersion(tx: Tx, inquiryId: number) {
  const { rows } = await tx.execute<{ next: number }>(
    sql`select coalesce(max(version), 0) + 1 as next from quotes where inquiry_id = ${inquiryId}`,
  );
  return rows[0].next;
}

/**
 * What sending a version does besides writing it: every earlier version still waiting for the
 * customer (sent, or expired unanswered) is superseded; the request moves to quoted; the
 * customer's e-mail, with the PDF, is queued in the same transaction, so it goes out exactly
 * when the quote is sent.
 */
async function afterSend(
  ctx: QuoteContext,
  tx: Tx,
  sentId: number,
  inquiry: { id: number; status: Parameters<typeof checkInquiryMove>[0] },
  actorId: number | null,
) {
  const { deps } = ctx;
  await tx
    .update(quotes)
    .set({ status: 'superseded' })
    .where(
      and(
        eq(quotes.inquiry_id, inquiry.id),
        inArray(quotes.status, ['sent', 'expired']),
        ne(quotes.id, sentId),
      ),
    );
  if (inquiry.status !== 'quoted')
    await moveInquiry(tx, { inquiryId: inquiry.id, from: inquiry.status, to: 'quoted', actorId });
  const [sent] = await readQuoteRows(tx, sql`q.id = ${sentId}`);
  const full = toQuote(sent, null, deps.timeZone);
  const { pdf, customer, reference, filename, locale } = await ctx.pdfOf(tx, full);
  const t = buyerTexts(locale, 'mail');
  const version = full.version;
  const total =
    locale === SOURCE_LOCALE
      ? ctx.money(full.total, full.currency)
      : formatMoney(full.total, full.currency, locale);
  await deps.mailer.enqueue(tx, {
    to: customer.email,
    subject: t('quoteSent.subject', { reference, version, company: deps.companyName }),
    text: [
      t('quoteSent.hello', { name: customer.name }),
      '',
      t('quoteSent.intro', { reference, version }),
      t('quoteSent.total', { total }),
      t('quoteSent.validUntil', { date: buyerDay(locale, full.valid_until) }),
      '',
      t('quoteSent.link', { url: `${deps.publicUrl}/quote/${full.token}` }),
      '',
      t('quoteSent.attached'),
      '',
      ...ctx.signature,
    ].join('\n'),
    attachments: [{ filename, content: pdf, contentType: 'application/pdf' }],
    inquiry_id: inquiry.id,
    quote_id: sentId,
    kind: 'quote_sent',
  });
  return ctx.readOne(tx, sentId);
}

/**
 * The product names of a draft's lines in the buyer's language, written onto the lines as the
 * quote is sent, so the quote keeps the words it was sent with. A line whose name is the
 * product's own takes the product's translated name where there is one; a line staff renamed
 * keeps their words, and one without a translation keeps the default language's.
 */
async function snapshotNames(ctx: QuoteContext, tx: Tx, quoteId: number, stored: string) {
  const locale = ctx.localeOf(stored);
  if (!ctx.deps.locales || locale === ctx.deps.locales.default) return;
  await tx.execute(sql`
    update quote_lines l set name = t.name
    from products p, product_translations t
    where l.quote_id = ${quoteId} and p.id = l.product_id and l.name = p.name
      and t.product_id = p.id and t.locale = ${locale} and t.name is not null and t.name <> ''`);
}

/**
 * Sends a draft: the request's next version, a token, the time; an earlier version still
 * unanswered is superseded; the request moves to quoted; the customer's e-mail is queued.
 */
export async function sendQuote(ctx: QuoteContext, id: number, actorId: number | null, rights: Rights) {
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
    if (isExpired(quote.valid_until, new Date(), ctx.deps.timeZone)) throw conflict(QUOTE_TEXT.expired);
    await checkSendApproval(tx, id, rights);
    const version = await nextVersion(tx, quote.inquiry_id);
    await snapshotNames(ctx, tx, id, inquiry.locale);
    await tx
      .update(quotes)
      .set({ status: 'sent', version, token: newToken(), sent_at: sql`now()` })
      .where(eq(quotes.id, id));
    return afterSend(ctx, tx, id, inquiry, actorId);
  });
}

/**
 * Extend: the same offer as a new version with a new last day, sent at once. It supersedes the
 * quote it extends (sent, or expired unanswered), which stays readable; a draft the request may
 * hold is left alone. The new date must not have passed in the seller's time zone.
 */
export async function extendQuote(
  ctx: QuoteContext,
  id: number,
  input: ExtendQuoteInput,
  actorId: number | null,
) {
  return ctx.db.transaction(async (tx) => {
    const locked = await lockBoth(tx, sql`id = ${id}`);
    if (!locked) throw notFound(QUOTE_TEXT.notFound);
    const { quote, inquiry } = locked;
    if (quote.status !== 'sent' && quote.status !== 'expired') throw conflict(QUOTE_TEXT.notExtendable);
    if (isExpired(input.valid_until, new Date(), ctx.deps.timeZone))
      throw badRequest(QUOTE_TEXT.extendDateInvalid, { valid_until: QUOTE_TEXT.extendDateInvalid });
    checkInquiryMove(inquiry.status, 'quoted');
    const version = await nextVersion(tx, quote.inquiry_id);
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into quotes (inquiry_id, version, status, token, currency, shipping, shipping_label,
        tax_rate, valid_until, note, terms, created_by, revised_from, sent_at)
      select inquiry_id, ${version}::int, 'sent', ${newToken()}, currency, shipping, shipping_label,
        tax_rate, ${input.valid_until}::date, note, terms, ${actorId}::int, id, now()
      from quotes where id = ${id}
      returning id`);
    const newId = rows[0].id;
    // The lines as quoted: an extension keeps the offer, prices included.
    await tx.execute(sql`
      insert into quote_lines (quote_id, position, product_id, variant_id, options, name, sku,
        quantity, unit_price, discount_percent, catalogue_price, price_source)
      select ${newId}::int, l.position, p.id, v.id, l.options, l.name, l.sku, l.quantity, l.unit_price,
        l.discount_percent, l.catalogue_price, l.price_source
      from quote_lines l left join products p on p.id = l.product_id
        left join product_variants v on v.id = l.variant_id
      where l.quote_id = ${id}`);
    return afterSend(ctx, tx, newId, inquiry, actorId);
  });
}
