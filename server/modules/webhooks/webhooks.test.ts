import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_TEXT, type WebhookDelivery, type WebhookEventType } from '#domain/webhooks';
import { outbox, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness';
import { until } from '../../test/until';
import { type Receiver, readmeVerify, startReceiver } from '../../test/webhook-receiver';
import { recordWebhookEvent } from './record';

/**
 * Deliveries to a real receiver on loopback (WEBHOOK_ALLOW_PRIVATE=1, retries 1 s, 2 s …): signed
 * as the README says, retried on failure with every attempt logged, in order per entity, and an
 * endpoint failing a day switched off with its admins told.
 */
let ctx: TestContext;
let receiver: Receiver;
let verify: Awaited<ReturnType<typeof readmeVerify>>;

beforeAll(async () => {
  receiver = await startReceiver();
  verify = await readmeVerify();
  ctx = await createTestContext(
    { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_SECONDS: '1' },
    { webhooks: { pollMs: 100 } },
  );
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answerWith(() => ({ status: 200 }));
});

async function addEndpoint(events: string[] = ['product.updated']) {
  const res = await ctx.admin.post('/api/webhooks', { url: receiver.url, events, enabled: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string };
}

async function deliveries(endpointId: number): Promise<WebhookDelivery[]> {
  const res = await ctx.admin.get(`/api/webhooks/${endpointId}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** A product's change as the products module records it: in a transaction of its own. */
async function record(type: WebhookEventType, id: number, data: object, kind = 'product'): Promise<string> {
  const eventId = await ctx.database.db.transaction((tx) =>
    recordWebhookEvent(tx, { type, entity: `${kind}:${id}`, data }),
  );
  if (!eventId) throw new Error('no endpoint subscribed');
  return eventId;
}

/** Stockroom-Signature's fields, as a receiver would read them. */
const signatureOf = (header: string) => {
  const fields = header.split(',').map((f) => f.split('='));
  return {
    t: Number(fields.find(([k]) => k === 't')?.[1]),
    v1: fields.filter(([k]) => k === 'v1').map(([, v]) => v),
  };
};

describe('webhook delivery', () => {
  it('creates an endpoint with its secret shown once, and lists it without', async () => {
    const created = await addEndpoint(['product.created', 'order.created']);
    expect(created.secret).toMatch(/^whsec_[\w-]{43}$/);
    const list = await ctx.admin.get('/api/webhooks');
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((e: { id: number }) => e.id === created.id);
    expect(row).toMatchObject({
      url: receiver.url,
      events: ['product.created', 'order.created'],
      enabled: true,
    });
    expect(JSON.stringify(list.json())).not.toContain(created.secret);
    expect(
      JSON.stringify((await ctx.admin.get(`/api/webhooks/${created.id}/deliveries`)).json()),
    ).not.toContain(created.secret);
    await ctx.admin.delete(`/api/webhooks/${created.id}`);
  });

  it('delivers a test event within seconds, signed so that the README check passes; a tampered body or an old timestamp fails it', async () => {
    const { id, secret } = await addEndpoint();
    const sent = await ctx.admin.post(`/api/webhooks/${id}/test`);
    expect(sent.statusCode, sent.body).toBe(202);
    const started = Date.now();
    const [request] = await until(() => receiver.received.length > 0 && receiver.received, {
      ms: 5_000,
      what: 'the test event',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    const event = JSON.parse(request.body);
    expect(event).toMatchObject({
      id: sent.json().event_id,
      type: 'webhook.test',
      data: { endpoint_id: id },
    });
    expect(Object.keys(event)).toEqual(['id', 'type', 'created_at', 'data']);
    expect(request.headers['stockroom-event-id']).toBe(event.id);
    expect(request.headers['stockroom-event-type']).toBe('webhook.test');
    const header = String(request.headers['stockroom-signature']);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);

    expect(verify(request.body, header, secret)).toBe(true);
    expect(verify(request.body.replace('A test event', 'A forged event'), header, secret)).toBe(false);
    expect(verify(request.body, header, 'whsec_someone-elses')).toBe(false);
    // Signed properly, but ten minutes ago: a replay.
    const old = Math.floor(Date.now() / 1000) - 600;
    const stale = `t=${old},v1=${createHmac('sha256', secret).update(`${old}.${request.body}`).digest('hex')}`;
    expect(verify(request.body, stale, secret)).toBe(false);

    const [delivery] = await until(async () => {
      const list = await deliveries(id);
      return list[0]?.status === 'delivered' && list;
    });
    expect(delivery.log).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 200, response_body: 'ok', error: null }),
    ]);
    const [endpoint] = (await ctx.admin.get('/api/webhooks'))
      .json()
      .data.filter((e: { id: number }) => e.id === id);
    expect(endpoint.last_delivery).toMatchObject({ status: 'delivered', status_code: 200 });
    await ctx.admin.delete(`/api/webhooks/${id}`);
  });

  it("keeps an entity's order: its second event waits for the first, which is being retried", async () => {
    const { id } = await addEndpoint();
    receiver.answerWith((_r, i) => (i === 0 ? { status: 503 } : { status: 200 }));
    const first = await record('product.updated', 2, { id: 2, version: 1 });
    const second = await record('product.updated', 2, { id: 2, version: 2 });
    const other = await record('product.updated', 3, { id: 3, version: 1 });
    await until(() => receiver.received.length >= 4, { what: 'every delivery' });
    const order = receiver.events().map((e) => e.id);
    expect(order.filter((e) => e !== other)).toEqual([first, first, second]);
    // Another entity does not wait for product 2's retry.
    expect(order.indexOf(other)).toBeLessThan(order.lastIndexOf(first));
    await ctx.admin.delete(`/api/webhooks/${id}`);
  });

  it('signs with both secrets for a day after a roll', async () => {
    const { id, secret } = await addEndpoint();
    const rolled = await ctx.admin.post(`/api/webhooks/${id}/roll-secret`);
    expect(rolled.statusCode, rolled.body).toBe(200);
    const { secret: next, previous_secret_expires_at } = rolled.json();
    expect(next).not.toBe(secret);
    expect(new Date(previous_secret_expires_at).getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    await ctx.admin.post(`/api/webhooks/${id}/test`);
    const [request] = await until(() => receiver.received.length > 0 && receiver.received);
    const header = String(request.headers['stockroom-signature']);
    expect(signatureOf(header).v1).toHaveLength(2);
    expect(verify(request.body, header, next)).toBe(true);
    expect(verify(request.body, header, secret)).toBe(true);
    // Past its day the old secret is no longer signed with.
    await ctx.database.db
      .update(webhookEndpoints)
      .set({ previous_secret_expires_at: sql`now() - interval '1 second'` })
      .where(eq(webhookEndpoints.id, id));
    receiver.received.length = 0;
    await ctx.admin.post(`/api/webhooks/${id}/test`);
    const [later] = await until(() => receiver.received.length > 0 && receiver.received);
    const laterHeader = String(later.headers['stockroom-signature']);
    expect(verify(later.body, laterHeader, secret)).toBe(false);
    expect(verify(later.body, laterHeader, next)).toBe(true);
    await ctx.admin.delete(`/api/webhooks/${id}`);
  });

  it('redelivers one event with the same id', async () => {
    const { id } = await addEndpoint();
    const eventId = await record('product.updated', 4, { id: 4 });
    const [delivered] = await until(async () => {
      const list = await deliveries(id);
      return list[0]?.status === 'delivered' && list;
    });
    const again = await ctx.admin.post(`/api/webhook-deliveries/${delivered.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ event_id: eventId, status: 'pending' });
    await until(() => receiver.received.length >= 2, { what: 'the redelivery' });
    expect(receiver.events().map((e) => e.id)).toEqual([eventId, eventId]);
    expect((await ctx.admin.post('/api/webhook-deliveries/999999/redeliver')).statusCode).toBe(404);
    await ctx.admin.delete(`/api/webhooks/${id}`);
  });

  it('does not follow a redirect, and keeps only the first 2 KB of an answer', async () => {
    const { id } = await addEndpoint();
    receiver.answerWith((_r, i) => (i === 0 ? { status: 302 } : { status: 200, body: 'x'.repeat(10_000) }));
    await record('product.updated', 5, { id: 5 });
    const [delivery] = await until(async () => {
      const list = await deliveries(id);
      return list[0]?.status === 'delivered' && list;
    });
    expect(delivery.log[0]).toMatchObject({
      status_code: 302,
      error: 'Answered 302: redirects are not followed',
    });
    expect(delivery.log[1].response_body).toHaveLength(2048);
    await ctx.admin.delete(`/api/webhooks/${id}`);
  });
});

