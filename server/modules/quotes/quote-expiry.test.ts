import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUOTE_TEXT, quoteExpiresAt } from '#domain/quotes';
import { type Db, openDatabase } from '../../db/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { sentQuote } from '../../test/quotes';
import { renderOrderPdf } from '../orders/order-pdf';
import { createOrdersService } from '../orders/orders.service';
import { renderQuotePdf } from './pdf';
import { createQuotesService } from './quotes.service';

/**
 * Quotes that expire: the scheduled pass on a clock the tests hold (`now` is passed in), run
 * twice and by two service instances at once on the same database (as two processes would), at
 * the edge of a day in the seller's TIMEZONE; the customer's page and answers once expired; and
 * Extend.
 */
const ZONE = 'Pacific/Auckland';
let ctx: TestContext;
let owner: { id: number; email: string };
beforeAll(async () => {
  ctx = await createTestContext({
    PUBLIC_URL: 'https://shop.example.com',
    NOTIFY_EMAIL: 'desk@example.com',
    INQUIRY_RATE_MAX: '1000',
    QUOTE_PAGE_RATE_MAX: '1000',
    TIMEZONE: ZONE,
  });
  const made = await ctx.makeUser({ name: 'Expiry Owner', email: 'expiry-owner@example.com' });
  owner = { id: made.user.id, email: 'expiry-owner@example.com' };
});
afterAll(() => ctx.close());

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];
const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

/**
 * A service like the app's, as another process would build it, with its own reminder days; on
 * PostgreSQL, `db` may be another pool of connections to the same database, as another process has.
 */
const instance = (reminderDays = 3, db: Db = ctx.database.db) => {
  const orders = createOrdersService(db, {
    mailer: ctx.app.mailer,
    renderPdf: renderOrderPdf,
    publicUrl: ctx.config.publicUrl,
    companyName: ctx.config.companyName,
    company: ctx.config.company,
    timeZone: ctx.config.timeZone,
  });
  return createQuotesService(db, {
    mailer: ctx.app.mailer,
    renderPdf: renderQuotePdf,
    publicUrl: ctx.config.publicUrl,
    companyName: ctx.config.companyName,
    company: ctx.config.company,
    currency: ctx.config.currency,
    notifyEmail: ctx.config.mail.notifyEmail,
    timeZone: ctx.config.timeZone,
    reminderDays,
    acceptRequired: orders.requiredFields,
    createOrder: orders.createFromQuote,
  });
};

/** A quote sent on 2026-03-01, valid through `validUntil`, its request owned by the owner. */
async function quoteValidUntil(validUntil: string) {
  const sent = await sentQuote(ctx, { remoteAddress: address() });
  await q('update inquiries set owner_id = $2 where id = $1', [sent.inquiry.id, owner.id]);
  await q(`update quotes set valid_until = $2, sent_at = '2026-03-01T00:00:00Z' where id = $1`, [
    sent.id,
    validUntil,
  ]);
  return sent;
}

const messages = async (inquiryId: number, kind: string) =>
  q<{ to_address: string; subject: string; text_body: string }>(
    `select to_address, subject, text_body from outbox where inquiry_id = $1 and kind = $2 order by id`,
    [inquiryId, kind],
  );
const expiryEvents = async (inquiryId: number) =>
  q(`select actor_id, "from", "to" from inquiry_events where inquiry_id = $1 and kind = 'quote_expired'`, [
    inquiryId,
  ]);
const statusOf = async (id: number) =>
  (await q<{ status: string }>('select status from quotes where id = $1', [id]))[0].status;

