import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_LIMITS } from '#domain/constants';
import { PRODUCT_CSV_COLUMNS } from '#domain/product-list';
import { createBrand, createCategory, createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { png } from '../../test/images';
import { uploadImages } from '../../test/uploads';

/** POST /api/products/{id}/duplicate and GET /api/products/export.csv, on real rows. */
let ctx: TestContext;
let brand: number;
let parent: { id: number; slug: string };
let child: { id: number; slug: string };

const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query<T>(text, values)).rows;
const staffBundle = (slug: string): Promise<Bundle> =>
  ctx.admin.ok('GET', `/api/products/slug/${slug}/bundle`);
type Bundle = {
  base: Record<string, unknown>;
  images: { id: number; url: string; alt: string | null }[];
  lists: { id: number; title: string; items: { caption: string }[] }[];
  specGroups: { id: number; name: string; specs: { label: string; value: string; unit: string }[] }[];
  tables: { id: number; heading: string }[];
  layout: { blocks: { block_type: string; ref_id: number | null; position: number }[] };
};
/** A bundle's sections and layout without the ids a copy changes. */
const content = (b: Bundle) => {
  const name = (type: string, ref: number | null) =>
    type === 'list'
      ? b.lists.find((l) => l.id === ref)?.title
      : type === 'spec_group'
        ? b.specGroups.find((g) => g.id === ref)?.name
        : type === 'table'
          ? b.tables.find((t) => t.id === ref)?.heading
          : type;
  return {
    lists: b.lists.map(({ id: _, items, ...l }) => ({ ...l, items: items.map((i) => i.caption) })),
    specGroups: b.specGroups.map(({ id: _, specs, ...g }) => ({
      ...g,
      specs: specs.map(({ label, value, unit }) => ({ label, value, unit })),
    })),
    tables: b.tables.map(({ id: _, ...t }) => t),
    layout: b.layout.blocks.map((x) => [x.position, x.block_type, name(x.block_type, x.ref_id)]),
    images: b.images.map((i) => [i.url, i.alt]),
  };
};
const csv = async (query = '') => {
  const res = await ctx.as(ctx.adminToken).get(`/api/products/export.csv${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  const rows = parse(res.body) as string[][];
  expect(rows[0]).toEqual([...PRODUCT_CSV_COLUMNS]);
  return { res, rows: rows.slice(1) };
};
const col = (name: (typeof PRODUCT_CSV_COLUMNS)[number]) => PRODUCT_CSV_COLUMNS.indexOf(name);

beforeAll(async () => {
  ctx = await createTestContext({ BUNDLE_CACHE_ENTRIES: '0' });
  brand = (await createBrand(ctx.admin, { name: 'Extras Brand' })).id;
  parent = await createCategory(ctx.admin, { name: 'Power Tools' });
  child = await createCategory(ctx.admin, { name: 'Drills', parent_id: parent.id });
});
afterAll(() => ctx.close());

describe('POST /api/products/{id}/duplicate', () => {
  let original: { id: number; slug: string };
  let images: { id: number; url: string }[];

  beforeAll(async () => {
    original = await createProduct(ctx.admin, {
      name: 'Cordless Drill',
      sku: 'CD-1',
      mrp: 199.99,
      description: 'Two speeds.',
      brand_id: brand,
      category_id: child.id,
    });
    await ctx.admin.ok('PUT', `/api/products/${original.id}`, {
      name: 'Cordless Drill',
      sku: 'CD-1',
      brand_id: brand,
      category_id: child.id,
      description: 'Two speeds.',
      pricing: { mrp: 199.99, discountPercent: 10 },
      status: 'published',
    });
    await ctx.admin.ok('POST', `/api/products/${original.id}/lists`, {
      title: 'Features',
      items: [{ caption: 'Fast' }, { caption: 'Light' }],
    });
    await ctx.admin.ok('POST', `/api/products/${original.id}/spec-groups`, {
      name: 'Power',
      specs: [
        { label: 'Voltage', value: '18', unit: 'V' },
        { label: 'Torque', value: '60', unit: 'Nm' },
      ],
    });
    await ctx.admin.ok('POST', `/api/products/${original.id}/tables`, {
      heading: 'Sizes',
      columns: ['Size', 'Weight'],
      rows: [
        ['S', '1 kg'],
        ['M', '2 kg'],
      ],
    });
    // The table moved above the spec group: the copy keeps the layout's order, not creation order.
    const blocks = (await ctx.admin.ok('GET', `/api/products/${original.id}/layout`)).blocks;
    await ctx.admin.ok(
      'POST',
      `/api/products/${original.id}/layout/blocks/${blocks[blocks.length - 1].id}/move`,
      { direction: 'up' },
    );
    const files = await Promise.all(
      ['#a01010', '#10a010'].map(async (c, i) => ({ name: `${i}.png`, bytes: await png(c) })),
    );
    const upload = await uploadImages(ctx.as(ctx.adminToken), original.id, files);
    expect(upload.statusCode, upload.body).toBe(201);
    images = upload.json().data;
  });

  it('copies fields, own discount, sections in layout order and gallery as a draft with a new slug and no SKU', async () => {
    const res = await ctx.as(ctx.adminToken).post(`/api/products/${original.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json() as { id: number; slug: string };
    expect(Object.keys(copy).sort()).toEqual(['id', 'slug']);
    expect(copy.id).not.toBe(original.id);
    expect(copy.slug).toBe('cordless-drill-copy');

    const [row] = await q('select * from products where id = $1', [copy.id]);
    expect(row).toMatchObject({
      name: 'Cordless Drill (copy)',
      slug: copy.slug,
      sku: null,
      description: 'Two speeds.',
      brand_id: brand,
      category_id: child.id,
      mrp: '199.99',
      status: 'draft',
      image_count: 2,
    });
    const own = await q(
      'select product_id, type, value::text, active, editor_owned from discounts where product_id = any($1) order by product_id',
      [[original.id, copy.id]],
    );
    expect(own).toEqual([
      { product_id: original.id, type: 'percent', value: '10.00', active: true, editor_owned: true },
      { product_id: copy.id, type: 'percent', value: '10.00', active: true, editor_owned: true },
    ]);

    const [from, to] = [await staffBundle(original.slug), await staffBundle(copy.slug)];
    expect(content(to)).toEqual(content(from));
    expect(content(to).layout.map((b) => b[1])).toEqual(['basic', 'images', 'list', 'table', 'spec_group']);
    // New rows for the copy, the same files.
    expect(to.lists[0].id).not.toBe(from.lists[0].id);
    expect(to.images.map((i) => i.url)).toEqual(images.map((i) => i.url));
    expect(to.images.map((i) => i.id).some((id) => images.some((i) => i.id === id))).toBe(false);
    expect(to.base).toMatchObject({ name: 'Cordless Drill (copy)', sku: null, status: 'draft' });
    // Priced like the original: the copied own discount applies.
    expect((to as unknown as { price: unknown }).price).toEqual({ mrp: 199.99, final: 179.99 });
    const counts = await q<{ ref_count: number }>(
      `select ref_count from images where key = any($1) order by key`,
      [images.map((i) => i.url.match(/([a-f0-9]{40})\.webp$/)![1])],
    );
    expect(counts.map((c) => c.ref_count)).toEqual([2, 2]);
  });

  it("keeps the copy's pictures when the original is deleted, and lets them go with the last product", async () => {
    const copy = await ctx.admin.ok('POST', `/api/products/${original.id}/duplicate`);
    // A copy of a copy-named product gets the next free slug.
    expect(copy.slug).toBe('cordless-drill-copy-2');
    expect((await ctx.as(ctx.adminToken).delete(`/api/products/${original.id}`)).statusCode).toBe(204);
    for (const image of images) {
      const file = await ctx.as().get(image.url);
      expect(file.statusCode, image.url).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
    }
    expect((await staffBundle(copy.slug)).images.map((i) => i.url)).toEqual(images.map((i) => i.url));
    // The two copies still hold them; deleting both and purging all three from the trash lets
    // the files go (close() checks the rest).
    const copies = await q<{ id: number }>(`select id from products where name = 'Cordless Drill (copy)'`);
    expect(copies).toHaveLength(2);
    for (const c of copies)
      expect((await ctx.as(ctx.adminToken).delete(`/api/products/${c.id}`)).statusCode).toBe(204);
    for (const image of images) expect((await ctx.as().get(image.url)).statusCode).toBe(200);
    for (const id of [original.id, ...copies.map((c) => c.id)])
      expect((await ctx.as(ctx.adminToken).delete(`/api/trash/product/${id}`)).statusCode).toBe(204);
    for (const image of images) expect((await ctx.as().get(image.url)).statusCode).toBe(404);
    expect(await q('select key from images')).toEqual([]);
  });

  it('keeps a long name within the limit and copies a product with nothing but its fields', async () => {
    // Cut where the emoji's two UTF-16 units would be split: the whole emoji goes.
    const keep = TEXT_LIMITS.name - ' (copy)'.length - 1;
    const long = await createProduct(ctx.admin, {
      sku: undefined,
      name: `${'Ω'.repeat(keep)}😀${'Ω'.repeat(TEXT_LIMITS.name - keep - 2)}`,
      mrp: 5,
    });
    const copy = await ctx.admin.ok('POST', `/api/products/${long.id}/duplicate`);
    const [row] = await q<{ name: string; sku: string | null }>(
      'select name, sku from products where id = $1',
      [copy.id],
    );
    expect(row.name.length).toBeLessThanOrEqual(TEXT_LIMITS.name);
    expect(row.name).toBe(`${'Ω'.repeat(keep)} (copy)`);
    expect(copy.slug).toMatch(/copy/);
    const blocks = await q(
      'select block_type, ref_id, position from product_layout_blocks where product_id = $1 order by position',
      [copy.id],
    );
    expect(blocks).toEqual([
      { block_type: 'basic', ref_id: null, position: 0 },
      { block_type: 'images', ref_id: null, position: 1 },
    ]);
  });

  it('answers 404 for an unknown product, 400 for a bad id and 401 without a token, changing nothing', async () => {
    const before = await q('select count(*)::int as n from products');
    const missing = await ctx.as(ctx.adminToken).post('/api/products/999999/duplicate');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('Product not found');
    expect((await ctx.as(ctx.adminToken).post('/api/products/abc/duplicate')).statusCode).toBe(400);
    expect((await ctx.as().post('/api/products/1/duplicate')).statusCode).toBe(401);
    expect(await q('select count(*)::int as n from products')).toEqual(before);
  });
});

