import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PRICE_LIST_ROWS_PER_PUT } from '#domain/customer-pricing';
import type { Job } from '#domain/imports';
import { WEBHOOK_EVENTS, type WebhookEventType } from '#domain/webhooks';
import { createProduct, createProductWithVariants, createQuoteRequest } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/harness';
import { sentQuote } from '../../../test/quotes';
import { until } from '../../../test/until';
import { upload } from '../../../test/uploads';
import { type Receiver, startReceiver } from '../../../test/webhook-receiver';

/**
 * Every change that has an event records it in its own transaction, with the entity as the API
 * returns it: real rows of webhook_events, through the API.
 */
let ctx: TestContext;
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  ctx = await createTestContext(
    { INQUIRY_RATE_MAX: '100000', QUOTE_PAGE_RATE_MAX: '100000', WEBHOOK_ALLOW_PRIVATE: '1' },
    { runJobs: true },
  );
  await q(
    `insert into webhook_endpoints (url, events, enabled, secret) values ($1, '{}', false, 'whsec_test')`,
    [receiver.url],
  );
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
});

const q = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await ctx.database.pool.query(text, params)).rows as T[];
const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;

type Recorded = { type: WebhookEventType; entity: string; data: Record<string, unknown> };

/** The events recorded since `after` (an events.id), oldest first. */
async function eventsSince(after: number): Promise<Recorded[]> {
  const rows = await q<{ type: WebhookEventType; entity: string; payload: string }>(
    'select type, entity, payload from webhook_events where id > $1 order by id',
    [after],
  );
  return rows.map((r) => ({ type: r.type, entity: r.entity, data: JSON.parse(r.payload).data }));
}
const lastEventId = async () =>
  Number((await q<{ id: string | null }>('select max(id) as id from webhook_events'))[0].id ?? 0);

/** What happens in `work`, as the events it recorded. */
async function recorded(work: () => Promise<unknown>) {
  const before = await lastEventId();
  await work();
  return eventsSince(before);
}
const types = (events: Recorded[]) => events.map((e) => `${e.type} ${e.entity}`);

let n = 0;
const newProduct = (extra: object = {}) =>
  createProduct(ctx.admin, {
    name: `Lamp ${++n}`,
    sku: `L-${n}`,
    mrp: 20,
    status: 'draft',
    ...extra,
  });
const productBody = (p: { name: string }, extra: object = {}) => ({
  name: p.name,
  sku: null,
  description: null,
  brand_id: null,
  category_id: null,
  status: 'draft',
  pricing: { mrp: 20 },
  ...extra,
});

/**
 * The catalogue's and the desk's events: a request from a new address makes a customer (and a
 * company) too, whose events the tests of those have to themselves, as price lists have theirs.
 */
const DESK_EVENTS = WEBHOOK_EVENTS.filter((t) => !/^(customer|company|price_list)\./.test(t));

/** The one endpoint, a receiver on loopback, subscribed to `events` (changed in place: the sender may be at it). */
async function subscribe(events: readonly WebhookEventType[] = DESK_EVENTS, enabled = true) {
  await q('update webhook_endpoints set events = $1, enabled = $2', [events, enabled]);
}

beforeEach(() => subscribe());

