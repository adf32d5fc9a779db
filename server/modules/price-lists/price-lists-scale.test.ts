import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { multipart } from '../../test/images';

/**
 * A list of 100,000 prices through the CSV import and export, apart from price-lists-csv.test.ts
 * for the time it takes: the file is written in one transaction and the export streams every row
 * back, in order, with the prices it was given.
 */
const ROWS = 100_000;
const LIMIT_MS = 240_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Products straight in the database: each gets its default variant, which takes the SKU.
  await ctx.database.pool.query(`insert into products (name, slug, sku, mrp)
    select 'Scale part ' || i, 'scale-part-' || i, 'SCALE-' || i, 10 from generate_series(1, ${ROWS}) i`);
}, LIMIT_MS);
afterAll(() => ctx?.close());

const priceOf = (i: number) => `${(i % 997) + 1}.${String(i % 100).padStart(2, '0')}`;

it(
  `imports ${ROWS.toLocaleString('en-US')} prices from a CSV and exports them all again`,
  async () => {
    const variants = await ctx.database.pool.query(
      `select count(*)::int as n from product_variants where sku like 'SCALE-%'`,
    );
    expect(variants.rows[0].n).toBe(ROWS);
    const list = await ctx.admin.ok('POST', '/api/price-lists', { name: 'Scale', type: 'fixed' });
    const lines = ['sku,min_quantity,price'];
    for (let i = 1; i <= ROWS; i++) lines.push(`SCALE-${i},${i % 3 === 0 ? 10 : 1},${priceOf(i)}`);
    const body = await multipart(
      { mode: 'replace' },
      { field: 'file', name: 'scale.csv', type: 'text/csv', bytes: Buffer.from(`${lines.join('\n')}\n`) },
    );
    let started = Date.now();
    const imported = await ctx
      .as(ctx.adminToken)
      .post(`/api/price-lists/${list.id}/prices/import`, body.payload, { headers: { ...body.headers } });
    console.log(`price import of ${ROWS} rows on ${ctx.database.kind}: ${Date.now() - started} ms`);
    expect(imported.statusCode, imported.body.slice(0, 500)).toBe(200);
    expect(imported.json()).toEqual({ count: ROWS, mode: 'replace' });
    const stored = await ctx.database.pool.query(
      `select count(*)::int as n, count(*) filter (where min_quantity = 10)::int as tens
       from price_list_prices where price_list_id = $1`,
      [list.id],
    );
    expect(stored.rows[0]).toEqual({ n: ROWS, tens: Math.floor(ROWS / 3) });

    started = Date.now();
    const exported = await ctx.as(ctx.adminToken).get(`/api/price-lists/${list.id}/prices/export.csv`);
    console.log(`price export of ${ROWS} rows on ${ctx.database.kind}: ${Date.now() - started} ms`);
    expect(exported.statusCode).toBe(200);
    const out = exported.body.trim().split('\n');
    expect(out).toHaveLength(ROWS + 1);
    const bySku = new Map(
      out.slice(1).map((l) => {
        const [sku, , , , quantity, price] = l.split(',');
        return [sku, `${quantity},${price}`];
      }),
    );
    expect(bySku.size).toBe(ROWS);
    for (const i of [1, 2, 3, 4999, 5000, 5001, 77_777, ROWS])
      expect(bySku.get(`SCALE-${i}`), `SCALE-${i}`).toBe(`${i % 3 === 0 ? 10 : 1},${priceOf(i)}`);
    // The grid's order: variant ids ascending, so the keyset batches joined up without a gap.
    const ids = out.slice(1).map((l) => Number(l.split(',')[1]));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1])).toBe(true);

    const page = await ctx.admin.ok('GET', `/api/price-lists/${list.id}/prices?q=SCALE-77777&limit=5`);
    expect(page.data.map((r: { sku: string }) => r.sku)).toEqual(['SCALE-77777']);
  },
  LIMIT_MS,
);
