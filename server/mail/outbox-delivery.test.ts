import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_TEXT, type OutboxMessage } from '#domain/outbox';
import type { Quote } from '#domain/quotes';
import { createTestContext, type TestContext } from '../test/harness';
import { until } from '../test/until';

/**
 * Delivery states as staff read them, with a real SMTP server on loopback: a quote's e-mail is
 * queued, then sent; refused, it is retried with its error and next try shown, then failed; an
 * admin's retry sends it again.
 */
let ctx: TestContext;
let smtp: SMTPServer;
let editorToken: string;
const received: ParsedMail[] = [];
/** Recipients the server refuses for now. */
const refused = new Set<string>();

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address)) return callback();
      callback(Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 }));
    },
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => received.push(mail))
        .then(() => done(), done);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  ctx = await createTestContext(
    { SMTP_URL: `smtp://127.0.0.1:${port}`, INQUIRY_RATE_MAX: '1000' },
    // One retry, an hour after the first failure: a refused message waits with its next try.
    { mail: { backoffMs: [60 * 60_000], pollMs: 50 } },
  );
  editorToken = (await ctx.makeUser({ name: 'Eddie Editor', email: 'eddie@example.com' })).token;
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

let products = 0;
/** A request from `email` with one quote sent to it; resolves to the sent quote as the API gave it. */
async function sendQuoteTo(email: string): Promise<Quote & { inquiryId: number }> {
  products += 1;
  const product = await ctx.admin.ok('POST', '/api/products', {
    name: `Bracket ${products}`,
    sku: `BR-${products}`,
    mrp: 10,
  });
  const request = await ctx.as().post('/api/inquiries', {
    name: 'Grace',
    email,
    subject: 'Brackets',
    message: 'Ten, please.',
    lines: [{ product_id: product.id, quantity: 10 }],
  });
  expect(request.statusCode, request.body).toBe(201);
  const inquiryId = request.json().id;
  const draft = await ctx.admin.ok('POST', `/api/inquiries/${inquiryId}/quotes`);
  await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, {
    lines: [{ product_id: product.id, name: 'Bracket', sku: null, quantity: 10, unit_price: 10 }],
    shipping: 0,
    tax_rate: 0,
    valid_until: '2099-12-31',
  });
  return { ...(await ctx.admin.ok('POST', `/api/quotes/${draft.id}/send`)), inquiryId };
}

/** The quote as the desk reads it (the request's detail). */
const deskQuote = async (inquiryId: number, quoteId: number): Promise<Quote> =>
  (await ctx.admin.ok('GET', `/api/inquiries/${inquiryId}`)).quotes.find((q: Quote) => q.id === quoteId);
const arrived = (to: string) => received.filter((m) => JSON.stringify(m.to).includes(to));

describe("a quote's delivery", () => {
  it('is queued when sent, then sent once the server takes it', async () => {
    const quote = await sendQuoteTo('fine@example.com');
    expect(quote.delivery).toBe('pending');
    expect(quote.delivery_detail).toMatchObject({ status: 'pending', attempts: 0, last_error: null });
    expect(quote.delivery_detail?.next_attempt_at).toEqual(expect.any(String));
    const sent = await until(async () => {
      const q = await deskQuote(quote.inquiryId, quote.id);
      return q.delivery === 'sent' && q;
    });
    expect(sent.delivery_detail).toMatchObject({
      outbox_id: quote.delivery_detail?.outbox_id,
      status: 'sent',
      attempts: 1,
      last_error: null,
      next_attempt_at: null,
    });
    expect(sent.delivery_detail?.sent_at).toEqual(expect.any(String));
    // The quote's e-mail arrived once; the request's acknowledgement goes to the same address.
    expect(arrived('fine@example.com').filter((m) => m.subject?.startsWith('Your quote '))).toHaveLength(1);
    // The builder's read says the same.
    expect((await ctx.admin.ok('GET', `/api/quotes/${quote.id}`)).delivery_detail).toEqual(
      sent.delivery_detail,
    );
  });

  it('shows a refusal as the error and the next try, then failed after the last retry', async () => {
    refused.add('busy@example.com');
    const quote = await sendQuoteTo('busy@example.com');
    const outboxId = quote.delivery_detail!.outbox_id;
    const retrying = await until(async () => {
      const q = await deskQuote(quote.inquiryId, quote.id);
      return q.delivery_detail?.last_error ? q : undefined;
    });
    expect(retrying.delivery).toBe('pending');
    expect(retrying.delivery_detail).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: expect.stringContaining('Mailbox unavailable, try later'),
    });
    // The next try is the backoff's hour away.
    const wait = Date.parse(retrying.delivery_detail!.next_attempt_at!) - Date.now();
    expect(wait).toBeGreaterThan(50 * 60_000);
    expect(wait).toBeLessThan(61 * 60_000);

    // The hour passes: the retry fails too, and that was the last.
    await ctx.database.pool.query('update outbox set next_attempt_at = now() where id = $1', [outboxId]);
    const failed = await until(async () => {
      const q = await deskQuote(quote.inquiryId, quote.id);
      return q.delivery === 'failed' && q;
    });
    expect(failed.delivery_detail).toMatchObject({
      outbox_id: outboxId,
      status: 'failed',
      attempts: 2,
      last_error: expect.stringContaining('Mailbox unavailable, try later'),
      next_attempt_at: null,
      sent_at: null,
    });
    const message: OutboxMessage = await ctx.admin.ok('GET', `/api/outbox/${outboxId}`);
    expect(message).toMatchObject({
      status: 'failed',
      attempts: 2,
      next_attempt_at: null,
      quote_id: quote.id,
    });
    expect(arrived('busy@example.com')).toHaveLength(0);
  });
});

