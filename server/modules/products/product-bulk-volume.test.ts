import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * POST /api/products/bulk over 1,200 products: the trigram indexes after a big edit. Kept out of
 * `npm test` for its volume (the slow project); the actions themselves are in product-bulk.test.ts.
 */
let ctx: TestContext;
let token: string;

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);
const bulk = async (payload: object, status = 200) => {
  const res = await ctx.as(token).post('/api/products/bulk', payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.makeUser({ name: 'Bulk Editor', email: 'bulk-editor@example.com' })).token;
});
afterAll(() => ctx.close());

describe('a big edit', () => {
  it('merges the trigram entries once and leaves the indexes as they were, searchable', async () => {
    await q(`insert into products (name, slug, mrp, status)
      select 'Many ' || g, 'many-' || g, 1, 'draft' from generate_series(1, 1200) g`);
    expect(await bulk({ filter: { q: 'Many' }, action: 'publish' })).toMatchObject({ count: 1200 });
    expect(
      await bulk({ filter: { q: 'Many 11' }, action: 'adjust_price', by: 'set', value: 2 }),
    ).toMatchObject({
      count: 111,
    });
    const options = await q(`select relname, reloptions from pg_class
      where relname in ('products_name_trgm', 'products_sku_trgm') order by relname`);
    expect(options.rows).toEqual([
      { relname: 'products_name_trgm', reloptions: ['fastupdate=off'] },
      { relname: 'products_sku_trgm', reloptions: ['fastupdate=off'] },
    ]);
    const found = await ctx.as(token).get('/api/products?q=Many%20119&status=published&price_min=2');
    expect(found.json().data.map((p: { name: string }) => p.name)).toEqual([
      'Many 1199',
      'Many 1198',
      'Many 1197',
      'Many 1196',
      'Many 1195',
      'Many 1194',
      'Many 1193',
      'Many 1192',
      'Many 1191',
      'Many 1190',
      'Many 119',
    ]);
  });
});