describe('webhook failures', () => {
  it('logs a refused connection, gives a delivery up a day after its first attempt', async () => {
    const { id } = await addEndpoint();
    // Nothing listens on the receiver's port + 1 (nearly always); the log says what happened.
    await ctx.admin.patch(`/api/webhooks/${id}`, { url: `http://127.0.0.1:${receiver.port + 1}/hooks` });
    await record('product.updated', 6, { id: 6 });
    const [first] = await until(async () => {
      const list = await deliveries(id);
      return list[0]?.attempts >= 1 && list[0]?.log.length >= 1 && list;
    });
    expect(first.log[0]).toMatchObject({ status_code: null, error: 'Connection refused' });
    // A day after its first attempt, the next failure is the last.
    await ctx.database.db
      .update(webhookDeliveries)
      .set({ first_attempt_at: sql`now() - interval '25 hours'`, next_attempt_at: sql`now()` })
      .where(eq(webhookDeliveries.id, first.id));
    const [failed] = await until(async () => {
      const list = await deliveries(id);
      return list[0]?.status === 'failed' && list;
    });
    expect(failed.next_attempt_at).toBeNull();
    await ctx.admin.delete(`/api/webhooks/${id}`);
  });

  it('switches an endpoint off after a day of failures and e-mails every admin; on again, what waited goes out', async () => {
    const { id } = await addEndpoint();
    receiver.answerWith(() => ({ status: 500 }));
    await ctx.database.db
      .update(webhookEndpoints)
      .set({ failing_since: sql`now() - interval '25 hours'` })
      .where(eq(webhookEndpoints.id, id));
    const eventId = await record('product.updated', 7, { id: 7 });
    const off = await until(async () => {
      const [e] = (await ctx.admin.get('/api/webhooks'))
        .json()
        .data.filter((x: { id: number }) => x.id === id);
      return !e.enabled && e;
    });
    expect(off).toMatchObject({
      enabled: false,
      disabled_reason: 'failing',
      failing_since: expect.any(String),
    });
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'webhook_disabled'));
    expect(mails.map((m) => m.to_address)).toEqual([ADMIN.email]);
    expect(mails[0].text_body).toContain(receiver.url);
    // Off, nothing is attempted; its pending delivery waits.
    const attempts = receiver.received.length;
    expect((await ctx.admin.post(`/api/webhooks/${id}/test`)).statusCode).toBe(409);
    receiver.answerWith(() => ({ status: 200 }));
    const on = await ctx.admin.patch(`/api/webhooks/${id}`, { enabled: true });
    expect(on.json()).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    await until(() => receiver.received.length > attempts, { what: 'the waiting delivery' });
    expect(receiver.events().at(-1)?.id).toBe(eventId);
    await ctx.admin.delete(`/api/webhooks/${id}`);
  });

  it('is for admins only, and the OpenAPI document describes every route with its answers', async () => {
    const { token } = await ctx.makeUser({ name: 'Eddie Editor', email: 'eddie@example.com' });
    expect((await ctx.as(token).get('/api/webhooks')).statusCode).toBe(403);
    expect(
      (await ctx.as(token).post('/api/webhooks', { url: receiver.url, events: ['order.created'] }))
        .statusCode,
    ).toBe(403);
    const doc = (await ctx.as().get('/api/docs/json')).json();
    const created = doc.paths['/api/webhooks'].post.responses['201'].content['application/json'].schema;
    expect(created.properties).toHaveProperty('secret');
    expect(
      doc.paths['/api/webhooks'].get.responses['200'].content['application/json'].schema.properties.data.items
        .properties,
    ).not.toHaveProperty('secret');
    const log =
      doc.paths['/api/webhooks/{id}/deliveries'].get.responses['200'].content['application/json'].schema;
    expect(log.properties.data.items.properties.log.items.properties).toHaveProperty('response_body');
    for (const [path, method] of [
      ['/api/webhooks/{id}', 'patch'],
      ['/api/webhooks/{id}', 'delete'],
      ['/api/webhooks/{id}/roll-secret', 'post'],
      ['/api/webhooks/{id}/test', 'post'],
      ['/api/webhook-deliveries/{id}/redeliver', 'post'],
    ])
      expect(doc.paths[path][method].responses, `${method} ${path}`).toHaveProperty('404');
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    for (const body of [
      { url: 'not a url', events: ['product.created'] },
      { url: 'ftp://example.com/x', events: ['product.created'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['product.exploded'] },
      { url: receiver.url, events: ['product.created', 'product.created'] },
      { url: receiver.url, events: ['product.created'], secret: 'mine' },
    ]) {
      const res = await ctx.admin.post('/api/webhooks', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await ctx.admin.get('/api/webhooks')).json().data).toEqual([]);
    expect((await ctx.admin.patch('/api/webhooks/1', {})).statusCode).toBe(400);
    expect((await ctx.admin.patch('/api/webhooks/999999', { enabled: false })).statusCode).toBe(404);
  });
});

