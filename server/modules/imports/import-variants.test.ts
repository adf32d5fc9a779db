import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IMPORT_TEXT, type Job } from '#domain/imports';
import { PRODUCT_CSV_COLUMNS } from '#domain/product-list';
import { createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { upload as sendFile } from '../../test/uploads';
import { giveVariants } from '../../test/variants';

/** The export's variant rows and their import back: options, values, variants, prices, statuses. */
let ctx: TestContext;
let token: string;

const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(text, values)).rows as T[];
const col = (name: (typeof PRODUCT_CSV_COLUMNS)[number]) => PRODUCT_CSV_COLUMNS.indexOf(name);

beforeAll(async () => {
  ctx = await createTestContext({}, { runJobs: true });
  token = (await ctx.makeUser({ name: 'Variant Importer', email: 'variant-importer@example.com' })).token;
});
afterAll(() => ctx.close());

async function exportRows(query = '') {
  const res = await ctx.as(token).get(`/api/products/export.csv${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = parse(res.body) as string[][];
  expect(rows[0]).toEqual([...PRODUCT_CSV_COLUMNS]);
  return rows;
}

async function run(csv: string, fields: Record<string, string> = {}): Promise<Job> {
  const res = await sendFile(
    ctx.as(token),
    '/api/imports',
    { field: 'file', name: 'products.csv', type: 'text/csv', bytes: Buffer.from(csv) },
    fields,
  );
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 300; i++) {
    const job = (await ctx.as(token).get(`/api/jobs/${res.json().job_id}`)).json() as Job;
    if (job.state === 'succeeded' || job.state === 'failed') return job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('job did not finish');
}

/** Every product's options, values and variants as text, by product SKU: what a round trip keeps. */
async function catalogue() {
  const products = await q<{ sku: string; mrp: string; mrp_max: string | null; status: string }>(
    'select sku, mrp::text, mrp_max::text, status from products order by sku',
  );
  const options = await q<{ sku: string; name: string; position: number; values: string[] }>(
    `select p.sku, o.name, o.position, array(select v.value from product_option_values v where v.option_id = o.id
       order by v.position, v.id) as values
     from product_options o join products p on p.id = o.product_id order by p.sku, o.position`,
  );
  const variants = await q(
    `select p.sku as product, v.sku, v.mrp::text, v.status, v.position, a1.value as v1, a2.value as v2, a3.value as v3
     from product_variants v join products p on p.id = v.product_id
     left join product_option_values a1 on a1.id = v.option1_value_id
     left join product_option_values a2 on a2.id = v.option2_value_id
     left join product_option_values a3 on a3.id = v.option3_value_id
     order by p.sku, v.position, v.id`,
  );
  return { products, options, variants };
}

const product = async (name: string, sku: string, mrp: number) =>
  (await createProduct(ctx.as(token), { name, sku, mrp })).id;

let bolt: number;
beforeEach(async () => {
  await q('delete from products');
  await product('Claw Hammer', 'HAM-1', 12.5);
  bolt = await product('Hex Bolt M8', 'BOLT-M8', 1);
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

describe('GET /api/products/export.csv with variants', () => {
  it('writes a row per variant with the product repeated, and one row for a product without options', async () => {
    const rows = (await exportRows('sortBy=name&order=asc')).slice(1);
    const variantCells = (r: string[]) => r.slice(col('product_sku'));
    expect(rows.map(variantCells)).toEqual([
      ['HAM-1', 'HAM-1', '', '', '', '', '', '', '12.50', 'active'],
      ['BOLT-M8', 'BOLT-M8-20-Z', 'Length', '20 mm', 'Finish', 'Zinc', '', '', '0.35', 'active'],
      ['BOLT-M8', 'BOLT-M8-20-S', 'Length', '20 mm', 'Finish', 'Stainless', '', '', '0.90', 'active'],
      ['BOLT-M8', 'BOLT-M8-30-Z', 'Length', '30 mm', 'Finish', 'Zinc', '', '', '0.40', 'active'],
      ['BOLT-M8', 'BOLT-M8-30-S', 'Length', '30 mm', 'Finish', 'Stainless', '', '', '1.05', 'discontinued'],
    ]);
    // The product's own columns repeat on each of its rows: its price the lowest active variant's.
    const boltRows = rows.filter((r) => r[col('sku')] === 'BOLT-M8');
    for (const r of boltRows)
      expect(r.slice(0, col('image_urls') + 1)).toEqual(boltRows[0].slice(0, col('image_urls') + 1));
    expect(boltRows[0].slice(col('id'), col('mrp') + 1)).toEqual([
      String(bolt),
      'BOLT-M8',
      'Hex Bolt M8',
      'hex-bolt-m8',
      'published',
      '',
      '',
      '0.35',
    ]);
  });
});

describe('importing the export with variants', () => {
  it('round-trips into an empty catalogue and into the same one', async () => {
    const before = await catalogue();
    const file = stringify(await exportRows());
    const same = await run(file, { dry_run: 'false' });
    expect(same.report).toMatchObject({ rows: 5, created: 0, updated: 0, problem_count: 0, applied: true });
    expect(await catalogue()).toEqual(before);

    await q('delete from products');
    const job = await run(file, { dry_run: 'false', create_missing: 'true' });
    expect(job.state, JSON.stringify(job.report)).toBe('succeeded');
    expect(job.report).toMatchObject({ rows: 5, created: 2, updated: 0, problem_count: 0 });
    expect(await catalogue()).toEqual(before);
    expect(before.products).toContainEqual({
      sku: 'BOLT-M8',
      mrp: '0.35',
      mrp_max: '0.90',
      status: 'published',
    });
    expect(await q(`select price_final::text from products where sku = 'BOLT-M8'`)).toEqual([
      { price_final: '0.35' },
    ]);
  });

  it('updates variants by SKU, adds new ones and values in order, and a product gains options', async () => {
    const rows = await exportRows();
    const header = rows[0];
    const ham = rows.find((r) => r[col('sku')] === 'HAM-1') as string[];
    const boltRow = rows.find((r) => r[col('variant_sku')] === 'BOLT-M8-20-Z') as string[];
    const set = (r: string[], changes: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>) => {
      const copy = [...r];
      for (const [k, v] of Object.entries(changes)) copy[col(k as (typeof PRODUCT_CSV_COLUMNS)[number])] = v;
      return copy;
    };
    const file = stringify([
      header,
      set(boltRow, { variant_mrp: '0.37' }),
      set(boltRow, { variant_sku: 'BOLT-M8-40-Z', option1_value: '40 mm', variant_mrp: '0.45' }),
      set(ham, { variant_sku: 'HAM-1-S', option1_name: 'Weight', option1_value: '300 g', variant_mrp: '11' }),
      set(ham, { variant_sku: 'HAM-1-L', option1_name: 'Weight', option1_value: '500 g', variant_mrp: '14' }),
    ]);
    const dry = await run(file);
    expect(dry.report).toMatchObject({ created: 0, updated: 2, problem_count: 0 });
    const job = await run(file, { dry_run: 'false' });
    expect(job.state, JSON.stringify(job.report)).toBe('succeeded');
    const after = await catalogue();
    expect(after.options).toEqual([
      { sku: 'BOLT-M8', name: 'Length', position: 1, values: ['20 mm', '30 mm', '40 mm'] },
      { sku: 'BOLT-M8', name: 'Finish', position: 2, values: ['Zinc', 'Stainless'] },
      { sku: 'HAM-1', name: 'Weight', position: 1, values: ['300 g', '500 g'] },
    ]);
    expect(after.variants.filter((v) => v.product === 'HAM-1')).toEqual([
      {
        product: 'HAM-1',
        sku: 'HAM-1-S',
        mrp: '11.00',
        status: 'active',
        position: 0,
        v1: '300 g',
        v2: null,
        v3: null,
      },
      {
        product: 'HAM-1',
        sku: 'HAM-1-L',
        mrp: '14.00',
        status: 'active',
        position: 1,
        v1: '500 g',
        v2: null,
        v3: null,
      },
    ]);
    const bolts = after.variants
      .filter((v) => v.product === 'BOLT-M8')
      .map((v) => [v.sku, v.mrp, v.v1, v.v2]);
    expect(bolts).toContainEqual(['BOLT-M8-20-Z', '0.37', '20 mm', 'Zinc']);
    expect(bolts).toContainEqual(['BOLT-M8-40-Z', '0.45', '40 mm', 'Zinc']);
    expect(bolts).toHaveLength(5);
    expect(after.products).toContainEqual({
      sku: 'HAM-1',
      mrp: '11.00',
      mrp_max: '14.00',
      status: 'published',
    });
    expect(after.products).toContainEqual({
      sku: 'BOLT-M8',
      mrp: '0.37',
      mrp_max: '0.90',
      status: 'published',
    });
    // Its price moved by its variants, the hammer is due for its stored price.
    expect(
      await q(
        `select 1 from product_price_due d join products p on p.id = d.product_id where p.sku = 'HAM-1'`,
      ),
    ).toHaveLength(1);
  });

  it('takes an edited mrp or variant_mrp of a product without options', async () => {
    const rows = await exportRows();
    const ham = rows.find((r) => r[col('sku')] === 'HAM-1') as string[];
    const edit = (mrp: string, variantMrp: string) => {
      const r = [...ham];
      r[col('mrp')] = mrp;
      r[col('variant_mrp')] = variantMrp;
      return stringify([rows[0], r]);
    };
    expect((await run(edit('13.00', '12.50'), { dry_run: 'false' })).state).toBe('succeeded');
    expect(await q(`select mrp::text from product_variants where sku = 'HAM-1'`)).toEqual([{ mrp: '13.00' }]);
    expect((await run(edit('13.00', '14.00'), { dry_run: 'false' })).state).toBe('succeeded');
    expect(await q(`select mrp::text from products where sku = 'HAM-1'`)).toEqual([{ mrp: '14.00' }]);
    const both = await run(edit('15.00', '16.00'));
    expect(both.report?.problems).toEqual([
      { line: 2, column: 'variant_mrp', message: IMPORT_TEXT.pricesDiffer },
    ]);
  });

  it('names the row and column of each problem, and a refused file changes nothing', async () => {
    const before = await catalogue();
    const header = [...PRODUCT_CSV_COLUMNS];
    const row = (cells: Partial<Record<(typeof PRODUCT_CSV_COLUMNS)[number], string>>) =>
      header.map((h) => cells[h] ?? '');
    const file = stringify([
      header,
      // line 2: a new product's first variant
      row({
        sku: 'GLOVE',
        name: 'Gloves',
        variant_sku: 'GLOVE-S',
        option1_name: 'Size',
        option1_value: 'S',
        variant_mrp: '4',
      }),
      // line 3: the same options as line 2
      row({
        sku: 'GLOVE',
        variant_sku: 'GLOVE-S2',
        option1_name: 'Size',
        option1_value: 's',
        variant_mrp: '4',
      }),
      // line 4: options named otherwise than line 2
      row({
        sku: 'GLOVE',
        variant_sku: 'GLOVE-M',
        option1_name: 'Colour',
        option1_value: 'M',
        variant_mrp: '4',
      }),
      // line 5: no variant SKU, no price for the new variant
      row({ sku: 'GLOVE', option1_name: 'Size', option1_value: 'L' }),
      // line 6: a SKU another product's variant has; a value without its name
      row({
        sku: 'GLOVE',
        variant_sku: 'BOLT-M8-20-Z',
        option1_name: 'Size',
        option1_value: 'XL',
        option2_value: 'Red',
        variant_mrp: '4',
      }),
      // line 7: the variant SKU of line 2 again; a bad status and price
      row({
        sku: 'GLOVE',
        variant_sku: 'GLOVE-S',
        option1_name: 'Size',
        option1_value: 'XXL',
        variant_mrp: 'abc',
        variant_status: 'gone',
      }),
      // line 8: a product with options priced by a row without them
      row({ sku: 'BOLT-M8', mrp: '2.00' }),
    ]);
    const job = await run(file, { dry_run: 'false' });
    expect(job.state).toBe('failed');
    expect(job.error).toBe(IMPORT_TEXT.hasProblems);
    expect(job.report?.problems).toEqual([
      { line: 3, column: 'option1_value', message: IMPORT_TEXT.optionsRepeated(2) },
      { line: 4, column: 'option1_name', message: IMPORT_TEXT.optionNamesDiffer(2) },
      { line: 5, column: 'variant_sku', message: IMPORT_TEXT.variantSkuMissing },
      { line: 5, column: 'variant_mrp', message: IMPORT_TEXT.variantMrpMissing },
      { line: 6, column: 'option2_name', message: IMPORT_TEXT.optionIncomplete(2) },
      { line: 6, column: 'variant_sku', message: IMPORT_TEXT.variantSkuTaken },
      { line: 7, column: 'variant_mrp', message: IMPORT_TEXT.mrpInvalid },
      { line: 7, column: 'variant_status', message: IMPORT_TEXT.variantStatusInvalid },
      { line: 7, column: 'variant_sku', message: IMPORT_TEXT.variantSkuDuplicate(2) },
      { line: 7, column: 'variant_mrp', message: IMPORT_TEXT.variantMrpMissing },
      { line: 8, column: 'mrp', message: IMPORT_TEXT.priceFromVariants },
    ]);
    expect(await catalogue()).toEqual(before);
  });

  it('reads an old file without variant columns as before', async () => {
    const job = await run('sku,name,mrp\nHAM-1,Claw Hammer,13\nNEW-1,New Thing,2\n', { dry_run: 'false' });
    expect(job.report).toMatchObject({ created: 1, updated: 1, problem_count: 0 });
    expect(
      await q(`select sku, mrp::text from product_variants where sku in ('HAM-1', 'NEW-1') order by sku`),
    ).toEqual([
      { sku: 'HAM-1', mrp: '13.00' },
      { sku: 'NEW-1', mrp: '2.00' },
    ]);
    const twice = await run('sku,name,mrp\nNEW-2,A,1\nNEW-2,B,1\n');
    expect(twice.report?.problems).toEqual([
      { line: 3, column: 'sku', message: IMPORT_TEXT.skuDuplicate(2) },
    ]);
  });
});
