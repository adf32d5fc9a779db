import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint } from '#domain/webhooks';
import { createTestContext, type TestContext } from '../../test/harness';
import { pruneWebhookEvents } from './prune';

/**
 * Pruning old webhook events with their deliveries and attempts: real rows, aged by hand, pruned
 * by the housekeeping at WEBHOOK_RETENTION_DAYS, and the delivery log as the API then reads it.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ WEBHOOK_RETENTION_DAYS: '10', WEBHOOK_ALLOW_PRIVATE: '1' });
});
afterAll(() => ctx.close());

const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(text, values)).rows as T[];

/** An endpoint the sender leaves alone (switched off), or one that is on, for a redelivery. */
async function endpoint(enabled = false) {
  const [row] = await query<{ id: number }>(
    `insert into webhook_endpoints (url, events, enabled, secret)
     values ('http://127.0.0.1:9/hook', '{product.updated}', $1, 'whsec_test') returning id`,
    [enabled],
  );
  return row.id;
}

type Delivery = {
  endpoint: number;
  status: 'pending' | 'delivered' | 'failed';
  /** Days since it was made; the event's by default. */
  days?: number;
};

let n = 0;
/** An event `days` old with its deliveries, each attempted once (logged), aged by hand. */
async function event(days: number, deliveries: Delivery[]) {
  const [e] = await query<{ id: string }>(
    `insert into webhook_events (event_id, type, entity, payload, created_at)
     values ($1, 'product.updated', $2, '{}', now() - make_interval(days => $3::int)) returning id`,
    [`evt_prune_${++n}`, `product:${n}`, days],
  );
  const ids: number[] = [];
  for (const d of deliveries) {
    const [row] = await query<{ id: string }>(
      `insert into webhook_deliveries
         (event_id, endpoint_id, entity, status, attempts, created_at, first_attempt_at, last_attempt_at,
          next_attempt_at, delivered_at)
       select $1, $2, $3, $4, 1, at, at, at,
         case when $4 = 'pending' then now() + interval '1 hour' else at end,
         case when $4 = 'delivered' then at end
       from (select now() - make_interval(days => $5::int) as at) t
       returning id`,
      [e.id, d.endpoint, `product:${n}`, d.status, d.days ?? days],
    );
    await query(
      `insert into webhook_attempts (delivery_id, attempt, started_at, duration_ms, status_code)
       values ($1, 1, now(), 12, 200)`,
      [row.id],
    );
    ids.push(Number(row.id));
  }
  return { id: Number(e.id), deliveries: ids };
}

const eventsLeft = async (ids: number[]) =>
  (await query<{ id: string }>('select id from webhook_events where id = any($1) order by id', [ids])).map(
    (r) => Number(r.id),
  );
const count = async (table: string, column: string, ids: number[]) =>
  Number(
    (
      await query<{ n: number }>(`select count(*)::int as n from ${table} where ${column} = any($1)`, [ids])
    )[0].n,
  );