describe('product events', () => {
  it('create, update, publish and delete, each with the product as the API returns it', async () => {
    let product = { id: 0, name: '' };
    const created = await recorded(async () => {
      product = await newProduct();
    });
    expect(types(created)).toEqual([`product.created product:${product.id}`]);
    expect(created[0].data).toEqual(product);

    const renamed = await recorded(() =>
      ctx.admin.ok('PUT', `/api/products/${product.id}`, productBody(product, { name: 'Desk lamp' })),
    );
    expect(types(renamed)).toEqual([`product.updated product:${product.id}`]);
    expect(renamed[0].data).toMatchObject({ id: product.id, name: 'Desk lamp', status: 'draft' });

    const published = await recorded(() =>
      ctx.admin.ok(
        'PUT',
        `/api/products/${product.id}`,
        productBody({ name: 'Desk lamp' }, { status: 'published' }),
      ),
    );
    expect(types(published)).toEqual([
      `product.updated product:${product.id}`,
      `product.published product:${product.id}`,
    ]);
    expect(published[1].data).toMatchObject({ status: 'published' });

    const deleted = await recorded(() => ctx.admin.ok('DELETE', `/api/products/${product.id}`));
    expect(types(deleted)).toEqual([`product.deleted product:${product.id}`]);
    expect(deleted[0].data).toMatchObject({ id: product.id, name: 'Desk lamp', status: 'published' });

    const back = await recorded(() => ctx.admin.ok('POST', `/api/trash/product/${product.id}/restore`));
    expect(types(back)).toEqual([
      `product.created product:${product.id}`,
      `product.published product:${product.id}`,
    ]);

    // And they arrive, in the order they were recorded.
    const arrivedOf = () =>
      receiver
        .events()
        .filter((e) => e.type.startsWith('product.') && (e.data as { id: number }).id === product.id)
        .map((e) => e.type);
    const arrived = await until(() => arrivedOf().length >= 7 && arrivedOf(), {
      what: "the product's events",
    });
    expect(arrived).toEqual([
      'product.created',
      'product.updated',
      'product.updated',
      'product.published',
      'product.deleted',
      'product.created',
      'product.published',
    ]);
  });

  it('a product created as published is created, then published', async () => {
    const events = await recorded(() => newProduct({ status: 'published' }));
    expect(events.map((e) => e.type)).toEqual(['product.created', 'product.published']);
  });

  it('a section edit is an update', async () => {
    const product = await newProduct();
    const events = await recorded(() =>
      ctx.admin.ok('POST', `/api/products/${product.id}/lists`, {
        title: 'Care',
        items: [{ caption: 'Dust' }],
      }),
    );
    expect(types(events)).toEqual([`product.updated product:${product.id}`]);
  });

  it('a bulk action records one event per product, in one go', async () => {
    const a = await newProduct();
    const b = await newProduct();
    const events = await recorded(() =>
      ctx.admin.ok('POST', '/api/products/bulk', { ids: [a.id, b.id], action: 'publish' }),
    );
    expect(types(events)).toEqual([
      `product.updated product:${a.id}`,
      `product.published product:${a.id}`,
      `product.updated product:${b.id}`,
      `product.published product:${b.id}`,
    ]);
    const gone = await recorded(() =>
      ctx.admin.ok('POST', '/api/products/bulk', { ids: [a.id, b.id], action: 'delete' }),
    );
    expect(gone.map((e) => e.type)).toEqual(['product.deleted', 'product.deleted']);
  });

  it('a restored version is an update', async () => {
    const product = await newProduct();
    await ctx.admin.ok('PUT', `/api/products/${product.id}`, productBody(product, { name: 'Renamed' }));
    const [entry] = await q<{ id: number }>(
      `select id from change_log where entity_type = 'product' and entity_id = $1 order by id desc limit 1`,
      [product.id],
    );
    const events = await recorded(() => ctx.admin.ok('POST', `/api/history/${entry.id}/restore`));
    expect(types(events)).toEqual([`product.updated product:${product.id}`]);
    expect(events[0].data).toMatchObject({ name: product.name });
  });

  it('a CSV import records its products', async () => {
    const existing = await newProduct();
    const sku = `CSV-${n}`;
    const csv = `sku,name,mrp,status\n${sku},Imported lamp,12,published\nL-${n},${existing.name},25,\n`;
    const events = await recorded(async () => {
      const res = await upload(
        ctx.admin,
        '/api/imports',
        { field: 'file', name: 'p.csv', type: 'text/csv', bytes: Buffer.from(csv) },
        { dry_run: 'false' },
      );
      expect(res.statusCode, res.body).toBe(202);
      for (let i = 0; i < 300; i++) {
        const job = (await ctx.admin.get(`/api/jobs/${res.json().job_id}`)).json() as Job;
        if (job.state === 'succeeded') return;
        expect(job.state).not.toBe('failed');
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    const [made] = await q<{ id: number }>('select id from products where sku = $1', [sku]);
    expect(types(events).sort()).toEqual(
      [
        `product.created product:${made.id}`,
        `product.published product:${made.id}`,
        `product.updated product:${existing.id}`,
      ].sort(),
    );
    expect(events.find((e) => e.entity === `product:${existing.id}`)?.data).toMatchObject({ mrp: 25 });
  });

  it('records nothing nobody subscribes to, or for an endpoint that is off', async () => {
    await subscribe(['inquiry.created']);
    expect(await recorded(() => newProduct())).toEqual([]);
    await subscribe(WEBHOOK_EVENTS, false);
    expect(await recorded(() => newProduct())).toEqual([]);
  });

  it('records only the types subscribed to', async () => {
    await subscribe(['product.published']);
    const events = await recorded(() => newProduct({ status: 'published' }));
    expect(events.map((e) => e.type)).toEqual(['product.published']);
  });

  it('a refused change records nothing', async () => {
    const product = await newProduct();
    const taken = await newProduct();
    const events = await recorded(async () => {
      const res = await ctx.admin.put(
        `/api/products/${product.id}`,
        productBody(product, { sku: `L-${n}`, name: taken.name }),
      );
      expect(res.statusCode).toBe(409);
    });
    expect(events).toEqual([]);
  });
});

describe('request, quote and order events', () => {
  it('a quote request, the desk, sending, accepting and moving the order', async () => {
    let sent = { inquiry: { id: 0 }, id: 0, token: '' };
    const asked = await recorded(async () => {
      sent = await sentQuote(ctx, { remoteAddress: address() });
    });
    const inquiry = `inquiry:${sent.inquiry.id}`;
    // Sending moves the request to quoted, after the quote in the same transaction.
    expect(types(asked)).toEqual([
      `inquiry.created ${inquiry}`,
      `quote.sent quote:${sent.id}`,
      `inquiry.updated ${inquiry}`,
    ]);
    const listed = (await ctx.admin.get(`/api/inquiries?q=${sent.inquiry.id}`)).json();
    expect(asked[0].data).toMatchObject({ id: sent.inquiry.id, reference: listed.data[0]?.reference });
    const quote = asked.find((e) => e.type === 'quote.sent');
    expect(quote?.data).toMatchObject({ id: sent.id, status: 'sent', lines: [expect.any(Object)] });

    const owned = await recorded(() =>
      ctx.admin.ok('PATCH', `/api/inquiries/${sent.inquiry.id}`, { status: 'closed', close_reason: 'other' }),
    );
    expect(types(owned)).toEqual([`inquiry.updated ${inquiry}`]);
    expect(owned[0].data).toMatchObject({ status: 'closed' });
  });

  it('a note on a request is an update; deleting it, inquiry.deleted with what its entry kept', async () => {
    const asked = await createQuoteRequest(ctx.as(), {
      name: 'Nell Noted',
      email: 'nell@example.com',
      subject: 'Lamps',
      message: 'Ten, please.',
    });
    const inquiry = `inquiry:${asked.id}`;
    const noted = await recorded(() =>
      ctx.admin.ok('POST', `/api/inquiries/${asked.id}/notes`, { body: 'Called' }),
    );
    expect(types(noted)).toEqual([`inquiry.updated ${inquiry}`]);
    expect(noted[0].data).toMatchObject({ id: asked.id, reference: asked.reference });

    const deleted = await recorded(() => ctx.admin.ok('DELETE', `/api/inquiries/${asked.id}`));
    expect(types(deleted)).toEqual([`inquiry.deleted ${inquiry}`]);
    expect(deleted[0].data).toEqual({
      id: asked.id,
      reference: asked.reference,
      name: 'Nell Noted',
      email: 'nell@example.com',
      subject: 'Lamps',
      status: 'new',
    });
    // A refused delete (already gone) records nothing.
    expect(
      await recorded(async () =>
        expect((await ctx.admin.delete(`/api/inquiries/${asked.id}`)).statusCode).toBe(404),
      ),
    ).toEqual([]);
    // Back from the trash it is created again.
    const back = await recorded(() => ctx.admin.ok('POST', `/api/trash/inquiry/${asked.id}/restore`));
    expect(types(back)).toEqual([`inquiry.created ${inquiry}`]);
  });

  it('accepting makes quote.accepted, an order.created; moving the order, order.updated', async () => {
    const sent = await sentQuote(ctx, { remoteAddress: address() });
    const accepted = await recorded(() =>
      ctx
        .as()
        .ok(
          'POST',
          `/api/public/quotes/${sent.token}/accept`,
          { name: 'Quinn' },
          { remoteAddress: address() },
        ),
    );
    const [order] = await q<{ id: number }>('select id from orders where quote_id = $1', [sent.id]);
    expect(accepted.map((e) => e.type).sort()).toEqual([
      'inquiry.updated',
      'order.created',
      'quote.accepted',
    ]);
    expect(accepted.find((e) => e.type === 'order.created')).toMatchObject({
      entity: `order:${order.id}`,
      data: { id: order.id, status: 'confirmed', lines: [expect.any(Object)] },
    });
    expect(accepted.find((e) => e.type === 'quote.accepted')?.data).toMatchObject({ status: 'accepted' });

    const moved = await recorded(() =>
      ctx.admin.ok('PATCH', `/api/orders/${order.id}`, { status: 'in_progress' }),
    );
    expect(types(moved)).toEqual([`order.updated order:${order.id}`]);
    expect(moved[0].data).toMatchObject({ status: 'in_progress' });

    const noted = await recorded(() =>
      ctx.admin.ok('POST', `/api/orders/${order.id}/notes`, { body: 'Packed' }),
    );
    expect(types(noted)).toEqual([`order.updated order:${order.id}`]);
    expect(noted[0].data).toMatchObject({ status: 'in_progress', notes: [{ body: 'Packed' }] });
    // A note on an order that does not exist records nothing.
    expect(
      await recorded(async () =>
        expect((await ctx.admin.post('/api/orders/999999/notes', { body: 'Lost' })).statusCode).toBe(404),
      ),
    ).toEqual([]);
  });

  it('a request back from the trash is created again; its sent quote is not sent again', async () => {
    const sent = await sentQuote(ctx, { remoteAddress: address() });
    await ctx.admin.ok('DELETE', `/api/inquiries/${sent.inquiry.id}`);
    const back = await recorded(() => ctx.admin.ok('POST', `/api/trash/inquiry/${sent.inquiry.id}/restore`));
    expect(types(back)).toEqual([`inquiry.created inquiry:${sent.inquiry.id}`]);
  });

  it('declining makes quote.declined', async () => {
    const sent = await sentQuote(ctx, { remoteAddress: address() });
    const events = await recorded(() =>
      ctx.as().ok('POST', `/api/public/quotes/${sent.token}/decline`, {}, { remoteAddress: address() }),
    );
    expect(events.map((e) => e.type).sort()).toEqual(['inquiry.updated', 'quote.declined']);
  });

  it("no payload carries a quote's token or a buyer's sign-in token", async () => {
    await subscribe(WEBHOOK_EVENTS);
    const before = await lastEventId();
    const email = `tess-${randomBytes(3).toString('hex')}@example.com`;
    const sent = await sentQuote(ctx, { remoteAddress: address(), inquiry: { email, company: 'Tess Ltd' } });
    const accepted = await sentQuote(ctx, { remoteAddress: address(), inquiry: { email } });
    await ctx
      .as()
      .ok(
        'POST',
        `/api/public/quotes/${accepted.token}/accept`,
        { name: 'Tess' },
        { remoteAddress: address() },
      );
    await q(`update quotes set valid_until = current_date - 3 where id = $1`, [sent.id]);
    await ctx.app.housekeeping.runAll();
    // The buyer signs in to the portal: the link's token and the session's are secrets too.
    await ctx.as().ok('POST', '/api/account/login-link', { email }, { remoteAddress: address() });
    const [mail] = await until(() =>
      q<{ text_body: string }>(
        `select text_body from outbox where kind = 'account_login' and to_address = $1`,
        [email],
      ).then((rows) => rows.length > 0 && rows),
    );
    const link = mail.text_body.match(/login\?token=([A-Za-z0-9_-]+)/)?.[1] ?? '';
    expect(link).not.toBe('');
    const session = await ctx.as().ok('POST', '/api/account/session', { token: link });
    const [customer] = await q<{ id: number }>('select id from customers where email = $1', [email]);
    await ctx.admin.ok('PATCH', `/api/customers/${customer.id}`, { sees_company: true });

    const rows = await q<{ type: string; payload: string }>(
      'select type, payload from webhook_events where id > $1 order by id',
      [before],
    );
    const kinds = new Set(rows.map((r) => r.type));
    for (const type of ['quote.sent', 'quote.accepted', 'quote.expired', 'customer.updated', 'order.created'])
      expect(kinds, type).toContain(type);
    // Every value under a `token` key, at any depth. An order's notes and history name the API
    // token that made them as the order's API does ({ id, name, owner }, or null): that names a
    // token, it is not one. Anything else there, a string above all, would be a secret.
    const tokens = (value: unknown): unknown[] =>
      value && typeof value === 'object'
        ? Object.entries(value).flatMap(([k, v]) => [...(k === 'token' ? [v] : []), ...tokens(v)])
        : [];
    const isTokenRef = (v: unknown) =>
      v === null ||
      (typeof v === 'object' &&
        Object.keys(v).sort().join() === 'id,name,owner' &&
        typeof (v as { id: unknown }).id === 'number');
    for (const { type, payload } of rows) {
      for (const secret of [sent.token, accepted.token, link, session.token])
        expect(payload, type).not.toContain(secret);
      const data = JSON.parse(payload).data;
      expect(data, type).not.toHaveProperty('token');
      for (const value of tokens(data))
        expect(isTokenRef(value), `${type}: ${JSON.stringify(value)}`).toBe(true);
    }
  });

  it("the expiry job's expired quotes make quote.expired", async () => {
    const sent = await sentQuote(ctx, { remoteAddress: address() });
    await q(`update quotes set valid_until = current_date - 3 where id = $1`, [sent.id]);
    const events = await recorded(() => ctx.app.housekeeping.runAll());
    expect(types(events)).toContain(`quote.expired quote:${sent.id}`);
    expect(events.find((e) => e.type === 'quote.expired')?.data).toMatchObject({ status: 'expired' });
  });
});

describe('customer and company events', () => {
  beforeEach(() => subscribe(WEBHOOK_EVENTS));
  const customerPage = async (id: number) => ctx.admin.ok('GET', `/api/customers/${id}`);
  const companyPage = async (id: number) => ctx.admin.ok('GET', `/api/companies/${id}`);
  let m = 0;
  /** A visitor's request from a new address, naming a new company. */
  const ask = (extra: object = {}) =>
    createQuoteRequest(ctx.as(), {
      name: `Cora ${++m}`,
      email: `cora.${m}@example.com`,
      company: `Coraco ${m}`,
      subject: 'Chairs',
      message: 'Twelve, please.',
      ...extra,
    });
  const customerOf = async (inquiry: number) =>
    (
      await q<{ id: number; company_id: number }>(
        'select c.id, c.company_id from inquiries i join customers c on c.id = i.customer_id where i.id = $1',
        [inquiry],
      )
    )[0];

  it('a request from a new address makes its company and customer, each as its page answers', async () => {
    let inquiry = 0;
    const events = await recorded(async () => {
      inquiry = (await ask()).id;
    });
    const { id, company_id } = await customerOf(inquiry);
    expect(types(events)).toEqual([
      `company.created company:${company_id}`,
      `customer.created customer:${id}`,
      `inquiry.created inquiry:${inquiry}`,
    ]);
    expect(events[0].data).toEqual(await companyPage(company_id));
    expect(events[1].data).toEqual(await customerPage(id));
    expect(events[1].data).toMatchObject({ request_count: 1, company: { id: company_id } });

    // A later request of the same customer changes only counters, which are not its change.
    const again = await recorded(() => ask({ email: `cora.${m}@example.com`, company: `Coraco ${m}` }));
    expect(again.map((e) => e.type)).toEqual(['inquiry.created']);
  });

  it('an edit and a note are updates, of a customer and of a company', async () => {
    const { id, company_id } = await customerOf((await ask()).id);
    const edited = await recorded(() =>
      ctx.admin.ok('PATCH', `/api/customers/${id}`, { phone: '+44 20 7946 0000' }),
    );
    expect(types(edited)).toEqual([`customer.updated customer:${id}`]);
    expect(edited[0].data).toEqual(await customerPage(id));

    const noted = await recorded(() =>
      ctx.admin.ok('POST', `/api/customers/${id}/notes`, { body: 'Prefers mornings' }),
    );
    expect(types(noted)).toEqual([`customer.updated customer:${id}`]);
    expect(noted[0].data).toMatchObject({ id, notes: [{ body: 'Prefers mornings' }] });

    const renamed = await recorded(() =>
      ctx.admin.ok('PATCH', `/api/companies/${company_id}`, { website: 'https://coraco.example' }),
    );
    expect(types(renamed)).toEqual([`company.updated company:${company_id}`]);
    expect(renamed[0].data).toEqual(await companyPage(company_id));

    const companyNoted = await recorded(() =>
      ctx.admin.ok('POST', `/api/companies/${company_id}/notes`, { body: 'Pays on time' }),
    );
    expect(types(companyNoted)).toEqual([`company.updated company:${company_id}`]);
    expect(companyNoted[0].data).toMatchObject({ id: company_id, notes: [{ body: 'Pays on time' }] });

    // Refused (nobody there), nothing is recorded.
    expect(
      await recorded(async () =>
        expect((await ctx.admin.post('/api/customers/999999/notes', { body: 'Lost' })).statusCode).toBe(404),
      ),
    ).toEqual([]);
  });

  it('a merge deletes the merged customer and updates the survivor; undoing it brings it back', async () => {
    const source = (await customerOf((await ask({ company: '' })).id)).id;
    const into = (await customerOf((await ask({ company: '' })).id)).id;
    const [sourceRow] = await q<{ name: string; email: string }>(
      'select name, email from customers where id = $1',
      [source],
    );
    const merged = await recorded(() =>
      ctx.admin.ok('POST', `/api/customers/${source}/merge`, { into_id: into }),
    );
    expect(types(merged).filter((t) => !t.startsWith('inquiry.'))).toEqual([
      `customer.deleted customer:${source}`,
      `customer.updated customer:${into}`,
    ]);
    // Its request moved to the survivor.
    expect(merged.filter((e) => e.type === 'inquiry.updated')).toHaveLength(1);
    expect(merged[merged.length - 2].data).toEqual({ id: source, ...sourceRow, merged_into_id: into });
    expect(merged[merged.length - 1].data).toEqual(await customerPage(into));
    expect(merged[merged.length - 1].data).toMatchObject({ request_count: 2 });

    const [entry] = await q<{ id: string }>(
      "select id from change_log where entity_type = 'customer' and entity_id = $1 and action = 'merge'",
      [source],
    );
    const undone = await recorded(() => ctx.admin.ok('POST', `/api/history/${entry.id}/restore`));
    expect(types(undone).filter((t) => !t.startsWith('inquiry.'))).toEqual([
      `customer.created customer:${source}`,
      `customer.updated customer:${into}`,
    ]);
    expect(undone.find((e) => e.type === 'customer.created')?.data).toEqual(await customerPage(source));
    expect(undone.find((e) => e.type === 'customer.updated')?.data).toMatchObject({ request_count: 1 });
  });

  it('a company merge deletes the merged company and updates the survivor; a delete is company.deleted', async () => {
    const a = await customerOf((await ask()).id);
    const b = await customerOf((await ask()).id);
    const [source] = await q<{ name: string }>('select name from companies where id = $1', [a.company_id]);
    const merged = await recorded(() =>
      ctx.admin.ok('POST', `/api/companies/${a.company_id}/merge`, { into_id: b.company_id }),
    );
    expect(types(merged)).toEqual([
      `customer.updated customer:${a.id}`,
      `company.updated company:${b.company_id}`,
      `company.deleted company:${a.company_id}`,
    ]);
    expect(merged[1].data).toEqual(await companyPage(b.company_id));
    expect(merged[1].data).toMatchObject({ customer_count: 2 });
    expect(merged[2].data).toEqual({ id: a.company_id, name: source.name });

    const deleted = await recorded(() =>
      ctx.admin.delete(`/api/companies/${b.company_id}`).then((res) => expect(res.statusCode).toBe(204)),
    );
    // Its people are unlinked in one statement, in no set order, before the company goes.
    expect(types(deleted).slice(0, 2).sort()).toEqual(
      [`customer.updated customer:${a.id}`, `customer.updated customer:${b.id}`].sort(),
    );
    expect(types(deleted)[2]).toBe(`company.deleted company:${b.company_id}`);
    expect(deleted).toHaveLength(3);
  });

  it('deleting a customer or a company sends what its entry kept', async () => {
    const inquiry = (await ask()).id;
    const { id, company_id } = await customerOf(inquiry);
    const [row] = await q<{ name: string; email: string }>(
      'select name, email from customers where id = $1',
      [id],
    );
    const [company] = await q<{ name: string }>('select name from companies where id = $1', [company_id]);
    // No route deletes them; whatever does, in a transaction, sends the events.
    const deleted = await recorded(() =>
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`delete from customers where id = ${id}`);
        await tx.execute(sql`delete from companies where id = ${company_id}`);
      }),
    );
    // Its request loses its customer (the key's set null), which is that request's change.
    expect(types(deleted)).toEqual([
      `customer.deleted customer:${id}`,
      `inquiry.updated inquiry:${inquiry}`,
      `company.deleted company:${company_id}`,
    ]);
    expect(deleted[0].data).toEqual({ id, ...row, merged_into_id: null });
    expect(deleted[2].data).toEqual({ id: company_id, name: company.name });
  });

  it('records only the customer and company events subscribed to', async () => {
    await subscribe(['company.created']);
    const events = await recorded(() => ask());
    expect(events.map((e) => e.type)).toEqual(['company.created']);
  });
});

