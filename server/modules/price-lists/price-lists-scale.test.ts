import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { multipart } from '../../test/images';

/**
 * A list of 100,000 prices (2,000 variants, 50 breaks each) through the CSV import and export, apart from price-lists-csv.test.ts
 * for the time it takes: the file is written in one transaction and the export streams every row
 * back, in order, with the prices it was given.
 */
const ROWS = 100_000;
/** 2,000 variants with 50 quantity breaks each: a list's rows, without 100,000 products to make first. */
const VARIANTS = 2000;
const BREAKS = ROWS / VARIANTS;
const LIMIT_MS = 240_000;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Products straight in the database: each gets its default variant, which takes the SKU.
  await ctx.database.pool.query(`insert into products (name, slug, sku, mrp)
    select 'Scale part ' || i, 'scale-part-' || i, 'SCALE-' || i, 10 from generate_series(1, ${VARIANTS}) i`);
}, LIMIT_MS);
afterAll(() => ctx?.close());

const priceOf = (i: number, q: number) => `${(i % 997) + 1}.${String((i + q) % 100).padStart(2, '0')}`;

it(
  `imports ${ROWS.toLocaleString('en-US')} prices from a CSV and exports them all again`,
  async () => {
    const variants = await ctx.database.pool.query(
      `select count(*)::int as n from product_variants where sku like 'SCALE-%'`,
    );
    expect(variants.rows[0].n).toBe(VARIANTS);
    const list = await ctx.admin.ok('POST', '/api/price-lists', { name: 'Scale', type: 'fixed' });
    const lines = ['sku,min_quantity,price'];
    for (let q = 1; q <= BREAKS; q++)
      for (let i = 1; i <= VARIANTS; i++) lines.push(`SCALE-${i},${q},${priceOf(i, q)}`);
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
      `select count(*)::int as n, count(distinct variant_id)::int as variants, max(min_quantity) as top
       from price_list_prices where price_list_id = $1`,
      [list.id],
    );
    expect(stored.rows[0]).toEqual({ n: ROWS, variants: VARIANTS, top: BREAKS });

    started = Date.now();
    const exported = await ctx.as(ctx.adminToken).get(`/api/price-lists/${list.id}/prices/export.csv`);
    console.log(`price export of ${ROWS} rows on ${ctx.database.kind}: ${Date.now() - started} ms`);
    expect(exported.statusCode).toBe(200);
    const out = exported.body.trim().split('\n');
    expect(out).toHaveLength(ROWS + 1);
    const byKey = new Map(
      out.slice(1).map((l) => {
        const [sku, , , , quantity, price] = l.split(',');
        return [`${sku}@${quantity}`, price];
      }),
    );
    expect(byKey.size).toBe(ROWS);
    for (const [i, q] of [
      [1, 1],
      [2, 50],
      [40, 1],
      [41, 2],
      [1234, 25],
      [VARIANTS, BREAKS],
    ])
      expect(byKey.get(`SCALE-${i}@${q}`), `SCALE-${i}@${q}`).toBe(priceOf(i, q));
    // The grid's order, variant then quantity, so the keyset batches joined up without a gap.
    const keys = out.slice(1).map((l) => l.split(',').map(Number));
    expect(
      keys.every(([, v, , , q], i) => {
        if (i === 0) return true;
        const [, pv, , , pq] = keys[i - 1];
        return v > pv || (v === pv && q > pq);
      }),
    ).toBe(true);

    const page = await ctx.admin.ok('GET', `/api/price-lists/${list.id}/prices?q=SCALE-1234&limit=5`);
    expect(page.meta.total).toBe(BREAKS);
    expect(page.data.map((r: { sku: string; min_quantity: number }) => `${r.sku}@${r.min_quantity}`)).toEqual(
      [1, 2, 3, 4, 5].map((q) => `SCALE-1234@${q}`),
    );
  },
  LIMIT_MS,
);
