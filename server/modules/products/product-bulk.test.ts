import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BULK_TEXT } from '#domain/product-list';
import { PRODUCT_MESSAGES } from '#domain/products';
import { createTestContext, type TestContext } from '../../test/harness';
import { png } from '../../test/images';
import { uploadImages } from '../../test/uploads';
import { giveVariants } from '../../test/variants';

/**
 * POST /api/products/bulk on real rows: each action by ids and by a filter, dry runs, the count
 * being what changed, and refusals that change nothing.
 */
let ctx: TestContext;
let token: string;
let brand: number;
let category: number;
let ids: number[];

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);
const purge = (id: number) => ctx.as(ctx.adminToken).delete(`/api/trash/product/${id}`);
const bulk = async (payload: object, status = 200) => {
  const res = await ctx.as(token).post('/api/products/bulk', payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};
/** Every product's row as the tests compare it, by name. */
const rows = async () =>
  (
    await q(`select name, mrp::text, price_final::text as final, status, brand_id, category_id
      from products order by name`)
  ).rows;

const MRPS = ['0.10', '10.05', '19.99', '100.00', '0.00'];

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.makeUser({ name: 'Bulk Editor', email: 'bulk-editor@example.com' })).token;
  brand = (await ctx.as(token).post('/api/brands', { name: 'Bulk Brand' })).json().id;
  category = (await ctx.as(token).post('/api/categories', { name: 'Bulk Category' })).json().id;
});
afterAll(() => ctx.close());

