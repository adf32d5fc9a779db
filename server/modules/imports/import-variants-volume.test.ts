import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_CSV_COLUMNS } from '#domain/product-list';
import { createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { giveVariants } from '../../test/variants';

/**
 * The export's variant rows across its keyset pages of 2,000 products. Kept out of `npm test` for
 * its volume (the slow project); the variant rows themselves are in import-variants.test.ts.
 */
let ctx: TestContext;
let token: string;

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(text, values)).rows as T[];
const col = (name: (typeof PRODUCT_CSV_COLUMNS)[number]) => PRODUCT_CSV_COLUMNS.indexOf(name);

async function exportRows(query = '') {
  const res = await ctx.as(token).get(`/api/products/export.csv${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = parse(res.body) as string[][];
  expect(rows[0]).toEqual([...PRODUCT_CSV_COLUMNS]);
  return rows;
}

const product = async (name: string, sku: string, mrp: number) =>
  (await createProduct(ctx.as(token), { name, sku, mrp })).id;

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: true });
  token = (await ctx.makeUser({ name: 'Variant Importer', email: 'variant-importer@example.com' })).token;
  await product('Claw Hammer', 'HAM-1', 12.5);
  const bolt = await product('Hex Bolt M8', 'BOLT-M8', 1);
  await giveVariants(ctx.database.db, bolt, {
    options: { Length: ['20 mm', '30 mm'], Finish: ['Zinc', 'Stainless'] },
    variants: [
      { sku: 'BOLT-M8-20-Z', options: { Length: '20 mm', Finish: 'Zinc' }, mrp: 0.35 },
      { sku: 'BOLT-M8-20-S', options: { Length: '20 mm', Finish: 'Stainless' }, mrp: 0.9 },
      { sku: 'BOLT-M8-30-Z', options: { Length: '30 mm', Finish: 'Zinc' }, mrp: 0.4 },
      {
        sku: 'BOLT-M8-30-S',
        options: { Length: '30 mm', Finish: 'Stainless' },
        mrp: 1.05,
        status: 'discontinued',
      },
    ],
  });
});
afterAll(() => ctx.close());

describe('GET /api/products/export.csv with variants', () => {
  it('keeps a product and its variants in one batch across the keyset pages', async () => {
    // By name the bolt is the batch's last product (of 2,000): its four rows all come, once each.
    await q(`insert into products (name, slug, sku, mrp)
      select 'Filler ' || n, 'filler-' || n, 'FILL-' || n, 1 from generate_series(1, 1998) n
      union all select 'Zinc ' || n, 'zinc-' || n, 'ZINC-' || n, 1 from generate_series(1, 5) n`);
    const rows = (await exportRows('sortBy=name&order=asc')).slice(1);
    expect(rows).toHaveLength(1 + 1998 + 4 + 5);
    expect(new Set(rows.map((r) => r[col('variant_sku')])).size).toBe(rows.length);
    expect(rows.slice(1999, 2003).map((r) => r[col('variant_sku')])).toEqual([
      'BOLT-M8-20-Z',
      'BOLT-M8-20-S',
      'BOLT-M8-30-Z',
      'BOLT-M8-30-S',
    ]);
  });
});
