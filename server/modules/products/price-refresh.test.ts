import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/harness';

/**
 * stockroom_refresh_prices runs before every list read that sorts or filters on the stored price,
 * so when nothing is due it must cost one index probe however many products wait for a later
 * window edge. PL/pgSQL switches to generic plans after a few calls; a probe written as "any row
 * due by `at`" then scanned the whole due table on every call.
 */
let database: Database;
let client: pg.PoolClient;

beforeAll(async () => {
  database = await openTestDatabase({ migrated: true });
  client = await database.pool.connect();
  await client.query(`insert into products (name, slug, mrp)
    select 'Due ' || i, 'due-' || i, 10 from generate_series(1, 3000) i`);
  // Every product waits for a window edge a day ahead, as a live discount's end leaves them.
  await client.query(`insert into product_price_due (product_id, due)
    select id, now() + interval '1 day' from products
    on conflict (product_id) do update set due = excluded.due`);
  await client.query('analyze product_price_due');
});
afterAll(async () => {
  client.release();
  await database.close();
});

describe('stockroom_refresh_prices with nothing due', () => {
  it('prices nothing and reads the due index, not the table, on every call', async () => {
    // The backend's counts not yet flushed to the shared statistics show here too, earlier
    // transactions' included, so only what the calls add is theirs; nothing is flushed inside a
    // transaction.
    const seqScans = async () =>
      Number(
        (
          await client.query(
            `select seq_scan from pg_stat_xact_user_tables where relname = 'product_price_due'`,
          )
        ).rows[0].seq_scan,
      );
    await client.query('begin');
    try {
      const before = await seqScans();
      for (let i = 0; i < 12; i++) {
        const { rows } = await client.query('select stockroom_refresh_prices(now()) as n');
        expect(rows[0].n).toBe(0);
      }
      expect((await seqScans()) - before).toBe(0);
    } finally {
      await client.query('rollback');
    }
  });

  it('still prices the products whose edge has passed', async () => {
    await client.query(`update product_price_due set due = now() - interval '1 minute'
      where product_id = (select min(id) from products)`);
    const { rows } = await client.query('select stockroom_refresh_prices(now()) as n');
    expect(rows[0].n).toBe(1);
    const left = await client.query(`select count(*)::int as n from product_price_due where due <= now()`);
    expect(left.rows[0].n).toBe(0);
  });
});
