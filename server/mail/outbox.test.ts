import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR } from '#domain/messages';
import { OUTBOX_TEXT, outboxListResponse, outboxMessageSchema } from '#domain/outbox';
import { createTestContext, type TestContext } from '../test/harness';

/** The app as configured without SMTP_URL: messages are kept in the outbox, read by admins. */
let ctx: TestContext;
let editorToken: string;
let inquiryId: number;
let quoteId: number;
let withFile: number;
let plain: number;
const PDF = Buffer.from('%PDF-1.3\n% a stand-in for a quote\n%%EOF\n');

beforeAll(async () => {
  ctx = await createTestContext();
  editorToken = (await ctx.makeUser({ name: 'Eddie Editor', email: 'eddie@example.com' })).token;
  inquiryId = (
    await ctx.database.pool.query(
      `insert into inquiries (name, email, subject, message) values ('Grace', 'grace@example.com', 'Racks', 'A quote please') returning id`,
    )
  ).rows[0].id;
  quoteId = (
    await ctx.database.pool.query(
      `insert into quotes (inquiry_id, currency, valid_until) values ($1, 'USD', '2026-12-24') returning id`,
      [inquiryId],
    )
  ).rows[0].id;
  const mailer = ctx.app.mailer;
  expect(mailer.mode).toBe('store');
  withFile = await ctx.database.db.transaction((tx) =>
    mailer.enqueue(tx, {
      kind: 'quote_sent',
      to: 'grace@example.com',
      subject: 'Your quote Q-42',
      text: 'Your quote is attached.',
      inquiry_id: inquiryId,
      quote_id: quoteId,
      attachments: [
        { filename: 'quote-Q-42-v1.pdf', content: PDF, contentType: 'application/pdf' },
        { filename: 'Preis übersicht.txt', content: Buffer.from('hello'), contentType: 'text/plain' },
      ],
    }),
  );
  plain = await mailer.enqueue(ctx.database.db, {
    kind: 'request_arrived',
    to: 'staff@example.com',
    subject: 'A new request',
    text: 'Someone asked for a quote.',
  });
});
afterAll(() => ctx?.close());

const get = (url: string, token = ctx.adminToken) => ctx.as(token).get(url);

const ROUTES = [
  ['GET', '/api/outbox'],
  ['GET', '/api/outbox/1'],
  ['GET', '/api/outbox/1/attachments/1'],
  ['POST', '/api/outbox/1/retry'],
] as const;

describe('access', () => {
  it.each(ROUTES)('%s %s needs a token', async (method, url) => {
    const res = await ctx.as().send(method, url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: API_ERROR.unauthenticated });
  });

  it.each(ROUTES)('%s %s is refused to editors', async (method, url) => {
    const res = await ctx.as(editorToken).send(method, url);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ permission: 'outbox.read' });
  });
});

describe('GET /api/outbox', () => {
  it('lists every message kept, newest first, with its attachments named and sized', async () => {
    const res = await get('/api/outbox');
    expect(res.statusCode).toBe(200);
    const body = outboxListResponse.parse(res.json());
    expect(body.total).toBe(2);
    expect(body.data.map((m) => m.id)).toEqual([plain, withFile]);
    expect(body.data[1]).toMatchObject({
      kind: 'quote_sent',
      to: 'grace@example.com',
      subject: 'Your quote Q-42',
      text: 'Your quote is attached.',
      status: 'stored',
      attempts: 0,
      last_error: null,
      next_attempt_at: null,
      sent_at: null,
      inquiry_id: inquiryId,
      quote_id: quoteId,
      attachments: [
        {
          id: expect.any(Number),
          filename: 'quote-Q-42-v1.pdf',
          content_type: 'application/pdf',
          size: PDF.length,
        },
        { id: expect.any(Number), filename: 'Preis übersicht.txt', content_type: 'text/plain', size: 5 },
      ],
    });
    expect(body.data[0]).toMatchObject({ kind: 'request_arrived', attachments: [], inquiry_id: null });
    // Never the bytes.
    expect(res.body).not.toContain('stand-in');
  });

  it('filters by status and by request, and pages', async () => {
    const byInquiry = (await get(`/api/outbox?inquiry_id=${inquiryId}`)).json();
    expect(byInquiry.data.map((m: { id: number }) => m.id)).toEqual([withFile]);
    expect((await get('/api/outbox?status=stored')).json().total).toBe(2);
    expect((await get('/api/outbox?status=failed')).json()).toMatchObject({ data: [], total: 0 });
    const page2 = (await get('/api/outbox?limit=1&page=2')).json();
    expect(page2.data.map((m: { id: number }) => m.id)).toEqual([withFile]);
    expect(page2.meta).toMatchObject({ total: 2, page: 2, limit: 1 });
  });

  it.each([
    ['status=bogus', OUTBOX_TEXT.statusInvalid],
    ['inquiry_id=abc', OUTBOX_TEXT.inquiryInvalid],
  ])('refuses %s', async (query, message) => {
    const res = await get(`/api/outbox?${query}`);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });
});

