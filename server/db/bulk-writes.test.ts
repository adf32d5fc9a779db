import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';

/**
 * The triggers on products (counts, health totals, page-start versions, section documents, the
 * change log, search documents, spec values) must cost bulk writes in proportion to the rows
 * written, whatever they read. A statement trigger that joined its old and new rows ran that join
 * as a nested loop, quadratic in the rows written (migration 0013). So the same bulk write is
 * timed on half the rows and on all of them: linear triggers take about twice as long for twice
 * the rows, a quadratic one four times as long, and such a trigger fails this test.
 */
let ctx: TestContext;
const ROWS = 10_000;
const q = (text: string) => ctx.database.pool.query(text);

beforeAll(async () => {
  ctx = await createTestContext();
  // Room on every page, so that updating an unindexed column stays on its page (a HOT update,
  // no index entry written): the writes then cost little beside what the triggers add.
  await q('alter table products set (fillfactor = 30)');
  await q(`insert into products (name, slug, mrp)
    select 'Bulk ' || g, 'bulk-write-' || g, 10 from generate_series(1, ${ROWS}) g`);
});
afterAll(() => ctx.close());

/**
 * Every update trigger that reads rows fires on any update: PostgreSQL gives transition tables only
 * to triggers without a column list. The price is not an indexed column, so the writes stay cheap.
 * Both sizes scan every row; `id % n = 0` picks every row, or every other one.
 */
const writes = (every: number) => [
  `update products set mrp = mrp + 1 where id % ${every} = 0`,
  `update products set mrp = mrp - 1 where id % ${every} = 0`,
];

async function timeWrites(every: number): Promise<number> {
  const started = performance.now();
  for (const write of writes(every)) await q(write);
  return performance.now() - started;
}

/** The quickest of a few runs: a run that shared the machine with other work says little. */
const ROUNDS = 3;

describe(`bulk updates of ${ROWS.toLocaleString('en')} products`, () => {
  it('cost in proportion to the rows written, the triggers and all', async () => {
    let half = Number.POSITIVE_INFINITY;
    let all = Number.POSITIVE_INFINITY;
    // Alternated, so that a slow spell of the machine weighs on both sides alike.
    for (let round = 0; round < ROUNDS; round++) {
      half = Math.min(half, await timeWrites(2));
      all = Math.min(all, await timeWrites(1));
    }
    // Twice the rows: about twice the time when linear, four times when quadratic.
    expect(all, `all rows ${all.toFixed(0)} ms, half of them ${half.toFixed(0)} ms`).toBeLessThan(half * 3);
    // And the totals were kept through it all.
    const kept = await q(`select
        (select n from table_counts where table_name = 'products') as products,
        (select n from health_counts where name = 'products_without_images') as without_images`);
    expect(kept.rows[0]).toEqual({ products: ROWS, without_images: ROWS });
  });
});
