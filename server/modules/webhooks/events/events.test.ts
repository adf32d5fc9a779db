import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Job } from '#domain/imports';
import { WEBHOOK_EVENTS, type WebhookEventType } from '#domain/webhooks';
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
const staff = () => ctx.as(ctx.adminToken);
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

async function ok<T = Record<string, unknown>>(
  sending: Promise<{ statusCode: number; body: string; json(): unknown }>,
): Promise<T> {
  const res = await sending;
  expect(res.statusCode, res.body).toBeLessThan(300);
  return (res.statusCode === 204 ? null : res.json()) as T;
}

let n = 0;
const newProduct = (extra: object = {}) =>
  ok<{ id: number; name: string; status: string }>(
    staff().post('/api/products', { name: `Lamp ${++n}`, sku: `L-${n}`, mrp: 20, status: 'draft', ...extra }),
  );
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

/** The one endpoint, a receiver on loopback, subscribed to `events` (changed in place: the sender may be at it). */
async function subscribe(events: readonly WebhookEventType[] = WEBHOOK_EVENTS, enabled = true) {
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
      ok(staff().put(`/api/products/${product.id}`, productBody(product, { name: 'Desk lamp' }))),
    );
    expect(types(renamed)).toEqual([`product.updated product:${product.id}`]);
    expect(renamed[0].data).toMatchObject({ id: product.id, name: 'Desk lamp', status: 'draft' });

    const published = await recorded(() =>
      ok(
        staff().put(
          `/api/products/${product.id}`,
          productBody({ name: 'Desk lamp' }, { status: 'published' }),
        ),
      ),
    );
    expect(types(published)).toEqual([
      `product.updated product:${product.id}`,
      `product.published product:${product.id}`,
    ]);
    expect(published[1].data).toMatchObject({ status: 'published' });

    const deleted = await recorded(() => ok(staff().delete(`/api/products/${product.id}`)));
    expect(types(deleted)).toEqual([`product.deleted product:${product.id}`]);
    expect(deleted[0].data).toMatchObject({ id: product.id, name: 'Desk lamp', status: 'published' });

    const back = await recorded(() => ok(staff().post(`/api/trash/product/${product.id}/restore`)));
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
      ok(staff().post(`/api/products/${product.id}/lists`, { title: 'Care', items: [{ caption: 'Dust' }] })),
    );
    expect(types(events)).toEqual([`product.updated product:${product.id}`]);
  });

  it('a bulk action records one event per product, in one go', async () => {
    const a = await newProduct();
    const b = await newProduct();
    const events = await recorded(() =>
      ok(staff().post('/api/products/bulk', { ids: [a.id, b.id], action: 'publish' })),
    );
    expect(types(events)).toEqual([
      `product.updated product:${a.id}`,
      `product.published product:${a.id}`,
      `product.updated product:${b.id}`,
      `product.published product:${b.id}`,
    ]);
    const gone = await recorded(() =>
      ok(staff().post('/api/products/bulk', { ids: [a.id, b.id], action: 'delete' })),
    );
    expect(gone.map((e) => e.type)).toEqual(['product.deleted', 'product.deleted']);
  });

  it('a restored version is an update', async () => {
    const product = await newProduct();
    await ok(staff().put(`/api/products/${product.id}`, productBody(product, { name: 'Renamed' })));
    const [entry] = await q<{ id: number }>(
      `select id from change_log where entity_type = 'product' and entity_id = $1 order by id desc limit 1`,
      [product.id],
    );
    const events = await recorded(() => ok(staff().post(`/api/history/${entry.id}/restore`)));
    expect(types(events)).toEqual([`product.updated product:${product.id}`]);
    expect(events[0].data).toMatchObject({ name: product.name });
  });

  it('a CSV import records its products', async () => {
    const existing = await newProduct();
    const sku = `CSV-${n}`;
    const csv = `sku,name,mrp,status\n${sku},Imported lamp,12,published\nL-${n},${existing.name},25,\n`;
    const events = await recorded(async () => {
      const res = await upload(
        staff(),
        '/api/imports',
        { field: 'file', name: 'p.csv', type: 'text/csv', bytes: Buffer.from(csv) },
        { dry_run: 'false' },
      );
      expect(res.statusCode, res.body).toBe(202);
      for (let i = 0; i < 300; i++) {
        const job = (await staff().get(`/api/jobs/${res.json().job_id}`)).json() as Job;
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
      const res = await staff().put(
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
    const listed = (await staff().get(`/api/inquiries?q=${sent.inquiry.id}`)).json();
    expect(asked[0].data).toMatchObject({ id: sent.inquiry.id, reference: listed.data[0]?.reference });
    const quote = asked.find((e) => e.type === 'quote.sent');
    expect(quote?.data).toMatchObject({ id: sent.id, status: 'sent', lines: [expect.any(Object)] });

    const owned = await recorded(() =>
      ok(staff().patch(`/api/inquiries/${sent.inquiry.id}`, { status: 'closed', close_reason: 'other' })),
    );
    expect(types(owned)).toEqual([`inquiry.updated ${inquiry}`]);
    expect(owned[0].data).toMatchObject({ status: 'closed' });
  });

  it('a note on a request is an update; deleting it, inquiry.deleted with what its entry kept', async () => {
    const asked = await ok<{ id: number; reference: string }>(
      ctx
        .as()
        .post(
          '/api/inquiries',
          { name: 'Nell Noted', email: 'nell@example.com', subject: 'Lamps', message: 'Ten, please.' },
          { remoteAddress: address() },
        ),
    );
    const inquiry = `inquiry:${asked.id}`;
    const noted = await recorded(() =>
      ok(staff().post(`/api/inquiries/${asked.id}/notes`, { body: 'Called' })),
    );
    expect(types(noted)).toEqual([`inquiry.updated ${inquiry}`]);
    expect(noted[0].data).toMatchObject({ id: asked.id, reference: asked.reference });

    const deleted = await recorded(() => ok(staff().delete(`/api/inquiries/${asked.id}`)));
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
        expect((await staff().delete(`/api/inquiries/${asked.id}`)).statusCode).toBe(404),
      ),
    ).toEqual([]);
  });

  it('accepting makes quote.accepted, an order.created; moving the order, order.updated', async () => {
    const sent = await sentQuote(ctx, { remoteAddress: address() });
    const accepted = await recorded(() =>
      ok(
        ctx
          .as()
          .post(`/api/public/quotes/${sent.token}/accept`, { name: 'Quinn' }, { remoteAddress: address() }),
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
      ok(staff().patch(`/api/orders/${order.id}`, { status: 'in_progress' })),
    );
    expect(types(moved)).toEqual([`order.updated order:${order.id}`]);
    expect(moved[0].data).toMatchObject({ status: 'in_progress' });

    const noted = await recorded(() => ok(staff().post(`/api/orders/${order.id}/notes`, { body: 'Packed' })));
    expect(types(noted)).toEqual([`order.updated order:${order.id}`]);
    expect(noted[0].data).toMatchObject({ status: 'in_progress', notes: [{ body: 'Packed' }] });
    // A note on an order that does not exist records nothing.
    expect(
      await recorded(async () =>
        expect((await staff().post('/api/orders/999999/notes', { body: 'Lost' })).statusCode).toBe(404),
      ),
    ).toEqual([]);
  });

  it('declining makes quote.declined', async () => {
    const sent = await sentQuote(ctx, { remoteAddress: address() });
    const events = await recorded(() =>
      ok(ctx.as().post(`/api/public/quotes/${sent.token}/decline`, {}, { remoteAddress: address() })),
    );
    expect(events.map((e) => e.type).sort()).toEqual(['inquiry.updated', 'quote.declined']);
  });

  it("the expiry job's expired quotes make quote.expired", async () => {
    const sent = await sentQuote(ctx, { remoteAddress: address() });
    await q(`update quotes set valid_until = current_date - 3 where id = $1`, [sent.id]);
    const events = await recorded(() => ctx.app.housekeeping.runAll());
    expect(types(events)).toContain(`quote.expired quote:${sent.id}`);
    expect(events.find((e) => e.type === 'quote.expired')?.data).toMatchObject({ status: 'expired' });
  });
});