describe('the end of a quote', () => {
  it('is the end of its valid_until day in TIMEZONE: 2026-03-10 in Pacific/Auckland ends at 2026-03-10T11:00Z', () => {
    expect(quoteExpiresAt('2026-03-10', ZONE).toISOString()).toBe('2026-03-10T11:00:00.000Z');
    expect(quoteExpiresAt('2026-03-10', 'UTC').toISOString()).toBe('2026-03-11T00:00:00.000Z');
    // Across a change of offset: New York moves to daylight time on 2026-03-08.
    expect(quoteExpiresAt('2026-03-07', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(quoteExpiresAt('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('the job leaves the quote sent a millisecond before that instant and expires it at the instant', async () => {
    const { id, inquiry } = await quoteValidUntil('2026-03-10');
    const service = instance();
    const before = await service.runExpiry(new Date('2026-03-10T10:59:59.999Z'));
    expect(before.expired).not.toContain(id);
    expect(await statusOf(id)).toBe('sent');
    const at = await service.runExpiry(new Date('2026-03-10T11:00:00.000Z'));
    expect(at.expired).toContain(id);
    expect(await statusOf(id)).toBe('expired');
    expect(
      (
        await q<{ expired_at: Date }>('select expired_at from quotes where id = $1', [id])
      )[0].expired_at.toISOString(),
    ).toBe('2026-03-10T11:00:00.000Z');
    expect(await expiryEvents(inquiry.id)).toEqual([{ actor_id: null, from: 'sent', to: '1' }]);
  });
});

describe('expiry, exactly once', () => {
  it('run twice, the second run finds nothing: one history row, one e-mail to the owner', async () => {
    const { id, inquiry } = await quoteValidUntil('2026-03-12');
    const service = instance();
    const now = new Date('2026-03-13T12:00:00Z');
    expect((await service.runExpiry(now)).expired).toContain(id);
    expect((await service.runExpiry(now)).expired).not.toContain(id);
    expect(await expiryEvents(inquiry.id)).toHaveLength(1);
    const mail = await messages(inquiry.id, 'quote_expired');
    expect(mail).toHaveLength(1);
    expect(mail[0].to_address).toBe(owner.email);
    expect(mail[0].subject).toBe(`${inquiry.reference}: quote v1 expired unanswered`);
    expect(mail[0].text_body).toContain('valid until 2026-03-12');
  });

  it('two instances racing on the same database expire each quote once between them', async () => {
    const made = await Promise.all([1, 2, 3, 4].map(() => quoteValidUntil('2026-03-14')));
    const now = new Date('2026-03-15T12:00:00Z');
    // On PostgreSQL the second "process" has a pool of its own; the embedded database has one session.
    const url = (ctx.database.pool as unknown as { options: { connectionString?: string } }).options
      .connectionString;
    const other =
      ctx.database.label === 'postgres' && url ? await openDatabase({ kind: 'postgres', url, max: 3 }) : null;
    const runs = await Promise.all([
      instance().runExpiry(now),
      instance(3, other?.db).runExpiry(now),
      instance().runExpiry(now),
    ]).finally(() => other?.close());
    const ids = made.map((m) => m.id);
    const taken = runs.flatMap((r) => r.expired).filter((id) => ids.includes(id));
    expect(taken.sort()).toEqual([...ids].sort());
    for (const m of made) {
      expect(await statusOf(m.id)).toBe('expired');
      expect(await expiryEvents(m.inquiry.id)).toHaveLength(1);
      expect(await messages(m.inquiry.id, 'quote_expired')).toHaveLength(1);
    }
  });

  it('the hourly housekeeping runs it: a quote past its day in real time becomes expired', async () => {
    const { id } = await quoteValidUntil('2020-01-31');
    await ctx.app.housekeeping.runAll();
    expect(await statusOf(id)).toBe('expired');
  });
});

describe('the reminder', () => {
  it('goes to the customer once, QUOTE_REMINDER_DAYS before expiry, with the link, however many runs', async () => {
    const { id, token, inquiry } = await quoteValidUntil('2026-03-20');
    // 2026-03-20 ends at 2026-03-20T11:00Z in Auckland: three days before is 2026-03-17T11:00Z.
    expect((await instance().runExpiry(new Date('2026-03-17T10:59:00Z'))).reminded).not.toContain(id);
    const now = new Date('2026-03-17T11:00:00Z');
    const runs = await Promise.all([instance().runExpiry(now), instance().runExpiry(now)]);
    expect(runs.flatMap((r) => r.reminded).filter((x) => x === id)).toEqual([id]);
    expect((await instance().runExpiry(new Date('2026-03-18T00:00:00Z'))).reminded).not.toContain(id);
    const mail = await messages(inquiry.id, 'quote_reminder');
    expect(mail).toHaveLength(1);
    expect(mail[0].to_address).toBe('quinn@example.com');
    expect(mail[0].text_body).toContain(`https://shop.example.com/quote/${token}`);
    expect(mail[0].text_body).toContain('valid until 2026-03-20');
    // The reminder leaves the quote sent and answerable.
    expect(await statusOf(id)).toBe('sent');
  });

  it('is never sent with QUOTE_REMINDER_DAYS=0, and the quote still expires', async () => {
    const { id, inquiry } = await quoteValidUntil('2026-03-22');
    const off = instance(0);
    expect((await off.runExpiry(new Date('2026-03-21T00:00:00Z'))).reminded).toEqual([]);
    expect((await off.runExpiry(new Date('2026-03-23T00:00:00Z'))).expired).toContain(id);
    expect(await messages(inquiry.id, 'quote_reminder')).toEqual([]);
  });
});

describe('an expired quote', () => {
  it('stays readable, says it expired, and refuses every answer with 409 and its date', async () => {
    const { id, token, inquiry } = await quoteValidUntil('2026-03-10');
    await instance().runExpiry(new Date('2026-03-11T00:00:00Z'));
    expect(await statusOf(id)).toBe('expired');
    const page = await ctx.as().get(`/api/public/quotes/${token}`, { remoteAddress: address() });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ status: 'expired', expired: true, can_answer: false });
    const answers: [string, object][] = [
      ['accept', { name: 'Late Signer' }],
      ['decline', { reason: 'Too late' }],
      ['changes', { message: 'Cheaper?' }],
    ];
    for (const [kind, body] of answers) {
      const res = await ctx
        .as()
        .post(`/api/public/quotes/${token}/${kind}`, body, { remoteAddress: address() });
      expect(res.statusCode, kind).toBe(409);
      expect(res.json()).toEqual({ error: 'This quote expired on 2026-03-10' });
    }
    expect(await statusOf(id)).toBe('expired');
    expect(
      (await q<{ status: string }>('select status from inquiries where id = $1', [inquiry.id]))[0].status,
    ).toBe('quoted');
  });

  it('past its day but not yet reached by the job is refused alike', async () => {
    const { id, token } = await quoteValidUntil('2026-01-05');
    const res = await ctx
      .as()
      .post(`/api/public/quotes/${token}/accept`, { name: 'Late' }, { remoteAddress: address() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(QUOTE_TEXT.expiredOn('2026-01-05'));
    expect(await statusOf(id)).toBe('sent');
  });
});

describe('Extend', () => {
  it('sends a new version with the new date that supersedes the expired one, and e-mails its link', async () => {
    const { id, inquiry } = await quoteValidUntil('2026-03-10');
    await instance().runExpiry(new Date('2026-03-11T00:00:00Z'));
    const res = await ctx.admin.post(`/api/quotes/${id}/extend`, { valid_until: '2099-06-30' });
    expect(res.statusCode, res.body).toBe(201);
    const extended = res.json();
    expect(extended).toMatchObject({
      inquiry_id: inquiry.id,
      version: 2,
      status: 'sent',
      valid_until: '2099-06-30',
      expired: false,
      lines: [{ name: 'Typed line', quantity: 2, unit_price: 10 }],
    });
    expect(extended.token).not.toBeNull();
    expect(await statusOf(id)).toBe('superseded');
    const rows = await q('select revised_from, created_by from quotes where id = $1', [extended.id]);
    expect(rows).toEqual([{ revised_from: id, created_by: expect.any(Number) }]);
    const sent = await q<{ text_body: string }>(
      `select text_body from outbox where quote_id = $1 and kind = 'quote_sent'`,
      [extended.id],
    );
    expect(sent).toHaveLength(1);
    expect(sent[0].text_body).toContain(`/quote/${extended.token}`);
    expect(sent[0].text_body).toContain('Valid until: 2099-06-30');
    // The new version answers; the old one is superseded.
    const accept = await ctx
      .as()
      .post(`/api/public/quotes/${extended.token}/accept`, { name: 'On Time' }, { remoteAddress: address() });
    expect(accept.statusCode, accept.body).toBe(200);
  });

  it('refuses a past date (400), a draft or an answered quote (409) and an unknown id (404), changing nothing', async () => {
    const { id, inquiry } = await quoteValidUntil('2026-03-10');
    const count = async () =>
      (await q<{ n: number }>('select count(*)::int as n from quotes where inquiry_id = $1', [inquiry.id]))[0]
        .n;
    const before = await count();
    const past = await ctx.admin.post(`/api/quotes/${id}/extend`, { valid_until: '2020-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().details).toEqual({ valid_until: QUOTE_TEXT.extendDateInvalid });
    expect((await ctx.admin.post(`/api/quotes/${id}/extend`, { valid_until: 'soon' })).statusCode).toBe(400);
    expect((await ctx.admin.post(`/api/quotes/${id}/extend`, {})).statusCode).toBe(400);
    const draft = (await ctx.admin.post(`/api/quotes/${id}/revise`)).json();
    const onDraft = await ctx.admin.post(`/api/quotes/${draft.id}/extend`, { valid_until: '2099-01-01' });
    expect(onDraft.statusCode).toBe(409);
    expect(onDraft.json().error).toBe(QUOTE_TEXT.notExtendable);
    expect(
      (await ctx.admin.post('/api/quotes/999999/extend', { valid_until: '2099-01-01' })).statusCode,
    ).toBe(404);
    expect(await count()).toBe(before + 1);
    expect(await statusOf(id)).toBe('sent');
  });
});