describe('what an endpoint may carry, and where', () => {
  let hanaToken: string | undefined;
  /** A settings manager whose role reads the catalogue and orders, but not requests or customers. */
  async function integrator() {
    if (hanaToken) return hanaToken;
    const role = await ctx.admin.post('/api/roles', {
      name: 'Hook keeper',
      permissions: ['settings.manage', 'catalogue.read', 'order.read'],
    });
    expect(role.statusCode, role.body).toBe(201);
    hanaToken = (await ctx.makeUser({ name: 'Hana Hooks', email: 'hana@example.com', role: 'hook-keeper' }))
      .token;
    return hanaToken;
  }
  const endpointRows = () => ctx.database.db.select().from(webhookEndpoints);

  it('subscribing needs the read right of what each event carries: 403 naming it, nothing saved or changed', async () => {
    const token = await integrator();
    const hana = ctx.as(token);
    for (const [events, permission] of [
      [['inquiry.created'], 'inquiry.read'],
      [['product.updated', 'quote.sent'], 'inquiry.read'],
      [['customer.updated'], 'customer.read'],
      [['company.deleted'], 'customer.read'],
    ] as const) {
      const res = await hana.post('/api/webhooks', { url: receiver.url, events });
      expect(res.statusCode, events.join()).toBe(403);
      expect(res.json(), events.join()).toMatchObject({ permission, error: expect.stringContaining('Read') });
    }
    expect(await endpointRows()).toEqual([]);

    // What the role reads it may subscribe to.
    const own = await hana.post('/api/webhooks', {
      url: receiver.url,
      events: ['product.updated', 'order.created'],
    });
    expect(own.statusCode, own.body).toBe(201);
    const widened = await hana.patch(`/api/webhooks/${own.json().id}`, {
      events: ['product.updated', 'customer.created'],
    });
    expect(widened.statusCode).toBe(403);
    expect(widened.json().permission).toBe('customer.read');

    // An admin's endpoint for requests: its URL cannot be pointed elsewhere by someone who cannot read them.
    const theirs = await addEndpoint(['inquiry.created']);
    const moved = await hana.patch(`/api/webhooks/${theirs.id}`, { url: `${receiver.url}/elsewhere` });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().permission).toBe('inquiry.read');
    // Switching it off, or saving it as it is (as the dialog does), sends nothing anywhere new.
    expect((await hana.patch(`/api/webhooks/${theirs.id}`, { enabled: false })).statusCode).toBe(200);
    const kept = await hana.patch(`/api/webhooks/${theirs.id}`, {
      url: receiver.url,
      events: ['inquiry.created'],
      enabled: false,
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const rows = await endpointRows();
    expect(rows.map((r) => [r.id, r.url, r.events])).toEqual([
      [own.json().id, receiver.url, ['product.updated', 'order.created']],
      [theirs.id, receiver.url, ['inquiry.created']],
    ]);
    for (const row of rows) await ctx.admin.delete(`/api/webhooks/${row.id}`);
  });

  it('redelivering needs the read right of what the event carries: 403 naming it, no delivery made', async () => {
    const count = async () => (await ctx.database.db.select().from(webhookDeliveries)).length;
    // An event about a request: someone who cannot read requests cannot send it anywhere again.
    const { id: desk } = await addEndpoint(['inquiry.created']);
    await record('inquiry.created', 9, { id: 9 }, 'inquiry');
    const [asked] = await until(async () => {
      const list = await deliveries(desk);
      return list[0]?.status === 'delivered' && list;
    });
    const before = await count();
    const hana = ctx.as(await integrator());
    const noRead = await hana.post(`/api/webhook-deliveries/${asked.id}/redeliver`);
    expect(noRead.statusCode).toBe(403);
    expect(noRead.json().permission).toBe('inquiry.read');
    expect(await count()).toBe(before);
    await ctx.admin.delete(`/api/webhooks/${desk}`);
  });

  it('never redelivers an event to a URL the endpoint got after it: 409, no delivery made', async () => {
    const { id } = await addEndpoint(['product.updated']);
    const eventId = await record('product.updated', 7, { id: 7 });
    const [delivered] = await until(async () => {
      const list = await deliveries(id);
      return list[0]?.status === 'delivered' && list;
    });
    const count = async () => (await ctx.database.db.select().from(webhookDeliveries)).length;
    const before = await count();

    const moved = await ctx.admin.patch(`/api/webhooks/${id}`, { url: `${receiver.url}/moved` });
    expect(moved.statusCode, moved.body).toBe(200);
    const refused = await ctx.admin.post(`/api/webhook-deliveries/${delivered.id}/redeliver`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(WEBHOOK_TEXT.redeliverUrlChanged);
    expect(await count()).toBe(before);

    // An event recorded after the change is redelivered as before, to the new URL.
    const later = await record('product.updated', 7, { id: 7 });
    const fresh = await until(async () => {
      const list = await deliveries(id);
      return list.find((d) => d.event_id === later && d.status === 'delivered');
    });
    const again = await ctx.admin.post(`/api/webhook-deliveries/${fresh.id}/redeliver`);
    expect(again.statusCode, again.body).toBe(202);
    expect(again.json()).toMatchObject({ event_id: later });
    expect(eventId).not.toBe(later);
    await until(() => receiver.received.some((r) => r.path === '/hooks/moved'), {
      what: 'a delivery to /moved',
    });
    await ctx.admin.delete(`/api/webhooks/${id}`);
  });
});