describe('GET /api/products/export.csv', () => {
  let pictured: { id: number; urls: string[] };

  beforeAll(async () => {
    // 2,100 plain products (past one read batch), and a few written through the API.
    await q(
      `insert into products (name, slug, sku, mrp, status, brand_id, category_id, created_at)
       select 'Bulk ' || lpad(i::text, 4, '0'), 'bulk-' || i, 'BULK-' || i, (i % 500) + 0.5,
         case when i % 2 = 0 then 'draft' else 'published' end,
         case when i % 3 = 0 then $1::int end, case when i % 5 = 0 then $2::int end,
         '2024-01-01'::timestamptz + i * interval '1 minute'
       from generate_series(1, 2100) i`,
      [brand, child.id],
    );
    await createProduct(ctx.admin, { name: '=SUM(A1)', sku: '+SKU', mrp: 1, description: '@mention\n-dash' });
    await createProduct(ctx.admin, {
      name: 'Café Zürich — 日本 😀',
      sku: 'UTF-1',
      mrp: 2,
      description: 'Ünïcode, "quoted", text',
    });
    const p = await createProduct(ctx.admin, {
      name: 'Pictured Lamp',
      sku: 'LAMP-1',
      mrp: 100,
      brand_id: brand,
      category_id: child.id,
    });
    const files = await Promise.all(
      ['#203040', '#405060'].map(async (c, i) => ({ name: `${i}.png`, bytes: await png(c) })),
    );
    const upload = await uploadImages(ctx.as(ctx.adminToken), p.id, files);
    pictured = { id: p.id, urls: upload.json().data.map((i: { url: string }) => i.url) };
    await ctx.admin.ok('POST', '/api/discounts', {
      name: 'Lamp deal',
      type: 'percent',
      value: 25,
      applies_to: 'product',
      product_id: p.id,
      active: 1,
    });
    await q('analyze products');
  });

  it('streams every product with its brand, category path, prices and gallery', async () => {
    const { res, rows } = await csv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{8}\.csv"$/);
    const { rows: all } = await ctx.database.pool.query(
      'select id from products order by created_at desc, id desc',
    );
    expect(rows.map((r) => Number(r[0]))).toEqual(all.map((r: { id: number }) => r.id));
    const lamp = rows.find((r) => Number(r[0]) === pictured.id)!;
    expect(lamp).toEqual([
      String(pictured.id),
      'LAMP-1',
      'Pictured Lamp',
      'pictured-lamp',
      'published',
      'Extras Brand',
      `${parent.slug}/${child.slug}`,
      '100.00',
      '75.00',
      '',
      pictured.urls.join(' '),
      // Without options, its one row is its default variant's: the product's SKU and price.
      'LAMP-1',
      'LAMP-1',
      '',
      '',
      '',
      '',
      '',
      '',
      '100.00',
      'active',
    ]);
    const bulk = rows.find((r) => r[col('sku')] === 'BULK-15')!;
    expect(bulk.slice(col('name'), col('final_price') + 1)).toEqual([
      'Bulk 0015',
      'bulk-15',
      'published',
      'Extras Brand',
      `${parent.slug}/${child.slug}`,
      '15.50',
      '15.50',
    ]);
    expect(
      rows.find((r) => r[col('sku')] === 'BULK-1')!.slice(col('brand'), col('category_path') + 1),
    ).toEqual(['', '']);
  });

  it('defuses cells a spreadsheet would run, and keeps UTF-8 text as it is', async () => {
    const { res, rows } = await csv('q=sum');
    expect(rows).toHaveLength(1);
    expect(rows[0].slice(1, 3)).toEqual(["'+SKU", "'=SUM(A1)"]);
    // A formula-like start after a line break inside the cell is defused too: a reader that
    // splits lines without reading quotes would see a field of its own there.
    expect(rows[0][col('description')]).toBe("'@mention\n'-dash");
    expect(res.body).toContain("'=SUM(A1)");
    const utf = (await csv('q=UTF-1')).rows;
    expect(utf[0].slice(1, 3)).toEqual(['UTF-1', 'Café Zürich — 日本 😀']);
    expect(utf[0][col('description')]).toBe('Ünïcode, "quoted", text');
    const raw = await ctx.as(ctx.adminToken).get('/api/products/export.csv?q=UTF-1');
    expect(raw.rawPayload.toString('utf8')).toContain('Café Zürich — 日本 😀');
  });

  it("takes the list's filters and sorts, across batches, in the list's order", async () => {
    const ids = (rows: string[][]) => rows.map((r) => Number(r[0]));
    const sql = async (where: string, order: string) =>
      (await q<{ id: number }>(`select id from products where ${where} order by ${order}`)).map((r) => r.id);

    const byName = await csv('sortBy=name&order=asc');
    expect(ids(byName.rows)).toEqual(await sql('true', 'lower(name), id'));
    // Prices repeat and the seeded rows share one updated_at: ties go by id, across batches too.
    const byPrice = await csv('sortBy=price&order=desc');
    expect(ids(byPrice.rows)).toEqual(await sql('true', 'price_final desc, id desc'));
    const byUpdate = await csv('sortBy=updated_at&order=asc');
    expect(ids(byUpdate.rows)).toEqual(await sql('true', 'updated_at, id'));
    const drafts = await csv('sortBy=price&order=asc&status=draft');
    expect(ids(drafts.rows)).toEqual(await sql(`status = 'draft'`, 'price_final, id'));
    const branded = await csv(`brand_id=${brand}&category_id=${parent.id}&sortBy=updated_at&order=asc`);
    expect(ids(branded.rows)).toEqual(
      await sql(`brand_id = ${brand} and category_id = ${child.id}`, 'updated_at, id'),
    );
    expect(ids((await csv('discounted=1')).rows)).toEqual([pictured.id]);
    expect(ids((await csv('price_min=75&price_max=75')).rows)).toEqual([pictured.id]);
    expect((await csv('q=nothing%20at%20all')).rows).toEqual([]);
  });

  it('refuses unknown parameters and values, and needs a token', async () => {
    for (const query of [
      'page=2',
      'limit=10',
      'sortBy=sku',
      'order=up',
      'status=gone',
      'price_min=abc',
      'x=1',
    ])
      expect((await ctx.as(ctx.adminToken).get(`/api/products/export.csv?${query}`)).statusCode, query).toBe(
        400,
      );
    expect((await ctx.as().get('/api/products/export.csv')).statusCode).toBe(401);
  });
});