describe('POST /api/outbox/{id}/retry', () => {
  const rowOf = async (id: number) =>
    (await ctx.database.pool.query('select status, attempts, last_error from outbox where id = $1', [id]))
      .rows[0];
  /** A message the server refused until it was given up. */
  async function failedMessage(to: string): Promise<number> {
    refused.add(to);
    const id = await ctx.app.mailer.enqueue(ctx.database.db, {
      kind: 'request_arrived',
      to,
      subject: `For ${to}`,
      text: 'Hello',
    });
    // The first attempt's failure recorded (not merely its claim), then its hour passes.
    await until(async () => (await rowOf(id)).last_error !== null);
    await ctx.database.pool.query('update outbox set next_attempt_at = now() where id = $1', [id]);
    await until(async () => (await ctx.admin.ok('GET', `/api/outbox/${id}`)).status === 'failed');
    return id;
  }
  const retry = (id: number, token = ctx.adminToken) => ctx.as(token).post(`/api/outbox/${id}/retry`);

  it('sends a failed message again, now, and it arrives', async () => {
    const id = await failedMessage('later@example.com');
    refused.delete('later@example.com');
    const res = await retry(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'pending', attempts: 2 });
    // Due at once.
    expect(Date.parse(res.json().next_attempt_at)).toBeLessThanOrEqual(Date.now() + 1000);
    const sent = await until(async () => {
      const r = await rowOf(id);
      return r.status === 'sent' && r;
    });
    expect(sent).toEqual({ status: 'sent', attempts: 3, last_error: null });
    expect(arrived('later@example.com')).toHaveLength(1);
  });

  it('gives one more attempt: refused again, it is failed again with the new error', async () => {
    const id = await failedMessage('still@example.com');
    expect((await retry(id)).statusCode).toBe(200);
    const failed = await until(async () => {
      const r = await rowOf(id);
      return r.status === 'failed' && r.attempts === 3 && r;
    });
    expect(failed.last_error).toContain('Mailbox unavailable, try later');
  });

  it('answers 409 for a message that is not failed, changing nothing', async () => {
    const id = await ctx.app.mailer.enqueue(ctx.database.db, {
      kind: 'request_arrived',
      to: 'ok@example.com',
      subject: 'Fine',
      text: 'Hello',
    });
    await until(async () => (await rowOf(id)).status === 'sent');
    const res = await retry(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: OUTBOX_TEXT.retryNotFailed });
    expect(await rowOf(id)).toEqual({ status: 'sent', attempts: 1, last_error: null });
    expect(arrived('ok@example.com')).toHaveLength(1);
  });

  it('is refused to editors, changing nothing', async () => {
    const id = await failedMessage('editor-try@example.com');
    const res = await retry(id, editorToken);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ permission: 'outbox.read' });
    expect((await rowOf(id)).status).toBe('failed');
  });
});