describe('GET /api/outbox/{id}/attachments/{attachmentId}', () => {
  /** The message's attachments' ids, in the order they were enqueued, as its list item gives them. */
  const attachmentIds = async (messageId: number): Promise<number[]> =>
    outboxListResponse
      .parse((await get('/api/outbox')).json())
      .data.find((m) => m.id === messageId)!
      .attachments.map((a) => a.id);

  it('downloads an attachment as it was enqueued', async () => {
    const [first] = await attachmentIds(withFile);
    const res = await get(`/api/outbox/${withFile}/attachments/${first}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="quote-Q-42-v1.pdf"; filename*=UTF-8''quote-Q-42-v1.pdf`,
    );
    expect(res.rawPayload.equals(PDF)).toBe(true);
  });

  it('names a file with letters outside ASCII for every client', async () => {
    const [, second] = await attachmentIds(withFile);
    const res = await get(`/api/outbox/${withFile}/attachments/${second}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Preis _bersicht.txt"; filename*=UTF-8''Preis%20%C3%BCbersicht.txt`,
    );
    expect(res.body).toBe('hello');
  });

  it.each([
    // An id no attachment has; another message's attachment; a message that is not there.
    async () => `/api/outbox/${withFile}/attachments/999999`,
    async () => `/api/outbox/${plain}/attachments/${(await attachmentIds(withFile))[0]}`,
    async () => `/api/outbox/999999/attachments/${(await attachmentIds(withFile))[0]}`,
  ])('answers 404 for an attachment that is not there (%#)', async (url) => {
    const res = await get(await url());
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: OUTBOX_TEXT.attachmentNotFound });
  });
});

describe('GET /api/outbox/{id}', () => {
  it('reads one message as the list gives it', async () => {
    const res = await get(`/api/outbox/${withFile}`);
    expect(res.statusCode).toBe(200);
    const listed = outboxListResponse
      .parse((await get('/api/outbox')).json())
      .data.find((m) => m.id === withFile);
    expect(outboxMessageSchema.parse(res.json())).toEqual(listed);
    expect(res.json()).toMatchObject({
      status: 'stored',
      text: 'Your quote is attached.',
      inquiry_id: inquiryId,
    });
  });

  it.each([
    ['999999', 404, OUTBOX_TEXT.notFound],
    ['abc', 400, 'Id must be a positive whole number'],
  ])('answers %s with %i', async (id, status, message) => {
    const res = await get(`/api/outbox/${id}`);
    expect(res.statusCode).toBe(status);
    expect(JSON.stringify(res.json())).toContain(message);
  });
});

describe('POST /api/outbox/{id}/retry without a mail server', () => {
  const retry = (id: number | string, token = ctx.adminToken) =>
    ctx.as(token).post(`/api/outbox/${id}/retry`);
  const statusOf = async (id: number) =>
    (await ctx.database.pool.query('select status from outbox where id = $1', [id])).rows[0].status;

  it('refuses a message that is not failed, changing nothing', async () => {
    const res = await retry(withFile);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: OUTBOX_TEXT.retryNotFailed });
    expect(await statusOf(withFile)).toBe('stored');
  });

  it('refuses a failed one too, since nothing could send it', async () => {
    // Failed while a mail server was configured, before this start without one.
    const failed = (
      await ctx.database.pool.query(
        `insert into outbox (kind, to_address, subject, text_body, status, attempts, last_error)
         values ('quote_sent', 'old@example.com', 'Old', 'Old', 'failed', 6, '550 No such user') returning id`,
      )
    ).rows[0].id;
    const res = await retry(failed);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: OUTBOX_TEXT.retryNoServer });
    expect(await statusOf(failed)).toBe('failed');
  });

  it('answers 404 for a message that is not there', async () => {
    const res = await retry(999999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: OUTBOX_TEXT.notFound });
  });
});
