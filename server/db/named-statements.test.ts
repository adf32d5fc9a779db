import { eq, ilike, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import type { Database } from './client';
import { runMigrations } from './migrate';
import { namingStatements } from './named-statements';
import { products } from './schema';

/** What reaches the pool's query, recorded and then answered with no rows. */
function recordingPool() {
  const seen: { text: string; name?: string }[] = [];
  const pool = Object.create(pg.Pool.prototype) as pg.Pool;
  (pool as unknown as { query: unknown }).query = async (config: { text: string; name?: string }) => {
    seen.push({ text: config.text, name: config.name });
    return { rows: [], rowCount: 0, fields: [] };
  };
  return { pool, seen };
}

describe('statement names', () => {
  it('names reads by their text, and leaves searches and EXPLAIN unnamed', async () => {
    const { pool, seen } = recordingPool();
    const db = drizzle(namingStatements(pool));
    await db.select({ id: products.id }).from(products).where(eq(products.id, 1));
    await db.select({ id: products.id }).from(products).where(eq(products.id, 2));
    await db.select({ id: products.id }).from(products).limit(5);
    await db.select({ id: products.id }).from(products).where(ilike(products.name, '%drill%'));
    await db.execute(sql`explain (format json) select 1 from ${products}`);
    const [first, second, other, search, explain] = seen;
    expect(first.name).toMatch(/^s-/);
    // Same text, other values: the same statement.
    expect(second.name).toBe(first.name);
    expect(other.name).toMatch(/^s-/);
    expect(other.name).not.toBe(first.name);
    expect(search.name).toBeUndefined();
    expect(explain.name).toBeUndefined();
  });
});

describe.skipIf(process.env.TEST_DB !== 'pg')('on a PostgreSQL server', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await runMigrations(database);
  });
  afterAll(() => database.close());

  it('prepares a read once per connection and answers it again from the plan', async () => {
    const { db, pool } = database;
    // Every connection of the pool reads twice.
    for (let i = 0; i < 10; i++)
      await db.select({ id: products.id }).from(products).where(eq(products.id, i));
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ statement: string }>(
        `select statement from pg_prepared_statements where name like 's-%'`,
      );
      expect(rows.map((r) => r.statement)).toEqual([
        'select "id" from "products" where "products"."id" = $1',
      ]);
    } finally {
      client.release();
    }
  });

  it('runs transactions unnamed, through their own client', async () => {
    const { db, pool } = database;
    await db.transaction(async (tx) => {
      await tx.select({ n: sql`count(*)` }).from(products);
      const { rows } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_prepared_statements where statement like '%count(*)%' and name like 's-%'`,
      );
      expect(rows[0].n).toBe(0);
    });
    expect(pool.totalCount).toBeGreaterThan(0);
  });
});