beforeEach(async () => {
  await q('delete from products');
  ids = [];
  for (const [i, mrp] of MRPS.entries()) {
    const res = await ctx.as(token).post('/api/products', {
      name: `Bulk ${i}`,
      mrp,
      status: i % 2 ? 'draft' : 'published',
      brand_id: i === 0 ? brand : null,
    });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
});

describe('actions', () => {
  it('publish and unpublish count only the products they change', async () => {
    expect(await bulk({ ids, action: 'publish', dry_run: true })).toEqual({
      action: 'publish',
      count: 2,
      dry_run: true,
    });
    expect((await rows()).filter((r) => r.status === 'draft')).toHaveLength(2);
    expect(await bulk({ ids, action: 'publish' })).toEqual({ action: 'publish', count: 2, dry_run: false });
    expect((await rows()).every((r) => r.status === 'published')).toBe(true);
    expect(await bulk({ ids, action: 'publish' })).toMatchObject({ count: 0 });
    expect(await bulk({ filter: { q: 'Bulk 1' }, action: 'unpublish' })).toMatchObject({ count: 1 });
    expect((await rows()).map((r) => r.status)).toEqual([
      'published',
      'draft',
      'published',
      'published',
      'published',
    ]);
  });

  it('set_category and set_brand by ids and by filter, null for none; prices follow the change', async () => {
    await q(
      `insert into discounts (name, type, value, applies_to, category_id)
      values ('bulk cat 10', 'percent', 10, 'category', $1)`,
      [category],
    );
    expect(await bulk({ ids: ids.slice(0, 3), action: 'set_category', category_id: category })).toMatchObject(
      {
        count: 3,
      },
    );
    let now = await rows();
    expect(now.map((r) => r.category_id)).toEqual([category, category, category, null, null]);
    // Priced with the change: 10 % off 10.05 is 1.005, half-up 1.01.
    expect(now.map((r) => r.final)).toEqual(['0.09', '9.04', '17.99', '100.00', '0.00']);
    const listed = await ctx.as(token).get(`/api/products?discounted=1&sortBy=price&order=asc`);
    expect(listed.json().data.map((p: { name: string }) => p.name)).toEqual(['Bulk 0', 'Bulk 1', 'Bulk 2']);
    expect(
      await bulk({ filter: { category_id: String(category) }, action: 'set_category', category_id: null }),
    ).toMatchObject({ count: 3 });
    now = await rows();
    expect(now.every((r) => r.category_id === null)).toBe(true);
    expect(now.map((r) => r.final)).toEqual(MRPS);
    // set_brand: the one with the brand already is not counted.
    expect(await bulk({ filter: {}, action: 'set_brand', brand_id: brand, dry_run: true })).toMatchObject({
      count: 4,
    });
    expect(await bulk({ filter: { no_brand: '1' }, action: 'set_brand', brand_id: brand })).toMatchObject({
      count: 4,
    });
    expect((await rows()).every((r) => r.brand_id === brand)).toBe(true);
  });

  it('adjust_price by percent, amount and set, half-up to the cent, with the final price', async () => {
    expect(await bulk({ ids, action: 'adjust_price', by: 'percent', value: '5' })).toMatchObject({
      count: 4,
    });
    // 0.105 → 0.11, 10.5525 → 10.55, 20.9895 → 20.99, 105.00; 0.00 stays and is not counted.
    expect((await rows()).map((r) => [r.mrp, r.final])).toEqual([
      ['0.11', '0.11'],
      ['10.55', '10.55'],
      ['20.99', '20.99'],
      ['105.00', '105.00'],
      ['0.00', '0.00'],
    ]);
    expect(
      await bulk({ filter: { price_min: '10' }, action: 'adjust_price', by: 'amount', value: -0.55 }),
    ).toMatchObject({ count: 3 });
    expect((await rows()).map((r) => r.mrp)).toEqual(['0.11', '10.00', '20.44', '104.45', '0.00']);
    expect(
      await bulk({ ids: ids.slice(1, 3), action: 'adjust_price', by: 'set', value: '19.99' }),
    ).toMatchObject({ count: 2 });
    expect((await rows()).map((r) => r.mrp)).toEqual(['0.11', '19.99', '19.99', '104.45', '0.00']);
    const listed = await ctx.as(token).get('/api/products?price_min=19.99&price_max=19.99');
    expect(listed.json().meta.total).toBe(2);
  });

  it('a price edit keeps when a discounted price next changes, without rewriting what stays', async () => {
    const discount = await ctx.as(token).post('/api/discounts', {
      name: 'Brand week',
      type: 'percent',
      value: 10,
      active: true,
      applies_to: 'brand',
      brand_id: brand,
      ends_at: '2999-01-01 00:00:00',
    });
    expect(discount.statusCode, discount.body).toBe(201);
    const due = async () =>
      (
        await q(`select due::text, xmin::text as version from product_price_due where product_id = $1`, [
          ids[0],
        ])
      ).rows;
    // Any list that reads stored prices brings them up to date first.
    expect((await ctx.as(token).get('/api/products?sortBy=price')).statusCode).toBe(200);
    const before = await due();
    expect(before).toHaveLength(1);
    expect(await bulk({ ids, action: 'adjust_price', by: 'amount', value: '1.00' })).toMatchObject({
      count: 5,
    });
    // Priced in the same statement: 1.10 less 10 %.
    expect((await rows())[0]).toMatchObject({ mrp: '1.10', final: '0.99' });
    // The discount still ends when it did, so the row saying so was left as it was.
    expect(await due()).toEqual(before);
    // A product the brand's discount now reaches becomes due at its end.
    expect(await bulk({ ids: [ids[1]], action: 'set_brand', brand_id: brand })).toMatchObject({ count: 1 });
    const [joined] = (await q('select due::text from product_price_due where product_id = $1', [ids[1]]))
      .rows;
    expect(joined.due).toBe(before[0].due);
    await q('delete from discounts where id = $1', [discount.json().id]);
  });

  it('delete removes the products with their sections and lets go of shared gallery images', async () => {
    const [a, b] = ids;
    const upload = await uploadImages(ctx.as(token), a, [{ name: 'a.png', bytes: await png('#123') }]);
    expect(upload.statusCode, upload.body).toBe(201);
    const url = upload.json().data[0].url as string;
    // b shows the same image by reference, as a duplicated product does.
    await q(`insert into product_images (product_id, url) values ($1, $2)`, [b, url]);
    await q(`update images set ref_count = ref_count + 1`);
    await q(`insert into product_lists (product_id, title) values ($1, 'Highlights')`, [a]);
    await q(
      `insert into discounts (name, type, value, applies_to, product_id) values ('own', 'amount', 1, 'product', $1)`,
      [a],
    );
    expect(await bulk({ ids: [a], action: 'delete', dry_run: true })).toMatchObject({ count: 1 });
    expect(await bulk({ ids: [a], action: 'delete' })).toEqual({
      action: 'delete',
      count: 1,
      dry_run: false,
    });
    const left = async (table: string) => Number((await q(`select count(*) from ${table}`)).rows[0].count);
    expect(await left('products')).toBe(4);
    expect(await left('product_lists')).toBe(0);
    expect(await left('discounts where product_id is not null')).toBe(0);
    // The trash holds a's reference until a is purged from it.
    expect((await q('select ref_count from images')).rows).toEqual([{ ref_count: 2 }]);
    expect((await purge(a)).statusCode).toBe(204);
    expect((await q('select ref_count from images')).rows).toEqual([{ ref_count: 1 }]);
    expect((await ctx.as().get(url)).statusCode).toBe(200);
    expect(await bulk({ filter: { q: 'Bulk' }, action: 'delete' })).toMatchObject({ count: 4 });
    expect(await left('products')).toBe(0);
    expect(await left('trash')).toBe(4);
    expect((await ctx.as().get(url)).statusCode).toBe(200);
    for (const id of ids.slice(1)) expect((await purge(id)).statusCode).toBe(204);
    expect(await left('images')).toBe(0);
    expect(await left('product_price_due')).toBe(0);
    expect((await ctx.as().get(url)).statusCode).toBe(404);
  });
});

describe('products with variants', () => {
  const variants = async () =>
    (
      await q(`select v.sku, v.mrp::text, v.status from product_variants v
        join products p on p.id = v.product_id where p.name = 'Bulk 0' order by v.position`)
    ).rows;
  const product = async () =>
    (
      await q(
        `select mrp::text, mrp_max::text, price_final::text as final from products where name = 'Bulk 0'`,
      )
    ).rows[0];

  beforeEach(async () => {
    await giveVariants(ctx.database.db, ids[0], {
      options: { Size: ['S', 'M', 'L'] },
      variants: [
        { sku: 'V-S', options: { Size: 'S' }, mrp: 10.05 },
        { sku: 'V-M', options: { Size: 'M' }, mrp: 19.99 },
        { sku: 'V-L', options: { Size: 'L' }, mrp: 0.15, status: 'discontinued' },
      ],
    });
  });

  it('adjust_price changes every variant by the rule, half-up to the cent, and the product follows', async () => {
    expect(
      await bulk({ ids: [ids[0], ids[1]], action: 'adjust_price', by: 'percent', value: '10' }),
    ).toMatchObject({
      count: 2,
    });
    // 11.055 → 11.06, 21.989 → 21.99, 0.165 → 0.17; the product is its lowest active variant's.
    expect(await variants()).toEqual([
      { sku: 'V-S', mrp: '11.06', status: 'active' },
      { sku: 'V-M', mrp: '21.99', status: 'active' },
      { sku: 'V-L', mrp: '0.17', status: 'discontinued' },
    ]);
    expect(await product()).toEqual({ mrp: '11.06', mrp_max: '21.99', final: '11.06' });
    // A product without options: its one variant follows its row.
    expect((await q(`select mrp::text from product_variants where product_id = $1`, [ids[1]])).rows).toEqual([
      { mrp: '11.06' },
    ]);
    expect(await bulk({ ids: [ids[0]], action: 'adjust_price', by: 'set', value: '5' })).toMatchObject({
      count: 1,
    });
    expect((await variants()).map((v) => v.mrp)).toEqual(['5.00', '5.00', '5.00']);
    expect(await product()).toEqual({ mrp: '5.00', mrp_max: null, final: '5.00' });
  });

  it('counts a product whose lowest price stays but another variant changes, and refuses any variant below 0', async () => {
    await q(`update product_variants set mrp = 0 where sku = 'V-S'`);
    expect(await bulk({ ids: [ids[0]], action: 'adjust_price', by: 'percent', value: '10' })).toMatchObject({
      count: 1,
    });
    expect((await variants()).map((v) => v.mrp)).toEqual(['0.00', '21.99', '0.17']);
    const before = await variants();
    const res = await ctx.as(token).post('/api/products/bulk', {
      ids: [ids[0]],
      action: 'adjust_price',
      by: 'amount',
      value: '-0.18',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toBe(BULK_TEXT.belowZero);
    expect(await variants()).toEqual(before);
  });

  it('publish stays with the product', async () => {
    await bulk({ ids: [ids[1]], action: 'publish' });
    expect(await bulk({ ids: [ids[0]], action: 'unpublish' })).toMatchObject({ count: 1 });
    expect((await variants()).map((v) => v.status)).toEqual(['active', 'active', 'discontinued']);
  });
});

describe('refusals change nothing', () => {
  it.each([
    ['a bad percent', { by: 'percent', value: '-100' }, 400, BULK_TEXT.percentInvalid],
    ['a bad amount', { by: 'amount', value: '1.234' }, 400, BULK_TEXT.valueInvalid],
    ['a price below zero', { by: 'amount', value: '-0.11' }, 400, BULK_TEXT.belowZero],
    ['a negative set', { by: 'set', value: '-1' }, 400, BULK_TEXT.belowZero],
    ['a price too large', { by: 'percent', value: '99999999999' }, 400, BULK_TEXT.tooLarge],
  ])('%s', async (_label, fields, status, message) => {
    const before = await rows();
    const res = await ctx.as(token).post('/api/products/bulk', { ids, action: 'adjust_price', ...fields });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error).toBe(message);
    expect(await rows()).toEqual(before);
  });

  it('an unknown category or brand, ids and a filter both, too many ids, no value', async () => {
    const before = await rows();
    const refused = async (payload: object, status: number, message?: string) => {
      const res = await ctx.as(token).post('/api/products/bulk', payload);
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.body).toContain(message);
    };
    await refused(
      { ids, action: 'set_category', category_id: 999999 },
      404,
      PRODUCT_MESSAGES.categoryNotFound,
    );
    await refused(
      { ids, action: 'set_brand', brand_id: 999999, dry_run: true },
      404,
      PRODUCT_MESSAGES.brandNotFound,
    );
    await refused({ ids, filter: {}, action: 'publish' }, 400, BULK_TEXT.pickRows);
    await refused({ action: 'publish' }, 400, BULK_TEXT.pickRows);
    await refused({ ids: [], action: 'publish' }, 400, BULK_TEXT.noRows);
    await refused(
      { ids: Array.from({ length: 1001 }, (_, i) => i + 1), action: 'publish' },
      400,
      BULK_TEXT.tooManyIds,
    );
    await refused({ ids, action: 'adjust_price', by: 'set' }, 400, BULK_TEXT.valueRequired);
    await refused({ ids, action: 'rename' }, 400);
    await refused({ filter: { colour: 'red' }, action: 'publish' }, 400);
    await refused({ filter: { price_min: 'cheap' }, action: 'publish' }, 400);
    expect(await rows()).toEqual(before);
  });
});
