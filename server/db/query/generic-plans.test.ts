import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { limitInText } from './sql';

describe('limitInText', () => {
  it('refuses anything but a row count', () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => limitInText(bad)).toThrow(TypeError);
  });
});

/**
 * A list's named statement is planned once per connection, not on every request.
 * PostgreSQL keeps a generic plan only when it looks no dearer than the custom ones; a LIMIT sent
 * as a parameter made it look dearer, and every request was planned again (limitInText).
 */
describe.skipIf(process.env.TEST_DB !== 'pg')('list statements on a PostgreSQL server', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    // Enough rows that a tenth of the table, what a LIMIT parameter is costed as, is dear.
    await ctx.database.pool.query(`
      insert into products (name, slug, sku, mrp)
      select 'Plan ' || g, 'plan-' || g, 'PLAN-' || g, 10 from generate_series(1, 5000) g`);
    await ctx.database.pool.query('analyze products');
  });
  afterAll(() => ctx.close());

  const planCounts = async (like: string) => {
    // The pool hands out its most recently released connection: the one the requests used.
    const client = await ctx.database.pool.connect();
    try {
      const { rows } = await client.query<{ generic: number; custom: number }>(
        `select generic_plans::int as generic, custom_plans::int as custom
         from pg_prepared_statements where name like 's-%' and statement like $1`,
        [like],
      );
      return rows;
    } finally {
      client.release();
    }
  };

  it('keeps one generic plan for the products page after the first five requests', async () => {
    for (let i = 0; i < 8; i++) {
      const res = await ctx.as(ctx.adminToken).get('/api/products?limit=20');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toHaveLength(20);
    }
    const [page] = await planCounts('%from "products" left join "brands"%');
    expect(page.custom).toBe(5);
    expect(page.generic).toBe(3);
  });

  it("reads every search's page with one statement, planned once: the search runs apart (idsFirst)", async () => {
    for (let i = 0; i < 8; i++) {
      // Each a different term, some rare, some matching thousands.
      const q = ['plan 4242', 'plan', 'plan-1', 'plan 17', 'PLAN-300', 'plan 4', 'plan 999', 'lan 2'][i];
      const res = await ctx.as(ctx.adminToken).get(`/api/products?limit=20&q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.length, q).toBeGreaterThan(0);
    }
    const [page] = await planCounts('%from "products" left join "brands"%unnest%');
    expect(page.custom).toBe(5);
    expect(page.generic).toBe(3);
  });

  it('does the same for a table of its own rows (brands)', async () => {
    for (let i = 0; i < 7; i++)
      expect((await ctx.as(ctx.adminToken).get('/api/brands?limit=10')).statusCode).toBe(200);
    const [page] = await planCounts('%from "brands"%limit 10%');
    expect(page.generic).toBe(2);
  });

  it('plans a list counted up to the cap (discounts) once: its cap is in the text too', async () => {
    for (let i = 0; i < 7; i++)
      expect((await ctx.as(ctx.adminToken).get('/api/discounts?limit=10')).statusCode).toBe(200);
    // Its statement now has no parameter left, so there is nothing to plan per request.
    const [page] = await planCounts('%from "discounts"%capped%');
    expect(page).toEqual({ generic: 7, custom: 0 });
  });
});