describe('pruning webhook events', () => {
  it('deletes old events with their deliveries and attempts, in chunks, and keeps what is pending or recent', async () => {
    const a = await endpoint();
    const b = await endpoint();
    const delivered = await event(40, [{ endpoint: a, status: 'delivered' }]);
    const failed = await event(12, [{ endpoint: a, status: 'failed' }]);
    const bothDone = await event(11, [
      { endpoint: a, status: 'delivered' },
      { endpoint: b, status: 'failed' },
    ]);
    // Its endpoint was deleted, taking the deliveries with it.
    const orphan = await event(30, []);
    const retrying = await event(40, [{ endpoint: a, status: 'pending' }]);
    const oneWaiting = await event(40, [
      { endpoint: a, status: 'delivered' },
      { endpoint: b, status: 'pending' },
    ]);
    const redelivered = await event(40, [
      { endpoint: a, status: 'delivered' },
      { endpoint: a, status: 'delivered', days: 2 },
    ]);
    const recent = await event(9, [{ endpoint: a, status: 'delivered' }]);

    const old = [delivered, failed, bothDone, orphan];
    const kept = [retrying, oneWaiting, redelivered, recent];
    const all = [...old, ...kept];
    expect(await pruneWebhookEvents(ctx.database.db, 10, 3)).toBe(4);
    expect(await eventsLeft(all.map((e) => e.id))).toEqual(kept.map((e) => e.id));
    const gone = old.flatMap((e) => e.deliveries);
    expect(await count('webhook_deliveries', 'id', gone)).toBe(0);
    expect(await count('webhook_attempts', 'delivery_id', gone)).toBe(0);
    const left = kept.flatMap((e) => e.deliveries);
    expect(await count('webhook_deliveries', 'id', left)).toBe(left.length);
    expect(await count('webhook_attempts', 'delivery_id', left)).toBe(left.length);
    expect(await pruneWebhookEvents(ctx.database.db, 10, 3)).toBe(0);

    // Once its last delivery is given up, the retrying event goes too.
    await query(`update webhook_deliveries set status = 'failed' where id = $1`, [retrying.deliveries[0]]);
    expect(await pruneWebhookEvents(ctx.database.db, 10)).toBe(1);
    expect(await eventsLeft([retrying.id])).toEqual([]);
  });

  it('runs in the housekeeping at WEBHOOK_RETENTION_DAYS; the log lists what is left', async () => {
    const id = await endpoint();
    const old = await event(11, [{ endpoint: id, status: 'delivered' }]);
    const newer = await event(3, [{ endpoint: id, status: 'failed' }]);
    const waiting = await event(20, [{ endpoint: id, status: 'pending' }]);

    await ctx.app.housekeeping.runAll();
    expect(await eventsLeft([old.id, newer.id, waiting.id])).toEqual([newer.id, waiting.id]);

    const res = await ctx.admin.get(`/api/webhooks/${id}/deliveries`);
    expect(res.statusCode, res.body).toBe(200);
    const log = res.json() as { data: WebhookDelivery[]; total: number };
    expect(log.total).toBe(2);
    expect(log.data.map((d) => d.id).sort()).toEqual([...newer.deliveries, ...waiting.deliveries].sort());
    const endpoints = (await ctx.admin.get('/api/webhooks')).json().data as WebhookEndpoint[];
    expect(endpoints.find((e) => e.id === id)?.last_delivery?.delivery_id).toBe(newer.deliveries[0]);
    // A pruned delivery is not found, to redeliver either.
    await query('update webhook_endpoints set enabled = true where id = $1', [id]);
    const again = await ctx.admin.post(`/api/webhook-deliveries/${old.deliveries[0]}/redeliver`);
    expect(again.statusCode, again.body).toBe(404);
    await query('update webhook_endpoints set enabled = false where id = $1', [id]);
  });

  // PostgreSQL only: the embedded database has one connection, so nothing runs beside a prune.
  it.skipIf(process.env.TEST_DB !== 'pg')(
    'skips an event a redelivery is locking, and a redelivery waiting on a prune finds nothing',
    async () => {
      const id = await endpoint(true);
      const held = await event(40, [{ endpoint: id, status: 'delivered' }]);
      const other = await ctx.database.pool.connect();
      try {
        // A redelivery's lock on its event, before its new delivery is written.
        await other.query('begin');
        await other.query('select id from webhook_events where id = $1 for key share', [held.id]);
        expect(await pruneWebhookEvents(ctx.database.db, 10)).toBe(0);
        await other.query('rollback');
        expect(await pruneWebhookEvents(ctx.database.db, 10)).toBe(1);

        // A prune's delete, not yet committed: the redelivery waits for it, then finds nothing.
        const pruning = await event(40, [{ endpoint: id, status: 'delivered' }]);
        await other.query('begin');
        await other.query('delete from webhook_events where id = $1', [pruning.id]);
        const again = ctx.admin.post(`/api/webhook-deliveries/${pruning.deliveries[0]}/redeliver`);
        await new Promise((r) => setTimeout(r, 200));
        await other.query('commit');
        const res = await again;
        expect(res.statusCode, res.body).toBe(404);
      } finally {
        await other.query('rollback').catch(() => {});
        other.release();
      }
    },
  );
});
