import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { openTestDatabase } from '../../test/harness';
import { recordWebhookEvent } from './record';

/** recordWebhookEvent writes in the caller's transaction, for subscribed, enabled endpoints only. */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase({ migrated: true });
});
afterAll(() => database.close());

const endpoint = async (events: string[], enabled = true) => {
  const [row] = await database.db
    .insert(webhookEndpoints)
    .values({ url: 'https://example.com/hook', events, enabled, secret: 'whsec_test' })
    .returning({ id: webhookEndpoints.id });
  return row.id;
};

describe('recordWebhookEvent', () => {
  it('writes nothing when no endpoint subscribes', async () => {
    const id = await database.db.transaction((tx) =>
      recordWebhookEvent(tx, { type: 'product.created', entity: 'product:1', data: { id: 1 } }),
    );
    expect(id).toBeNull();
    expect(await database.db.select().from(webhookEvents)).toEqual([]);
  });

  it('writes the event and one delivery per subscribed, enabled endpoint', async () => {
    const wants = await endpoint(['product.updated', 'order.created']);
    await endpoint(['product.created']);
    await endpoint(['product.updated'], false);
    const id = await database.db.transaction((tx) =>
      recordWebhookEvent(tx, { type: 'product.updated', entity: 'product:7', data: { id: 7, name: 'Lamp' } }),
    );
    expect(id).toMatch(/^evt_[0-9a-f]{32}$/);
    const [event] = await database.db
      .select()
      .from(webhookEvents)
      .where(sql`${webhookEvents.event_id} = ${id}`);
    expect(JSON.parse(event.payload)).toEqual({
      id,
      type: 'product.updated',
      created_at: expect.any(String),
      data: { id: 7, name: 'Lamp' },
    });
    const deliveries = await database.db
      .select()
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.event_id} = ${event.id}`);
    expect(deliveries.map((d) => [d.endpoint_id, d.entity, d.status])).toEqual([
      [wants, 'product:7', 'pending'],
    ]);
  });

  it('writes nothing when the transaction rolls back', async () => {
    const before = (await database.db.select().from(webhookEvents)).length;
    await expect(
      database.db.transaction(async (tx) => {
        await recordWebhookEvent(tx, { type: 'order.created', entity: 'order:3', data: { id: 3 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await database.db.select().from(webhookEvents)).toHaveLength(before);
  });
});
