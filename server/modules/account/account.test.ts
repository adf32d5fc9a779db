import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT } from '#domain/account';
import { thumbnailUrl } from '#domain/images';
import { apiRoutes, PUBLIC_ROUTES } from '../../security/support';
import { createTestContext, type TestContext } from '../../test/harness';
import { startSmtp } from '../../test/smtp';
import { until } from '../../test/until';

/**
 * The buyer portal end to end: the one-time link through the outbox and a real SMTP server, the
 * buyer session and its separation from staff sign-in, and what each buyer may see.
 */
let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const PER_ADDRESS = 12;

beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://shop.example.com',
    COMPANY_NAME: 'Acme Racking',
    INQUIRY_RATE_MAX: '1000',
    ACCOUNT_LINK_RATE_MAX: String(PER_ADDRESS),
  });
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(text, values)).rows as T[];

/** Each call from its own client address, so only the test of that limit meets it. */
let lastIp = 0;
const nextIp = () => {
  lastIp += 1;
  return `10.1.${Math.floor(lastIp / 250)}.${lastIp % 250}`;
};
const askLink = (email: string, remoteAddress = nextIp()) =>
  ctx.as().post('/api/account/login-link', { email }, { remoteAddress });

/** A visitor's request and a quote staff send for it, with the given lines. */
async function quoted(
  who: { name: string; email: string; company?: string },
  lines: object[] = [{ name: 'Pallet rack bay', quantity: 2, unit_price: 150 }],
) {
  const res = await ctx
    .as()
    .post(
      '/api/inquiries',
      { ...who, subject: `Racking for ${who.name}`, message: 'A quote, please.' },
      { remoteAddress: nextIp() },
    );
  expect(res.statusCode, res.body).toBe(201);
  const inquiry = res.json() as { id: number; reference: string };
  const draft = await ctx.admin.ok('POST', `/api/inquiries/${inquiry.id}/quotes`);
  await ctx.admin.ok('PUT', `/api/quotes/${draft.id}`, { lines, tax_rate: 0, valid_until: '2099-12-31' });
  const sent = await ctx.admin.ok('POST', `/api/quotes/${draft.id}/send`);
  return { inquiry, quote: sent as { id: number; token: string } };
}

/** The link of the latest sign-in e-mail the outbox holds for the address. */
async function linkFor(email: string, after = 0): Promise<string> {
  const [row] = await until(
    () =>
      query<{ id: number; text_body: string }>(
        `select id, text_body from outbox where kind = 'account_login' and lower(to_address) = lower($1)
          and id > $2 order by id desc limit 1`,
        [email, after],
      ).then((rows) => (rows.length ? rows : undefined)),
    { what: `a sign-in e-mail to ${email}` },
  );
  const link = row.text_body.match(/https:\/\/shop\.example\.com\/account\/login\?token=([A-Za-z0-9_-]+)/);
  expect(link, row.text_body).not.toBeNull();
  return link![1];
}
const lastMailId = async () =>
  Number((await query<{ id: number }>('select coalesce(max(id), 0) as id from outbox'))[0].id);

