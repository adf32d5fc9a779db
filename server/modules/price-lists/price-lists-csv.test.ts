import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_LIST_TEXT } from '#domain/price-lists';
import { createProduct, userWithRole } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { multipart } from '../../test/images';

/**
 * A list's prices as CSV through the API on a real database: the export streams the grid (its
 * search too), the import reads it back into another list by merge or replace, a file with bad
 * rows is refused whole with each row named, and both need pricelist.manage.
 */
let ctx: TestContext;
const skus: string[] = [];
const variantIds: number[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  for (const [i, name] of ['Brass hinge', 'Brass latch', 'Steel bolt', '=Formula nut'].entries()) {
    const product = await createProduct(ctx.admin, { name, sku: `CSV-${i + 1}`, mrp: 10 + i });
    const [variant] = (await ctx.admin.ok('GET', `/api/products/${product.id}/variants`)).data as {
      id: number;
      sku: string;
    }[];
    skus.push(variant.sku);
    variantIds.push(variant.id);
  }
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const gridOf = async (listId: number) =>
  (
    await ctx.database.pool.query(
      'select variant_id, min_quantity, price::text as price from price_list_prices where price_list_id = $1 order by 1, 2',
      [listId],
    )
  ).rows;

const newList = (name: string) => ctx.admin.ok('POST', '/api/price-lists', { name, type: 'fixed' });

async function importCsv(listId: number, text: string | Buffer, mode?: string, token = ctx.adminToken) {
  const body = await multipart(mode ? { mode } : {}, {
    field: 'file',
    name: 'prices.csv',
    type: 'text/csv',
    bytes: Buffer.isBuffer(text) ? text : Buffer.from(text),
  });
  return ctx
    .as(token)
    .post(`/api/price-lists/${listId}/prices/import`, body.payload, { headers: { ...body.headers } });
}

describe('prices CSV', () => {
  it('exports the grid and imports it into another list unchanged', async () => {
    const list = await newList('CSV source');
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [
        { sku: skus[0], price: '9.10' },
        { sku: skus[0], min_quantity: 25, price: 8.5 },
        { sku: skus[2], price: 0 },
        { sku: skus[3], min_quantity: 3, price: '12.34' },
      ],
    });
    const res = await ctx.as(ctx.adminToken).get(`/api/price-lists/${list.id}/prices/export.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="price-list-\d+-\d{8}\.csv"/);
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('sku,variant_id,product_name,variant,min_quantity,price');
    expect(lines.slice(1)).toEqual([
      `CSV-1,${variantIds[0]},Brass hinge,,1,9.10`,
      `CSV-1,${variantIds[0]},Brass hinge,,25,8.50`,
      `CSV-3,${variantIds[2]},Steel bolt,,1,0.00`,
      // A formula-like name goes out as text and is ignored by the import.
      `CSV-4,${variantIds[3]},'=Formula nut,,3,12.34`,
    ]);

    const copy = await newList('CSV copy');
    const imported = await importCsv(copy.id, res.body);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ count: 4, mode: 'merge' });
    expect(await gridOf(copy.id)).toEqual(await gridOf(list.id));
    expect((await ctx.admin.ok('GET', `/api/price-lists/${copy.id}`)).price_count).toBe(4);
  });

  it('exports only the rows the search finds, and 404s for a list that does not exist', async () => {
    const list = await newList('CSV search');
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: skus.map((sku) => ({ sku, price: 5 })),
    });
    const res = await ctx.as(ctx.adminToken).get(`/api/price-lists/${list.id}/prices/export.csv?q=brass`);
    expect(res.statusCode).toBe(200);
    expect(
      res.body
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[0]),
    ).toEqual(['CSV-1', 'CSV-2']);
    const empty = await ctx.as(ctx.adminToken).get(`/api/price-lists/${list.id}/prices/export.csv?q=nothing`);
    expect(empty.body.trim()).toBe('sku,variant_id,product_name,variant,min_quantity,price');
    const missing = await ctx.as(ctx.adminToken).get('/api/price-lists/999999/prices/export.csv');
    expect(missing.statusCode).toBe(404);
  });

  it('merges by default and replaces on request; variant_id stands in for an empty SKU', async () => {
    const list = await newList('CSV modes');
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [
        { sku: skus[0], price: 1 },
        { sku: skus[1], price: 2 },
      ],
    });
    const merged = await importCsv(list.id, `sku,variant_id,price\n${skus[1]},,2.50\n,${variantIds[2]},3\n`);
    expect(merged.json()).toEqual({ count: 2, mode: 'merge' });
    expect(await gridOf(list.id)).toEqual([
      { variant_id: variantIds[0], min_quantity: 1, price: '1.00' },
      { variant_id: variantIds[1], min_quantity: 1, price: '2.50' },
      { variant_id: variantIds[2], min_quantity: 1, price: '3.00' },
    ]);
    const replaced = await importCsv(list.id, `SKU,Min_Quantity,Price\r\n${skus[3]},10,4\r\n`, 'replace');
    expect(replaced.json()).toEqual({ count: 1, mode: 'replace' });
    expect(await gridOf(list.id)).toEqual([{ variant_id: variantIds[3], min_quantity: 10, price: '4.00' }]);
  });

  it('refuses a file with bad rows whole, naming each row, and changes nothing', async () => {
    const list = await newList('CSV refused');
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, { prices: [{ sku: skus[0], price: 7 }] });
    const before = await gridOf(list.id);

    const bad = await importCsv(
      list.id,
      [
        'sku,min_quantity,price',
        `${skus[1]},1,3`,
        `${skus[2]},1,-1`,
        `${skus[2]},0,3`,
        ',,3',
        `${skus[3]},1,abc`,
      ].join('\n'),
      'replace',
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json()).toEqual({
      error: PRICE_LIST_TEXT.rowsRefused(4),
      details: {
        'row 3': PRICE_LIST_TEXT.priceInvalid,
        'row 4': PRICE_LIST_TEXT.quantityInvalid,
        'row 5': PRICE_LIST_TEXT.rowVariantMissing,
        'row 6': PRICE_LIST_TEXT.priceInvalid,
      },
    });

    const unknown = await importCsv(
      list.id,
      ['sku,min_quantity,price', `${skus[1]},1,3`, 'NO-SUCH-SKU,1,3', `${skus[1]},1,4`].join('\n'),
      'replace',
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(PRICE_LIST_TEXT.rowsRefused(2));
    expect(unknown.json().details).toEqual({
      'row 3': PRICE_LIST_TEXT.unknownVariant('with SKU NO-SUCH-SKU'),
      'row 4': PRICE_LIST_TEXT.duplicateRow,
    });

    for (const [text, error] of [
      ['name,cost\nx,1\n', PRICE_LIST_TEXT.importColumns],
      ['sku,price\n', PRICE_LIST_TEXT.importEmpty],
      ['sku,price\n"CSV-1,1\n', PRICE_LIST_TEXT.importNotCsv],
    ]) {
      const res = await importCsv(list.id, text, 'replace');
      expect(res.statusCode, text).toBe(400);
      expect(res.json().error).toBe(error);
    }
    const one = await importCsv(list.id, `sku,price\n${skus[1]},x\n`);
    expect(one.json()).toEqual({
      error: PRICE_LIST_TEXT.rowsRefused(1),
      details: { 'row 2': PRICE_LIST_TEXT.priceInvalid },
    });
    const badMode = await importCsv(list.id, `sku,price\n${skus[1]},1\n`, 'all');
    expect(badMode.json().error).toBe(PRICE_LIST_TEXT.importModeInvalid);
    const latin1 = await importCsv(list.id, Buffer.from(`sku,price\n${skus[1]}\xe9,1\n`, 'latin1'));
    expect(latin1.json().error).toBe(PRICE_LIST_TEXT.importNotUtf8);
    expect(await gridOf(list.id)).toEqual(before);

    const percent = await ctx.admin.ok('POST', '/api/price-lists', {
      name: 'CSV percent',
      type: 'percent',
      percent: 5,
    });
    const onPercent = await importCsv(percent.id, `sku,price\n${skus[1]},1\n`);
    expect(onPercent.statusCode).toBe(400);
    expect(onPercent.json().error).toBe(PRICE_LIST_TEXT.notFixed);
  });

  it('removes one row of the grid, and 404s for a row the list does not hold', async () => {
    const list = await newList('CSV remove');
    await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
      prices: [
        { sku: skus[0], price: 1 },
        { sku: skus[0], min_quantity: 5, price: 0.9 },
      ],
    });
    const removed = await ctx
      .as(ctx.adminToken)
      .delete(`/api/price-lists/${list.id}/prices/${variantIds[0]}?min_quantity=5`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await gridOf(list.id)).toEqual([{ variant_id: variantIds[0], min_quantity: 1, price: '1.00' }]);
    const again = await ctx
      .as(ctx.adminToken)
      .delete(`/api/price-lists/${list.id}/prices/${variantIds[0]}?min_quantity=5`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toBe(PRICE_LIST_TEXT.priceNotFound);
    const { token } = await userWithRole(ctx, 'sales');
    const refused = await ctx.as(token).delete(`/api/price-lists/${list.id}/prices/${variantIds[0]}`);
    expect(refused.statusCode).toBe(403);
    expect(await gridOf(list.id)).toHaveLength(1);
  });

  it('need pricelist.manage: Sales and Viewer get 403 and nothing changes', async () => {
    const list = await newList('CSV guarded');
    for (const role of ['sales', 'viewer']) {
      const { token } = await userWithRole(ctx, role);
      const exported = await ctx.as(token).get(`/api/price-lists/${list.id}/prices/export.csv`);
      expect(exported.statusCode, `${role}: ${exported.body}`).toBe(403);
      const imported = await importCsv(list.id, `sku,price\n${skus[0]},1\n`, 'merge', token);
      expect(imported.statusCode, `${role}: ${imported.body}`).toBe(403);
      expect(imported.json().permission).toBe('pricelist.manage');
    }
    expect(await gridOf(list.id)).toEqual([]);
  });
});
