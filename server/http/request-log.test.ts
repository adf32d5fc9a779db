import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';
import { REDACTED, redactUrl } from './request-log';

/** Every line the app's logger writes, as pino writes it to its destination stream. */
const written: string[] = [];
const destination = new Writable({
  write(chunk, _encoding, done) {
    written.push(chunk.toString());
    done();
  },
});

let ctx: TestContext;
beforeAll(async () => {
  // The logger as the server starts it, at the default level.
  ctx = await createTestContext({}, { logger: { level: 'info', stream: destination } });
});
afterAll(() => ctx.close());

const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

/** A request with a sent quote: the customer's token. */
async function sentToken() {
  const inquiry = await ctx
    .as()
    .post(
      '/api/inquiries',
      { name: 'Logan', email: 'logan@example.com', subject: 'Logs', message: 'Please.' },
      { remoteAddress: address() },
    );
  expect(inquiry.statusCode, inquiry.body).toBe(201);
  const draft = (await ctx.as(ctx.adminToken).post(`/api/inquiries/${inquiry.json().id}/quotes`)).json();
  await ctx
    .as(ctx.adminToken)
    .put(`/api/quotes/${draft.id}`, { lines: [{ name: 'Line', quantity: 1, unit_price: 5 }] });
  const sent = await ctx.as(ctx.adminToken).post(`/api/quotes/${draft.id}/send`);
  expect(sent.statusCode, sent.body).toBe(200);
  return sent.json().token as string;
}

describe('the request log', () => {
  it("never writes a customer's quote token, keeping the rest of the address", async () => {
    const token = await sentToken();
    written.length = 0;
    const visits: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
      { method: 'GET', url: `/quote/${token}` },
      { method: 'GET', url: `/quote/${token}?from=mail` },
      { method: 'GET', url: `/api/public/quotes/${token}` },
      { method: 'GET', url: `//api/public/quotes/${token}` },
      { method: 'POST', url: `/api/public/quotes/${token}/changes`, payload: { message: 'Blue ones' } },
    ];
    for (const visit of visits) await ctx.app.inject({ ...visit, remoteAddress: address() });

    const log = written.join('');
    expect(log).not.toContain(token);
    const urls = written
      .map((line) => JSON.parse(line))
      .flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toEqual([
      `/quote/${REDACTED}`,
      `/quote/${REDACTED}?from=mail`,
      `/api/public/quotes/${REDACTED}`,
      `//api/public/quotes/${REDACTED}`,
      `/api/public/quotes/${REDACTED}/changes`,
    ]);
    // Everything else is logged as it came.
    await ctx.as(ctx.adminToken).get('/api/inquiries?q=logan');
    expect(written.join('')).toContain('"url":"/api/inquiries?q=logan"');
  });

  it("never writes a buyer's one-time sign-in token, keeping the rest of the address", async () => {
    const secret = randomBytes(32).toString('base64url');
    written.length = 0;
    for (const url of [`/account/login?token=${secret}`, `//Account/login?from=mail&token=${secret}`])
      await ctx.app.inject({ method: 'GET', url, remoteAddress: address() });
    expect(written.join('')).not.toContain(secret);
    const urls = written
      .map((line) => JSON.parse(line))
      .flatMap((entry) => (entry.req ? [entry.req.url] : []));
    expect(urls).toEqual([`/account/login?token=${REDACTED}`, `//Account/login?from=mail&token=${REDACTED}`]);
  });

  it.each([
    ['/account/login?token=abc', `/account/login?token=${REDACTED}`],
    ['/account/login?x=1&TOKEN=abc&y=2', `/account/login?x=1&TOKEN=${REDACTED}&y=2`],
    ['/account/login?mytoken=abc', '/account/login?mytoken=abc'],
    ['/account/login/?token=abc#top', `/account/login/?token=${REDACTED}#top`],
    ['/account?token=abc', '/account?token=abc'],
    ['/quote/abcDEF_123-xyz', `/quote/${REDACTED}`],
    ['/QUOTE/abc/extra', `/QUOTE/${REDACTED}/extra`],
    ['/api/public/quotes/abc/accept?x=1', `/api/public/quotes/${REDACTED}/accept?x=1`],
    ['/api//public/quotes/abc', `/api//public/quotes/${REDACTED}`],
    ['/quotes/abc', '/quotes/abc'],
    ['/inquiries/12/quotes/34', '/inquiries/12/quotes/34'],
    ['/api/quotes/34/send', '/api/quotes/34/send'],
  ])('redactUrl(%s) is %s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
