import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneHistory } from '../history/prune';
import { createTestContext, type TestContext } from '../test/harness';
import { until } from '../test/until';
import { HOUSEKEEPING_QUEUE } from './housekeeping';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ HISTORY_RETENTION_DAYS: '30' }, { runJobs: true });
});
afterAll(() => ctx.close());

const query = async (text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(text, values)).rows;

/** Log entries, aged by hand: n of them `days` old, for the brand with this entity id. */
const age = (entityId: number, days: number, n: number) =>
  query(
    `insert into change_log (entity_type, entity_id, action, changes, at, tx)
     select 'brand', $1, 'update', '{}', now() - make_interval(days => $2::int), 1000000 + g
     from generate_series(1, $3::int) g`,
    [entityId, days, n],
  );
const left = async (entityId: number) =>
  Number((await query('select count(*)::int as n from change_log where entity_id = $1', [entityId]))[0].n);

/** The housekeeping jobs waiting to run, by singleton key. */
const waiting = () =>
  query(
    `select singleton_key, start_after > now() + interval '50 minutes' as later from pgboss.job
      where name = $1 and state = 'created' order by singleton_key`,
    [HOUSEKEEPING_QUEUE],
  );

/** No rows while pg-boss is still creating its schema (relation missing); anything else throws. */
const notYetInstalled = (err: { code?: string }) => {
  if (err.code === '42P01' || err.code === '3F000') return [];
  throw err;
};

describe('pruning the change log', () => {
  it('deletes entries past the retention, in chunks, and keeps the recent ones', async () => {
    await age(900_001, 400, 7);
    await age(900_002, 31, 3);
    await age(900_003, 29, 4);
    expect(await pruneHistory(ctx.database.db, 30, 2)).toBe(10);
    expect([await left(900_001), await left(900_002), await left(900_003)]).toEqual([0, 0, 4]);
    expect(await pruneHistory(ctx.database.db, 30, 2)).toBe(0);
  });
});

describe('the housekeeping queue', () => {
  it('runs its tasks soon after start, with pruning at HISTORY_RETENTION_DAYS, and queues the next run', async () => {
    // The first run was queued as the queue started: one, however often a start asks for it.
    // The queue starts beside the app's first requests, so its tables may not be there yet.
    await until(async () => (await waiting().catch(notYetInstalled)).length === 1, {
      what: 'the first run to be queued',
      ms: 20_000,
    });
    await ctx.app.housekeeping.start();
    await ctx.app.housekeeping.start();
    expect(await waiting()).toEqual([{ singleton_key: 'start', later: false }]);

    await age(900_004, 45, 3);
    await age(900_005, 5, 2);
    let ran = 0;
    ctx.app.housekeeping.add('probe', async () => {
      ran += 1;
    });
    // A task that fails is logged; the others still run.
    ctx.app.housekeeping.add('broken', async () => {
      throw new Error('broken on purpose');
    });
    await query(`update pgboss.job set start_after = now() where name = $1 and state = 'created'`, [
      HOUSEKEEPING_QUEUE,
    ]);
    await until(async () => ran > 0, { what: 'the run', ms: 20_000 });
    expect(await left(900_004)).toBe(0);
    expect(await left(900_005)).toBe(2);
    // The next run, about an hour on.
    const next = await until(
      async () => {
        const rows = await waiting();
        return rows.length > 0 ? rows : false;
      },
      { what: 'the next run', ms: 20_000 },
    );
    expect(next).toEqual([{ singleton_key: 'hourly', later: true }]);
    expect(ran).toBe(1);
  });
});
