import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEventType } from '#domain/webhooks';
import { webhookEndpoints } from '../../db/schema';
import { createTestContext, type TestContext } from '../../test/harness';
import { until } from '../../test/until';
import { type Receiver, startReceiver } from '../../test/webhook-receiver';
import { recordWebhookEvent } from './record';

/**
 * A delivery's retries to a real receiver on loopback, with their real backoff (1 s, then 2 s):
 * in the slow project, as it waits them out. The rest of delivery is in webhooks.test.ts.
 */
let ctx: TestContext;
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  ctx = await createTestContext(
    { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_RETRY_BASE_SECONDS: '1' },
    { webhooks: { pollMs: 100 } },
  );
});
afterAll(async () => {
  await ctx?.close();
  await receiver?.close();
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

describe('webhook delivery', () => {
  it('retries a 500 twice then delivers on the 200: three requests, three attempts in the log', async () => {
    const { id } = await addEndpoint();
    receiver.answerWith((_r, i) => (i < 2 ? { status: 500, body: `down ${i}` } : { status: 200 }));
    const eventId = await record('product.updated', 1, { id: 1, name: 'Lamp' });
    const [delivery] = await until(
      async () => {
        const list = await deliveries(id);
        return list[0]?.status === 'delivered' && list;
      },
      { ms: 15_000, what: 'the third attempt' },
    );
    expect(receiver.received.map((r) => r.headers['stockroom-event-id'])).toEqual([
      eventId,
      eventId,
      eventId,
    ]);
    expect(delivery.attempts).toBe(3);
    expect(delivery.log.map((a) => [a.attempt, a.status_code, a.response_body, a.error])).toEqual([
      [1, 500, 'down 0', 'Answered 500'],
      [2, 500, 'down 1', 'Answered 500'],
      [3, 200, 'ok', null],
    ]);
    // Backoff: 1 s, then 2 s.
    const [a, b, c] = receiver.received.map((r) => r.at);
    expect(b - a).toBeGreaterThanOrEqual(900);
    expect(c - b).toBeGreaterThanOrEqual(1_900);
    const [row] = await ctx.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row.failing_since).toBeNull();
    await ctx.admin.delete(`/api/webhooks/${id}`);
  });
});
