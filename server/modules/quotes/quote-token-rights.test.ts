import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CODES } from '#domain/permissions';
import { createTestContext, type TestContext } from '../../test/harness';
import { sentQuote } from '../../test/quotes';

/**
 * A quote's token is the customer's key: whoever holds it can accept in their name. Staff see it
 * only with quote.send (who sends it anyway); a role without it reads every quote, request,
 * customer, order, list, export and message, and never the token.
 */
let ctx: TestContext;
let quote: Awaited<ReturnType<typeof sentQuote>>;
let ids: { quote: number; inquiry: number; customer: number; order: number; outbox: number };
let unsent: string;
let reader: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const admin = ctx.as(ctx.adminToken);
  quote = await sentQuote(ctx);
  // A second version still open, and the first accepted into an order: both tokens stay hidden.
  const accepted = await ctx
    .as()
    .post(`/api/public/quotes/${quote.token}/accept`, { name: 'Quinn Customer' });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const other = await sentQuote(ctx, { inquiry: { email: 'quinn@example.com' } });
  unsent = other.token;
  const { rows } = await ctx.database.pool.query(
    `select i.customer_id, o.id as order_id, (select max(id) from outbox where quote_id = $1) as outbox_id
       from inquiries i left join orders o on o.quote_id = $1 where i.id = $2`,
    [quote.id, quote.inquiry.id],
  );
  ids = {
    quote: quote.id,
    inquiry: quote.inquiry.id,
    customer: rows[0].customer_id,
    order: rows[0].order_id,
    outbox: rows[0].outbox_id,
  };
  expect(Object.values(ids).every((id) => typeof id === 'number')).toBe(true);
  const role = await admin.post('/api/roles', {
    name: 'Everything but sending',
    permissions: PERMISSION_CODES.filter((code) => code !== 'quote.send'),
  });
  expect(role.statusCode, role.body).toBe(201);
  reader = (
    await ctx.makeUser({ name: 'Rita Reader', email: 'rita@example.com', role: 'everything-but-sending' })
  ).token;
});
afterAll(() => ctx.close());

/** The record a route's `:id` names, so each detail route answers about the quoted request. */
const fill = (url: string) =>
  url
    .replace(/^\/api\/quotes\/:id/, `/api/quotes/${ids.quote}`)
    .replace(/^\/api\/inquiries\/:id/, `/api/inquiries/${ids.inquiry}`)
    .replace(/^\/api\/customers\/:id/, `/api/customers/${ids.customer}`)
    .replace(/^\/api\/orders\/:id/, `/api/orders/${ids.order}`)
    .replace(/^\/api\/outbox\/:id/, `/api/outbox/${ids.outbox}`)
    .replace(/:(\w+)/g, '1');

const carries = (body: string) => body.includes(quote.token) || body.includes(unsent);

describe('quote tokens and quote.send', () => {
  it('shows the token to a holder of quote.send', async () => {
    const res = await ctx.as(ctx.adminToken).get(`/api/quotes/${ids.quote}`);
    expect(res.json().token).toBe(quote.token);
    const detail = await ctx.as(ctx.adminToken).get(`/api/inquiries/${ids.inquiry}`);
    expect(detail.json().quotes.map((q: { token: string | null }) => q.token)).toContain(quote.token);
  });

  it('omits it from a quote and a request for a role without quote.send', async () => {
    const as = ctx.as(reader);
    const one = await as.get(`/api/quotes/${ids.quote}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).not.toHaveProperty('token');
    const detail = await as.get(`/api/inquiries/${ids.inquiry}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().quotes.length).toBeGreaterThan(0);
    for (const q of detail.json().quotes) expect(q).not.toHaveProperty('token');
    // Working the request answers its detail too.
    const noted = await as.patch(`/api/inquiries/${ids.inquiry}`, { owner_id: null });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(carries(noted.body)).toBe(false);
  });

  it('is in no answer of any staff GET route for a role without quote.send', async () => {
    const routes = ctx.app.routeTable.filter(
      (r) =>
        r.method === 'GET' &&
        r.url.startsWith('/api/') &&
        !r.url.startsWith('/api/public/') &&
        !r.url.startsWith('/api/account/') &&
        !r.url.startsWith('/api/docs'),
    );
    expect(routes.length).toBeGreaterThan(40);
    const leaking: string[] = [];
    let answered = 0;
    for (const route of routes) {
      const res = await ctx.as(reader).get(fill(route.url));
      if (res.statusCode === 200) answered += 1;
      if (carries(res.body)) leaking.push(`${route.url} → ${res.statusCode}`);
    }
    // The control: the same walk as an admin finds the token (so the walk reaches it).
    const admin: string[] = [];
    for (const url of ['/api/quotes/:id', '/api/inquiries/:id', '/api/outbox', '/api/outbox/:id']) {
      const res = await ctx.as(ctx.adminToken).get(fill(url));
      if (carries(res.body)) admin.push(url);
    }
    expect(leaking).toEqual([]);
    expect(answered).toBeGreaterThan(30);
    expect(admin).toEqual(['/api/quotes/:id', '/api/inquiries/:id', '/api/outbox', '/api/outbox/:id']);
  });
});