describe('price list events', () => {
  const PRICE_LIST_EVENTS = WEBHOOK_EVENTS.filter((t) => t.startsWith('price_list.'));
  beforeEach(() => subscribe(PRICE_LIST_EVENTS));
  const listPage = (id: number) => ctx.admin.ok('GET', `/api/price-lists/${id}`);
  /** The list's own change-log entries, oldest first. */
  const entriesOf = (id: number) =>
    q<{ action: string; changes: Record<string, { before: unknown; after: unknown }> }>(
      "select action, changes from change_log where entity_type = 'price_list' and entity_id = $1 order by id",
      [id],
    );

  it('made, its prices set, reassigned and deleted: one event each, with the list as its API answers', async () => {
    const shirt = await createProductWithVariants(ctx.admin, { product: { name: `Shirt ${++n}`, mrp: 30 } });
    const [{ company_id }] = await q<{ company_id: number }>(
      'select c.company_id from inquiries i join customers c on c.id = i.customer_id where i.id = $1',
      [
        (
          await createQuoteRequest(ctx.as(), {
            name: 'Pam',
            email: `pam.${n}@example.com`,
            company: `Pamco ${n}`,
            subject: 'Shirts',
            message: 'Many',
          })
        ).id,
      ],
    );
    let id = 0;
    const created = await recorded(async () => {
      id = (
        await ctx.admin.ok('POST', '/api/price-lists', {
          name: 'Pamco agreement',
          type: 'fixed',
          company_ids: [company_id],
        })
      ).id;
    });
    expect(types(created)).toEqual([`price_list.created price_list:${id}`]);
    expect(created[0].data).toEqual(await listPage(id));

    const priced = await recorded(() =>
      ctx.admin.ok('PUT', `/api/price-lists/${id}/prices`, {
        prices: shirt.variants.map((v) => ({ variant_id: v.id, price: 25 })),
      }),
    );
    expect(types(priced)).toEqual([`price_list.updated price_list:${id}`]);
    expect(priced[0].data).toEqual(await listPage(id));
    expect(priced[0].data).toMatchObject({ id, name: 'Pamco agreement', price_count: 3 });

    const [buyer] = await q<{ id: number }>('select id from customers where company_id = $1', [company_id]);
    const reassigned = await recorded(() =>
      ctx.admin.ok('PATCH', `/api/price-lists/${id}`, { company_ids: [], customer_ids: [buyer.id] }),
    );
    expect(types(reassigned)).toEqual([`price_list.updated price_list:${id}`]);
    expect(reassigned[0].data).toMatchObject({ company_ids: [], customer_ids: [buyer.id] });

    // A save that changes nothing logs nothing, so sends nothing.
    expect(
      await recorded(() =>
        ctx.admin.ok('PATCH', `/api/price-lists/${id}`, {
          name: 'Pamco agreement',
          customer_ids: [buyer.id],
        }),
      ),
    ).toEqual([]);
    // Refused, nothing is recorded either.
    expect(
      await recorded(async () =>
        expect(
          (
            await ctx.admin.put(`/api/price-lists/${id}/prices`, {
              prices: [{ variant_id: 99_999_999, price: 1 }],
            })
          ).statusCode,
        ).toBe(400),
      ),
    ).toEqual([]);

    const deleted = await recorded(() =>
      ctx.admin.delete(`/api/price-lists/${id}`).then((r) => expect(r.statusCode).toBe(204)),
    );
    expect(types(deleted)).toEqual([`price_list.deleted price_list:${id}`]);
    expect(deleted[0].data).toEqual({ id, name: 'Pamco agreement', type: 'fixed' });

    // And they reach the receiver, in order, each naming the list.
    const arrivedOf = () =>
      receiver
        .events()
        .filter((e) => e.type.startsWith('price_list.') && (e.data as { id: number }).id === id);
    const arrived = await until(() => arrivedOf().length >= 4 && arrivedOf(), { what: "the list's events" });
    expect(arrived.map((e) => e.type)).toEqual([
      'price_list.created',
      'price_list.updated',
      'price_list.updated',
      'price_list.deleted',
    ]);
    expect(arrived.map((e) => (e.data as { name: string }).name)).toEqual(Array(4).fill('Pamco agreement'));
  });

  it(`a write of ${PRICE_LIST_ROWS_PER_PUT} prices is one event and one history entry, not one per row`, async () => {
    const { variants } = await createProductWithVariants(ctx.admin, {
      product: { name: `Bolt ${++n}`, mrp: 2 },
    });
    const list = await ctx.admin.ok('POST', '/api/price-lists', { name: `Bolts ${n}`, type: 'fixed' });
    const rows = Array.from({ length: PRICE_LIST_ROWS_PER_PUT }, (_, i) => ({
      variant_id: variants[i % variants.length].id,
      min_quantity: Math.floor(i / variants.length) + 1,
      price: 1.5,
    }));
    const before = await lastEventId();
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, { prices: rows });
    const events = await eventsSince(before);
    expect(types(events)).toEqual([`price_list.updated price_list:${list.id}`]);
    expect(events[0].data).toMatchObject({
      id: list.id,
      name: `Bolts ${n}`,
      price_count: PRICE_LIST_ROWS_PER_PUT,
    });

    // The same rows again, half of them with new prices: still one of each.
    const again = await recorded(() =>
      ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
        prices: rows.map((r, i) => ({ ...r, price: i % 2 ? 1.25 : 1.5 })),
      }),
    );
    expect(types(again)).toEqual([`price_list.updated price_list:${list.id}`]);
    expect(await entriesOf(list.id)).toEqual([
      { action: 'create', changes: expect.objectContaining({ name: { before: null, after: `Bolts ${n}` } }) },
      {
        action: 'update',
        changes: {
          prices: { before: 0, after: PRICE_LIST_ROWS_PER_PUT },
          prices_set: { before: null, after: PRICE_LIST_ROWS_PER_PUT },
        },
      },
      {
        action: 'update',
        changes: {
          prices: { before: PRICE_LIST_ROWS_PER_PUT, after: PRICE_LIST_ROWS_PER_PUT },
          prices_set: { before: null, after: PRICE_LIST_ROWS_PER_PUT },
        },
      },
    ]);
  });

  it("a variant's quantity breaks are its product's update", async () => {
    await subscribe(['product.updated', ...PRICE_LIST_EVENTS]);
    const product = await newProduct();
    const [variant] = await q<{ id: number }>('select id from product_variants where product_id = $1', [
      product.id,
    ]);
    const events = await recorded(() =>
      ctx.admin.ok('PUT', `/api/variants/${variant.id}/tiers`, { tiers: [{ min_quantity: 10, mrp: 18 }] }),
    );
    expect(types(events)).toEqual([`product.updated product:${product.id}`]);
  });

  it('records only the price list events subscribed to', async () => {
    await subscribe(['price_list.deleted']);
    const events = await recorded(async () => {
      const list = await ctx.admin.ok('POST', '/api/price-lists', {
        name: `Brief ${++n}`,
        type: 'percent',
        percent: 5,
      });
      await ctx.admin.ok('PATCH', `/api/price-lists/${list.id}`, { percent: 7 });
      await ctx.admin.delete(`/api/price-lists/${list.id}`);
    });
    expect(events.map((e) => e.type)).toEqual(['price_list.deleted']);
  });
});
