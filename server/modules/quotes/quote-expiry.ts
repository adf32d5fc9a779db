import { sql } from 'drizzle-orm';
import { inquiryReference } from '#domain/inquiries';
import { isExpired, quoteExpiresAt } from '#domain/quotes';
import { todayIn } from '#domain/time-zone';
import type { Tx } from '../../db/client';
import { inquiryEvents } from '../../db/schema';
import { staffRecipient } from '../shared/desk';
import type { QuoteContext } from './quote-context';
import { lockBoth } from './quote-locks';

const DAY_MS = 86_400_000;

/** What one run did: the quotes it moved to expired and the customers it reminded. */
export type ExpiryRun = { expired: number[]; reminded: number[] };

type Candidate = { id: number; valid_until: string; sent_at: string };

/**
 * The scheduled pass over sent quotes, at `now` (the tests' clock): each one past the end of its
 * valid_until day in the seller's time zone becomes 'expired', its request's history records it
 * and its owner (or NOTIFY_EMAIL) is e-mailed; each one within QUOTE_REMINDER_DAYS of that point
 * reminds its customer once, with the link.
 *
 * Exactly once, however many runs race: each quote is taken in a transaction of its own that
 * locks its request and then the quote (the order every desk write keeps, so a run never
 * deadlocks with an answer), and the change is a conditional UPDATE (still 'sent', not yet
 * reminded) whose RETURNING decides whether this run writes the history row and the message, in
 * that same transaction. A run that lost the race finds nothing to update and writes nothing.
 */
export async function runQuoteExpiry(ctx: QuoteContext, now = new Date()): Promise<ExpiryRun> {
  const { timeZone, reminderDays } = ctx.deps;
  // A coarse scan by the index on sent quotes' dates (a day's slack each side of any time zone);
  // the exact instant is decided per quote by the one rule (domain quoteExpiresAt).
  const horizon = todayIn(timeZone, new Date(now.getTime() + (reminderDays + 1) * DAY_MS));
  const { rows } = await ctx.db.execute<Candidate>(sql`
    select id, to_char(valid_until, 'YYYY-MM-DD') as valid_until, sent_at
    from quotes where status = 'sent' and valid_until <= ${horizon}::date
    order by valid_until, id`);
  const run: ExpiryRun = { expired: [], reminded: [] };
  for (const quote of rows) {
    if (isExpired(quote.valid_until, now, timeZone)) {
      if (await expireOne(ctx, quote.id, now)) run.expired.push(quote.id);
    } else if (reminderDays > 0 && dueForReminder(quote, now, timeZone, reminderDays)) {
      if (await remindOne(ctx, quote.id, now)) run.reminded.push(quote.id);
    }
  }
  return run;
}

/**
 * A reminder is due from `reminderDays` before the quote expires, for a quote sent before that
 * point: one sent inside the window was just read, and reminding at once would only repeat it.
 */
function dueForReminder(quote: Candidate, now: Date, timeZone: string, days: number) {
  const from = quoteExpiresAt(quote.valid_until, timeZone).getTime() - days * DAY_MS;
  return now.getTime() >= from && new Date(quote.sent_at).getTime() < from;
}

async function expireOne(ctx: QuoteContext, id: number, now: Date) {
  const { deps } = ctx;
  return ctx.db.transaction(async (tx) => {
    const locked = await lockBoth(tx, sql`id = ${id}`);
    if (!locked) return false;
    const { rows } = await tx.execute<{ version: number; valid_until: string; inquiry_id: number }>(sql`
      update quotes set status = 'expired', expired_at = ${now.toISOString()}::timestamptz
      where id = ${id} and status = 'sent'
      returning version, to_char(valid_until, 'YYYY-MM-DD') as valid_until, inquiry_id`);
    const expired = rows[0];
    if (!expired) return false;
    const { inquiry } = locked;
    await tx.insert(inquiryEvents).values({
      inquiry_id: inquiry.id,
      actor_id: null,
      kind: 'quote_expired',
      from: 'sent',
      to: String(expired.version),
      at: now,
    });
    const to = staffRecipient(inquiry.owner_email, deps.notifyEmail);
    if (to) {
      const reference = inquiryReference(inquiry.id);
      await deps.mailer.enqueue(tx, {
        to,
        subject: `${reference}: quote v${expired.version} expired unanswered`,
        text: [
          `Version ${expired.version} of the quote for ${reference} (${inquiry.name} <${inquiry.email}>) was valid until ${expired.valid_until} and expired without an answer.`,
          '',
          `Extend it or close the request: ${deps.publicUrl}/inquiries?selected=${inquiry.id}`,
        ].join('\n'),
        // Linked to the request alone: a quote's delivery stays its sending's.
        inquiry_id: inquiry.id,
        kind: 'quote_expired',
      });
    }
    return true;
  });
}

async function remindOne(ctx: QuoteContext, id: number, now: Date) {
  const { deps } = ctx;
  return ctx.db.transaction(async (tx: Tx) => {
    const locked = await lockBoth(tx, sql`id = ${id}`);
    if (!locked) return false;
    const { rows } = await tx.execute<{ version: number; valid_until: string; token: string }>(sql`
      update quotes set reminded_at = ${now.toISOString()}::timestamptz
      where id = ${id} and status = 'sent' and reminded_at is null
      returning version, to_char(valid_until, 'YYYY-MM-DD') as valid_until, token`);
    const quote = rows[0];
    if (!quote) return false;
    const { inquiry } = locked;
    const reference = inquiryReference(inquiry.id);
    await deps.mailer.enqueue(tx, {
      to: inquiry.email,
      subject: `Reminder: your quote ${reference} from ${deps.companyName} is valid until ${quote.valid_until}`,
      text: [
        `Hello ${inquiry.name},`,
        '',
        `A reminder that our quote for your request ${reference} (version ${quote.version}) is valid until ${quote.valid_until}.`,
        '',
        `See it, accept it, decline it or ask for changes here: ${deps.publicUrl}/quote/${quote.token}`,
        '',
        ...ctx.signature,
      ].join('\n'),
      // Linked to the request alone: a quote's delivery stays its sending's.
      inquiry_id: inquiry.id,
      kind: 'quote_reminder',
    });
    return true;
  });
}