/** A buyer's token: the link asked for, read from the outbox, exchanged. */
async function signIn(email: string): Promise<string> {
  const before = await lastMailId();
  expect((await askLink(email)).statusCode).toBe(202);
  const link = await linkFor(email, before);
  const res = await ctx.as().post('/api/account/session', { token: link });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

describe('the sign-in link', () => {
  it('reaches the buyer through the outbox and a real SMTP server, and opens a session', async () => {
    await quoted({ name: 'Grace Buyer', email: 'grace@navy.example', company: 'Navy Yard' });
    const res = await askLink('Grace@Navy.example');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: ACCOUNT_TEXT.linkSent });

    const mail = await until(
      () => smtp.to('grace@navy.example').find((m) => m.subject?.includes('sign-in')),
      { what: 'the e-mail' },
    );
    expect(mail.subject).toBe('Your sign-in link for Acme Racking');
    const token = mail.text?.match(
      /https:\/\/shop\.example\.com\/account\/login\?token=([A-Za-z0-9_-]{43})(?=\s)/,
    )?.[1];
    expect(token, mail.text).toBeDefined();
    // Only the token's hash is kept.
    const stored = await query<{ token_hash: string }>('select token_hash from account_links');
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const session = await ctx.as().post('/api/account/session', { token });
    expect(session.statusCode, session.body).toBe(200);
    const buyer = session.json().token as string;
    expect(buyer).toMatch(/^by_[A-Za-z0-9_-]{43}$/);
    const me = await ctx.as(buyer).get('/api/account');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      name: 'Grace Buyer',
      email: 'grace@navy.example',
      phone: null,
      company: 'Navy Yard',
      sees_company: false,
    });
  });

  it('answers a known and an unknown address alike, in about the same time', async () => {
    await quoted({ name: 'Known Buyer', email: 'known@example.com' });
    const before = await lastMailId();
    const links = Number((await query<{ n: number }>('select count(*)::int as n from account_links'))[0].n);
    const time = async (email: string) => {
      const start = process.hrtime.bigint();
      const res = await askLink(email);
      return { res, ms: Number(process.hrtime.bigint() - start) / 1e6 };
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Alternated, so the machine's load falls on both alike; each address within its limit.
    for (let i = 0; i < 4; i++) {
      const a = await time('known@example.com');
      const b = await time(`nobody-${i}@example.com`);
      expect(a.res.statusCode).toBe(202);
      expect(b.res.statusCode).toBe(202);
      expect(b.res.body).toBe(a.res.body);
      expect(Object.keys(b.res.headers).sort()).toEqual(Object.keys(a.res.headers).sort());
      known.push(a.ms);
      unknown.push(b.ms);
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
    // The answer never waits for the lookup: both are the throttle's count and a reply.
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(30);
    // Four links for the known address, none for the unknown ones.
    await until(async () => (await query(`select 1 from outbox where id > $1`, [before])).length >= 4);
    const mails = await query<{ to_address: string }>('select to_address from outbox where id > $1', [
      before,
    ]);
    expect(mails.map((m) => m.to_address)).toEqual(Array(4).fill('known@example.com'));
    const after = Number((await query<{ n: number }>('select count(*)::int as n from account_links'))[0].n);
    expect(after - links).toBe(4);
  });

  it('works once', async () => {
    await quoted({ name: 'Once Buyer', email: 'once@example.com' });
    const before = await lastMailId();
    await askLink('once@example.com');
    const token = await linkFor('once@example.com', before);
    // Two exchanges at once: one session.
    const [a, b] = await Promise.all([
      ctx.as().post('/api/account/session', { token }),
      ctx.as().post('/api/account/session', { token }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
    const again = await ctx.as().post('/api/account/session', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(ACCOUNT_TEXT.linkInvalid);
  });

  it('expires after 15 minutes', async () => {
    await quoted({ name: 'Late Buyer', email: 'late@example.com' });
    const before = await lastMailId();
    await askLink('late@example.com');
    const token = await linkFor('late@example.com', before);
    const [link] = await query<{ minutes: number }>(
      `select round(extract(epoch from expires_at - created_at) / 60)::int as minutes from account_links
        order by id desc limit 1`,
    );
    expect(link.minutes).toBe(15);
    await query(`update account_links set expires_at = now() - interval '1 second' where used_at is null`);
    const res = await ctx.as().post('/api/account/session', { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(ACCOUNT_TEXT.linkInvalid);
  });

  it('refuses a malformed or unknown token with the same words', async () => {
    for (const token of ['', 'short', 'A'.repeat(43), `${'A'.repeat(42)}!`]) {
      const res = await ctx.as().post('/api/account/session', { token });
      expect(res.statusCode, token).toBe(400);
      expect(res.json().error).toBe(ACCOUNT_TEXT.linkInvalid);
    }
  });

  it('is rate-limited per e-mail address and per client address, with Retry-After', async () => {
    for (let i = 0; i < 5; i++) expect((await askLink('limit@example.com')).statusCode).toBe(202);
    // Another client, another spelling: the same address.
    const refused = await askLink('LIMIT@example.com');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error).toMatch(/Too many sign-in links/);

    const ip = '10.200.0.1';
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await askLink(`spray-${i}@example.com`, ip)).statusCode).toBe(202);
    const sprayed = await askLink('spray-last@example.com', ip);
    expect(sprayed.statusCode).toBe(429);
    expect(sprayed.headers['retry-after']).toBeDefined();
  });

  it('leads a merged address to the customer it became', async () => {
    await quoted({ name: 'Old Address', email: 'old@merge.example' });
    await quoted({ name: 'New Address', email: 'new@merge.example' });
    await query(
      `update customers set merged_into_id = (select id from customers where email = 'new@merge.example')
        where email = 'old@merge.example'`,
    );
    const before = await lastMailId();
    expect((await askLink('old@merge.example')).statusCode).toBe(202);
    const token = await linkFor('new@merge.example', before);
    const session = (await ctx.as().post('/api/account/session', { token })).json().token;
    expect((await ctx.as(session).get('/api/account')).json().email).toBe('new@merge.example');
    // Both addresses' requests are the survivor's.
    const requests = (await ctx.as(session).get('/api/account/requests')).json();
    expect(requests.meta.total).toBe(2);
  });
});

describe('buyer sessions and staff sign-in are apart', () => {
  let buyer: string;
  beforeAll(async () => {
    await quoted({ name: 'Apart Buyer', email: 'apart@example.com' });
    buyer = await signIn('apart@example.com');
  });

  const buyerRoutes = () => apiRoutes(ctx).filter((r) => r.url.startsWith('/api/account'));
  const publicOnes = new Set(['POST /api/account/login-link', 'POST /api/account/session']);
  const concrete = (url: string) => url.replace(/:(\w+)/g, '1');

  it('refuses a buyer token on every staff route (the route table walked)', async () => {
    const open = new Set([
      ...PUBLIC_ROUTES,
      'GET /api/public/quotes/:token/pdf',
      'GET /api/public/company-logo',
    ]);
    const staff = apiRoutes(ctx).filter(
      (r) => !open.has(`${r.method} ${r.url}`) && !r.url.startsWith('/api/account'),
    );
    expect(staff.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const route of staff) {
      const res = await ctx
        .as(buyer)
        .send(
          route.method as 'GET',
          concrete(route.url),
          route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        );
      if (res.statusCode !== 401) wrong.push(`${route.method} ${route.url}: ${res.statusCode}`);
      else if (res.json().error !== ACCOUNT_TEXT.buyerTokenRefused)
        wrong.push(`${route.method} ${route.url}: ${res.json().error}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a staff token, an API token, no token and a made-up one on every buyer route', async () => {
    const apiToken = (await ctx.admin.ok('POST', '/api/api-tokens', { name: 'Portal probe', role: 'admin' }))
      .secret;
    const routes = buyerRoutes().filter((r) => !publicOnes.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThanOrEqual(7);
    const wrong: string[] = [];
    for (const route of routes)
      for (const [label, token] of [
        ['staff', ctx.adminToken],
        ['api token', apiToken],
        ['none', null],
        ['made up', `by_${'A'.repeat(43)}`],
      ] as const) {
        const res = await ctx.as(token).send(route.method as 'GET', concrete(route.url));
        if (res.statusCode !== 401)
          wrong.push(`${route.method} ${route.url} with ${label}: ${res.statusCode}`);
      }
    expect(wrong).toEqual([]);
  });

  it('keeps the buyer token hashed, and ends it at sign-out', async () => {
    const other = await signIn('apart@example.com');
    const hashes = (await query<{ token_hash: string }>('select token_hash from account_sessions')).map(
      (r) => r.token_hash,
    );
    expect(hashes.join()).not.toContain(other.slice(3));
    expect((await ctx.as(other).post('/api/account/logout')).statusCode).toBe(204);
    const after = await ctx.as(other).get('/api/account');
    expect(after.statusCode).toBe(401);
    expect(after.json().error).toBe(ACCOUNT_TEXT.sessionExpired);
    // The other session of the same buyer goes on.
    expect((await ctx.as(buyer).get('/api/account')).statusCode).toBe(200);
  });

  it('ends an expired session', async () => {
    const late = await signIn('apart@example.com');
    await query(`update account_sessions set expires_at = now() - interval '1 second'
      where id = (select max(id) from account_sessions)`);
    expect((await ctx.as(late).get('/api/account')).statusCode).toBe(401);
  });
});

/** The three buyers of 'what a buyer sees', each signed in to the portal. */
type Seen = { ann: string; bob: string; cat: string };
const tokens = {} as Seen;
const get = (who: keyof Seen, url: string) => ctx.as(tokens[who]).get(url);
const refs = async (who: keyof Seen, list: 'requests' | 'quotes' | 'orders') =>
  ((await get(who, `/api/account/${list}`)).json().data as { reference: string }[]).map((r) => r.reference);
const setSees = (email: string, on: boolean) =>
  query('update customers set sees_company = $2 where email = $1', [email, on]);

describe('what a buyer sees', () => {
  let ann: Awaited<ReturnType<typeof quoted>>;
  let bob: Awaited<ReturnType<typeof quoted>>;
  let cat: Awaited<ReturnType<typeof quoted>>;
  let productId: number;
  let annCurrent: number;

  beforeAll(async () => {
    const product = await ctx.admin.ok('POST', '/api/products', { name: 'Beam Clip', sku: 'BC-1', mrp: 4 });
    productId = product.id;
    ann = await quoted({ name: 'Ann', email: 'ann@widgets.example', company: 'Widgets Ltd' }, [
      { product_id: productId, name: 'Beam Clip', sku: 'BC-1', quantity: 30, unit_price: 3.5 },
      { name: 'Fitting on site', quantity: 1, unit_price: 90 },
    ]);
    bob = await quoted({ name: 'Bob', email: 'bob@widgets.example', company: 'widgets ltd ' });
    // A request joins no existing company: staff link Bob to Ann's.
    const [widgets] = await query<{ id: number; company_id: number }>(
      "select id, (select company_id from customers where email = 'ann@widgets.example') as company_id from customers where email = 'bob@widgets.example'",
    );
    await ctx.admin.ok('PATCH', `/api/customers/${widgets.id}`, { company_id: widgets.company_id });
    cat = await quoted({ name: 'Cat', email: 'cat@gadgets.example', company: 'Gadgets Inc' });
    // Bob accepts his: an order of his.
    const accepted = await ctx.as().post(`/api/public/quotes/${bob.quote.token}/accept`, { name: 'Bob' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    for (const who of ['ann', 'bob', 'cat'] as const)
      tokens[who] = await signIn(`${who}@${who === 'cat' ? 'gadgets' : 'widgets'}.example`);
  });

  it('lists their own requests, quotes and orders, paged', async () => {
    const requests = (await get('ann', '/api/account/requests')).json();
    expect(requests.meta).toMatchObject({ total: 1, page: 1 });
    expect(requests.data[0]).toMatchObject({
      reference: ann.inquiry.reference,
      status: 'quoted',
      buyer: { name: 'Ann', email: 'ann@widgets.example' },
    });
    const quotes = (await get('ann', '/api/account/quotes')).json();
    expect(quotes.data).toEqual([
      expect.objectContaining({ id: ann.quote.id, version: 1, versions: 1, status: 'sent', total: 195 }),
    ]);
    expect((await get('ann', '/api/account/orders')).json()).toMatchObject({ data: [], meta: { total: 0 } });
    const orders = (await get('bob', '/api/account/orders')).json();
    expect(orders.data).toEqual([
      expect.objectContaining({
        number: expect.stringMatching(/^SO-\d{6}$/),
        status: 'confirmed',
        total: 300,
      }),
    ]);
    const paged = (await get('ann', '/api/account/requests?limit=1&page=2')).json();
    expect(paged).toMatchObject({ data: [], meta: { total: 1, page: 2, limit: 1 } });
    expect((await get('ann', '/api/account/requests?limit=0')).statusCode).toBe(400);
    expect((await get('ann', '/api/account/requests?sort=x')).statusCode).toBe(400);
  });

  it("gives a quote's versions, the current one answerable through its own token", async () => {
    const revised = await ctx.admin.ok('POST', `/api/quotes/${ann.quote.id}/revise`);
    const second = await ctx.admin.ok('POST', `/api/quotes/${revised.id}/send`);
    annCurrent = second.id;
    const detail = (await get('ann', `/api/account/quotes/${ann.quote.id}`)).json();
    expect(detail.reference).toBe(ann.inquiry.reference);
    expect(
      detail.versions.map((v: { version: number; status: string; current: boolean }) => [
        v.version,
        v.status,
        v.current,
      ]),
    ).toEqual([
      [2, 'sent', true],
      [1, 'superseded', false],
    ]);
    expect(detail.versions[0].token).toBe(second.token);
    // The same answer by either version's id; the list shows the latest.
    expect((await get('ann', `/api/account/quotes/${second.id}`)).json().versions).toHaveLength(2);
    expect((await get('ann', '/api/account/quotes')).json().data[0]).toMatchObject({
      id: second.id,
      versions: 2,
    });
    const page = await ctx.as().get(`/api/public/quotes/${second.token}`);
    expect(page.json().can_answer).toBe(true);
    const pdf = await ctx.as().get(`/api/public/quotes/${detail.versions[1].token}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
  });

  it("fills a basket again from a quote's products, at today's prices", async () => {
    // The catalogue price moved since the quote (3.50 quoted, 4.00 then): the basket shows today's.
    await query('update products set mrp = 4.25 where id = $1', [productId]);
    const basket = (await get('ann', `/api/account/quotes/${ann.quote.id}/basket`)).json();
    expect(basket).toEqual({
      lines: [
        {
          product_id: productId,
          slug: expect.any(String),
          name: 'Beam Clip',
          sku: 'BC-1',
          // Its only variant, the product's default, with no options.
          variant_id: expect.any(Number),
          options: {},
          image: null,
          price: 4.25,
          quantity: 30,
        },
      ],
      skipped: ['Fitting on site'],
    });
  });

  it("answers 404 on every buyer route with another customer's ids", async () => {
    const [bobOrder] = await query<{ id: number }>('select id from orders where quote_id = $1', [
      bob.quote.id,
    ]);
    // Each route with ids of its own kind: quotes' for the quote routes, an order's for the orders'.
    const others: [keyof Seen, 'quotes' | 'orders', number][] = [
      ['ann', 'quotes', bob.quote.id],
      ['ann', 'quotes', cat.quote.id],
      ['bob', 'quotes', ann.quote.id],
      ['cat', 'quotes', ann.quote.id],
      ['ann', 'orders', bobOrder.id],
      ['cat', 'orders', bobOrder.id],
    ];
    const routes = apiRoutes(ctx).filter((r) => r.url.startsWith('/api/account') && r.url.includes(':id'));
    expect(routes.length).toBeGreaterThanOrEqual(4);
    for (const [who, kind, id] of others)
      for (const route of routes.filter((r) => r.url.startsWith(`/api/account/${kind}/`))) {
        const res = await get(who, route.url.replace(':id', String(id)));
        expect(res.statusCode, `${who} ${route.url} ${id}`).toBe(404);
        expect(res.json().error).toBe(ACCOUNT_TEXT.notFound);
      }
    for (const route of routes) {
      const res = await get('bob', route.url.replace(':id', '2000000000'));
      expect(res.statusCode, route.url).toBe(404);
    }
    // A draft, even one's own, is nobody's to see here; nor is an id that names nothing.
    const draft = await ctx.admin.ok('POST', `/api/quotes/${annCurrent}/revise`);
    expect((await get('ann', `/api/account/quotes/${draft.id}`)).statusCode).toBe(404);
    await ctx.as(ctx.adminToken).delete(`/api/quotes/${draft.id}`);
    expect((await get('ann', '/api/account/quotes/2000000000')).statusCode).toBe(404);
    expect(await refs('ann', 'requests')).toEqual([ann.inquiry.reference]);
    expect(await refs('cat', 'quotes')).toEqual([cat.inquiry.reference]);
  });

  it('opens an order of their own: its lines and totals as confirmed, its status now, and its PDF', async () => {
    const [order] = await query<{ id: number }>('select id from orders where quote_id = $1', [bob.quote.id]);
    const res = await get('bob', `/api/account/orders/${order.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: order.id,
      number: expect.stringMatching(/^SO-\d{6}$/),
      status: 'confirmed',
      reference: bob.inquiry.reference,
      buyer: { name: 'Bob', email: 'bob@widgets.example' },
      quote_version: 1,
      signed_by: 'Bob',
      po_number: null,
      company: 'widgets ltd',
      billing_address: null,
      shipping_address: null,
      currency: expect.any(String),
      created_at: expect.any(String),
      lines: [
        {
          product_id: null,
          sku: null,
          variant_id: null,
          options: {},
          name: 'Pallet rack bay',
          quantity: 2,
          unit_price: 150,
          discount_percent: 0,
          line_total: 300,
        },
      ],
      subtotal: 300,
      shipping: 0,
      shipping_label: null,
      tax_rate: 0,
      tax: 0,
      total: 300,
    });
    // Staff's notes and history stay staff's.
    expect(res.json()).not.toHaveProperty('notes');
    // Shipped by staff: the portal says so from the next read.
    await ctx.admin.ok('PATCH', `/api/orders/${order.id}`, { status: 'shipped' });
    expect((await get('bob', `/api/account/orders/${order.id}`)).json().status).toBe('shipped');

    const pdf = await get('bob', `/api/account/orders/${order.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`order-${res.json().number}.pdf`);
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("shows the company's rows while granted, and stops when the right is removed", async () => {
    await setSees('ann@widgets.example', true);
    expect((await get('ann', '/api/account')).json()).toMatchObject({
      company: 'Widgets Ltd',
      sees_company: true,
    });
    expect((await refs('ann', 'requests')).sort()).toEqual(
      [ann.inquiry.reference, bob.inquiry.reference].sort(),
    );
    expect(await refs('ann', 'orders')).toEqual([bob.inquiry.reference]);
    expect((await get('ann', `/api/account/quotes/${bob.quote.id}`)).statusCode).toBe(200);
    const [bobOrder] = await query<{ id: number }>('select id from orders where quote_id = $1', [
      bob.quote.id,
    ]);
    expect((await get('ann', `/api/account/orders/${bobOrder.id}`)).statusCode).toBe(200);
    expect((await get('ann', `/api/account/orders/${bobOrder.id}/pdf`)).statusCode).toBe(200);
    // Another company's stays apart; and Bob, not granted, still sees his own only.
    expect((await get('ann', `/api/account/quotes/${cat.quote.id}`)).statusCode).toBe(404);
    expect(await refs('bob', 'requests')).toEqual([bob.inquiry.reference]);

    await setSees('ann@widgets.example', false);
    expect((await get('ann', `/api/account/quotes/${bob.quote.id}`)).statusCode).toBe(404);
    expect((await get('ann', `/api/account/orders/${bobOrder.id}`)).statusCode).toBe(404);
    expect(await refs('ann', 'orders')).toEqual([]);
    expect((await get('ann', '/api/account')).json().sees_company).toBe(false);
  });
});

describe('an anonymous request changes nothing that belongs to someone else', () => {
  const customerRow = async (email: string) =>
    (
      await query<Record<string, unknown>>(
        `select id, name, email, phone, company_id, sees_company, merged_into_id, updated_at
          from customers where lower(email) = lower($1)`,
        [email],
      )
    )[0];

  it("neither moves a customer into the company the form names nor lets that company's buyer read their quotes", async () => {
    // The victim: a customer of no company, with a quote. Harbour Co's buyer sees the company's.
    const victim = await quoted({ name: 'Vic Solo', email: 'vic@solo.example' });
    await quoted({ name: 'Hal Harbour', email: 'hal@harbour.example', company: 'Harbour Co' });
    await query('update customers set sees_company = true where email = $1', ['hal@harbour.example']);
    const hal = await signIn('hal@harbour.example');
    const before = await customerRow('vic@solo.example');
    expect(before).toMatchObject({ company_id: null, sees_company: false, phone: null });

    // Anyone may post the form with the victim's address and Harbour Co's name.
    const attack = await ctx.as().post(
      '/api/inquiries',
      {
        name: 'Someone Else',
        email: 'VIC@solo.example',
        phone: '555-0100',
        company: ' harbour co ',
        subject: 'Join us',
        message: 'Hello.',
      },
      { remoteAddress: nextIp() },
    );
    expect(attack.statusCode, attack.body).toBe(201);

    // The victim's row, company link and grants are as they were; the request keeps what was typed.
    expect(await customerRow('vic@solo.example')).toEqual(before);
    const [typed] = await query<{ company: string; customer_id: number }>(
      'select company, customer_id from inquiries where id = $1',
      [attack.json().id],
    );
    expect(typed).toEqual({ company: 'harbour co', customer_id: before.id });

    // Harbour Co's buyer reads none of the victim's rows.
    const hers = (url: string) => ctx.as(hal).get(url);
    expect((await hers(`/api/account/quotes/${victim.quote.id}`)).statusCode).toBe(404);
    expect((await hers(`/api/account/quotes/${victim.quote.id}/basket`)).statusCode).toBe(404);
    for (const list of ['requests', 'quotes', 'orders']) {
      const seen = (await hers(`/api/account/${list}`)).json().data as { reference: string }[];
      expect(seen.map((r) => r.reference)).not.toContain(victim.inquiry.reference);
    }
  });

  it('does not join a first-time address to a company that already exists', async () => {
    // Claiming an address before its owner ever asks would otherwise hand their later quotes over.
    await quoted({ name: 'Ida Isle', email: 'ida@isle.example', company: 'Isle Works' });
    const [isle] = await query<{ id: number }>("select id from companies where name = 'Isle Works'");
    const claim = await ctx.as().post(
      '/api/inquiries',
      {
        name: 'Not Nia',
        email: 'nia@elsewhere.example',
        company: 'ISLE WORKS',
        subject: 'Hi',
        message: 'Hi.',
      },
      { remoteAddress: nextIp() },
    );
    expect(claim.statusCode, claim.body).toBe(201);
    expect(await customerRow('nia@elsewhere.example')).toMatchObject({
      company_id: null,
      sees_company: false,
    });
    expect(
      (await query('select id from companies where lower(name) = $1', ['isle works'])).map((r) => r.id),
    ).toEqual([isle.id]);
    // A name no company has yet makes the new customer's own company, as on first sight before.
    expect((await customerRow('ida@isle.example')).company_id).toBe(isle.id);
  });
});

describe('"Request again"', () => {
  it("gives each line its own product's first image", async () => {
    const made = [];
    for (const [name, sku] of [
      ['Shelf Bracket', 'SB-1'],
      ['Shelf Board', 'SB-2'],
      ['Shelf Pin', 'SB-3'],
    ]) {
      const p = await ctx.admin.ok('POST', '/api/products', { name, sku, mrp: 5, status: 'published' });
      made.push(p as { id: number });
    }
    const [bracket, board, pin] = made;
    // Two images each for the first two, in an order their ids do not follow; none for the pin.
    await query(
      `insert into product_images (product_id, url, position) values
        ($1, '/uploads/bracket-second.webp', 1), ($1, '/uploads/bracket-first.webp', 0),
        ($2, '/uploads/board-second.webp', 1), ($2, '/uploads/board-first.webp', 0)`,
      [bracket.id, board.id],
    );
    const { quote } = await quoted(
      { name: 'Rey Again', email: 'rey@again.example' },
      [pin, board, bracket].map((p, i) => ({
        product_id: p.id,
        name: `Line ${i}`,
        quantity: i + 1,
        unit_price: 5,
      })),
    );
    const rey = await signIn('rey@again.example');
    const res = await ctx.as(rey).get(`/api/account/quotes/${quote.id}/basket`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (res.json().lines as { product_id: number; image: string | null }[]).map((l) => [
        l.product_id,
        l.image,
      ]),
    ).toEqual([
      [pin.id, null],
      [board.id, thumbnailUrl('/uploads/board-first.webp')],
      [bracket.id, thumbnailUrl('/uploads/bracket-first.webp')],
    ]);
  });
});
