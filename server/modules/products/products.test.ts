import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR, VALIDATION } from '#domain/messages';
import { PRODUCT_MESSAGES } from '#domain/products';
import { SECTION_MESSAGES } from '#domain/sections';
import { createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { multipart, png, text, uploadedFiles } from '../../test/images';
import { uploadImages } from '../../test/uploads';

let ctx: TestContext;
let token: string;
let brandId: number;
let rootCat: number;
let childCat: number;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.makeUser({ name: 'Prod Editor', email: 'prod-editor@example.com' })).token;
  brandId = (await ctx.as(token).post('/api/brands', { name: 'Prod Brand' })).json().id;
  rootCat = (await ctx.as(token).post('/api/categories', { name: 'Prod Root' })).json().id;
  childCat = (await ctx.as(token).post('/api/categories', { name: 'Prod Child', parent_id: rootCat })).json()
    .id;
});
afterAll(() => ctx.close());

/** Purges an item from the trash, as only an admin may. */
const purge = (type: string, id: number) => ctx.as(ctx.adminToken).delete(`/api/trash/${type}/${id}`);
const pub = (url: string) => ctx.as().get(url);
const bundle = async (slug: string) => {
  const res = await pub(`/api/public/products/slug/${slug}/bundle`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const count = async (table: string) =>
  Number((await ctx.database.pool.query(`select count(*) from ${table}`)).rows[0].count);

describe('access', () => {
  it.each([
    ['GET', '/api/products'],
    ['POST', '/api/products'],
    ['PUT', '/api/products/1'],
    ['DELETE', '/api/products/1'],
    ['GET', '/api/products/1/images'],
    ['POST', '/api/products/1/images/batch'],
    ['POST', '/api/products/1/images/1/delete'],
    ['GET', '/api/products/1/layout'],
    ['POST', '/api/products/1/layout/blocks/1/move'],
    ['POST', '/api/products/1/lists'],
    ['PUT', '/api/products/1/spec-groups/1'],
    ['DELETE', '/api/products/1/tables/1'],
  ] as const)('%s %s needs a token', async (method, url) => {
    expect((await ctx.as().send(method, url, {})).statusCode).toBe(401);
  });

  it('the bundle and option list are public; an unknown slug is 404', async () => {
    expect((await pub('/api/public/products')).statusCode).toBe(200);
    const missing = await pub('/api/public/products/slug/no-such-thing/bundle');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(PRODUCT_MESSAGES.productNotFound);
  });
});

describe('create', () => {
  it('creates with a generated slug, exact MRP and the basic and images blocks', async () => {
    const res = await ctx.as(token).post('/api/products', {
      name: 'Ünïcode Drill',
      sku: 'DRL-1',
      brand_id: brandId,
      category_id: childCat,
      description: 'Drills',
      mrp: 19.99,
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      slug: 'unicode-drill',
      sku: 'DRL-1',
      brand: 'Prod Brand',
      category: 'Prod Child',
      mrp: 19.99,
    });
    const row = (await ctx.database.pool.query('select mrp from products where id = $1', [p.id])).rows[0];
    expect(row.mrp).toBe('19.99');
    const b = await bundle(p.slug);
    expect(b.layout.blocks.map((x: { block_type: string }) => x.block_type)).toEqual(['basic', 'images']);
    expect(b).toMatchObject({
      price: { mrp: 19.99, final: 19.99 },
      discounts: { best: null, own: null },
      images: [],
      lists: [],
    });
  });

  it('numbers colliding slugs and allows many products without SKU', async () => {
    const a = await createProduct(ctx.as(token), { name: 'Same Name', mrp: '5', sku: undefined });
    const b = await createProduct(ctx.as(token), { name: 'Same Name', mrp: '5', sku: '' });
    expect([a.slug, b.slug]).toEqual(['same-name', 'same-name-2']);
  });

  it('refuses a duplicate SKU with 409', async () => {
    await createProduct(ctx.as(token), { name: 'Sku Owner', sku: 'DUP-9', mrp: 1 });
    const res = await ctx.as(token).post('/api/products', { name: 'Sku Thief', sku: 'DUP-9', mrp: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(PRODUCT_MESSAGES.skuTaken);
  });

  it.each([
    [{ mrp: 5 }, VALIDATION.nameRequired],
    [{ name: 'X', mrp: -1 }, PRODUCT_MESSAGES.mrpInvalid],
    [{ name: 'X', mrp: '1.999' }, PRODUCT_MESSAGES.mrpInvalid],
    [{ name: 'X', mrp: 'ten' }, PRODUCT_MESSAGES.mrpInvalid],
    [{ name: 'X', mrp: 1e15 }, PRODUCT_MESSAGES.mrpInvalid],
    [{ name: 'X', slug: 'x' }, API_ERROR.unknownField('slug')],
  ])('refuses %j', async (payload, message) => {
    const before = await count('products');
    const res = await ctx.as(token).post('/api/products', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await count('products')).toBe(before);
  });

  it('answers 404 for a missing brand or category', async () => {
    expect((await ctx.as(token).post('/api/products', { name: 'X', brand_id: 99999 })).json().error).toBe(
      PRODUCT_MESSAGES.brandNotFound,
    );
    expect((await ctx.as(token).post('/api/products', { name: 'X', category_id: 99999 })).statusCode).toBe(
      404,
    );
  });
});

describe('update and pricing', () => {
  it('saves basic fields and the editor discount, pricing exactly; no discount removes it', async () => {
    const p = await createProduct(ctx.as(token), { name: 'Priced', mrp: 10 });
    const res = await ctx.as(token).put(`/api/products/${p.id}`, {
      name: 'Priced Renamed',
      sku: 'PR-1',
      description: 'New',
      brand_id: brandId,
      category_id: rootCat,
      pricing: { mrp: 19.99, discountPercent: 15 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Priced Renamed',
      slug: 'priced',
      sku: 'PR-1',
      mrp: 19.99,
      category: 'Prod Root',
    });
    let b = await bundle('priced');
    expect(b.price).toEqual({ mrp: 19.99, final: 16.99 });
    expect(b.discounts.best).toMatchObject({ type: 'percent', value: 15, save_amount: 3 });
    expect(b.discounts.own).toEqual({ type: 'percent', value: 15 });

    await ctx.as(token).put(`/api/products/${p.id}`, {
      name: 'Priced',
      pricing: { mrp: 19.99, discountAmount: 25 },
    });
    b = await bundle('priced');
    expect(b.price.final).toBe(0);
    expect(b.discounts.own).toEqual({ type: 'amount', value: 25 });

    await ctx.as(token).put(`/api/products/${p.id}`, {
      name: 'Priced',
      pricing: { mrp: 19.99, discountPercent: 0 },
    });
    b = await bundle('priced');
    expect(b.discounts).toEqual({ best: null, own: null });
    expect(await count(`discounts where product_id = ${p.id}`)).toBe(0);
  });

  it('uses the best of the editor discount and category-ancestor and brand discounts', async () => {
    const p = await createProduct(ctx.as(token), {
      name: 'Scoped',
      mrp: 200,
      category_id: childCat,
      brand_id: brandId,
    });
    await ctx.as(token).put(`/api/products/${p.id}`, {
      name: 'Scoped',
      category_id: childCat,
      brand_id: brandId,
      pricing: { mrp: 200, discountAmount: 10 },
    });
    await ctx.database.pool.query(
      `insert into discounts (name, type, value, applies_to, category_id, active) values ('Root sale', 'percent', 25, 'category', $1, true)`,
      [rootCat],
    );
    await ctx.database.pool.query(
      `insert into discounts (name, type, value, applies_to, brand_id, active, ends_at) values ('Old brand sale', 'percent', 90, 'brand', $1, true, now() - interval '1 day')`,
      [brandId],
    );
    const b = await bundle('scoped');
    expect(b.discounts.best).toMatchObject({ type: 'percent', value: 25, save_amount: 50 });
    expect(b.price.final).toBe(150);
    const list = (await ctx.as(token).get('/api/products?q=Scoped')).json().data[0];
    expect(list.price).toEqual({ mrp: 200, final: 150 });
    expect(list.best_discount).toEqual({ type: 'percent', value: 25 });
    // The editor's saves leave screen-made discounts alone.
    await ctx.as(token).put(`/api/products/${p.id}`, {
      name: 'Scoped',
      category_id: childCat,
      pricing: { mrp: 200 },
    });
    expect((await bundle('scoped')).price.final).toBe(150);
  });

  it.each([
    [{ name: 'X', pricing: { mrp: 10, discountPercent: 101 } }, PRODUCT_MESSAGES.percentTooHigh],
    [{ name: 'X', pricing: { mrp: 10, discountAmount: -5 } }, PRODUCT_MESSAGES.discountInvalid],
    [{ name: 'X' }, 'Invalid input: expected object, received undefined'],
    [{ name: '', pricing: { mrp: 1 } }, VALIDATION.nameRequired],
  ])('refuses %j', async (payload, message) => {
    const p = await createProduct(ctx.as(token), { name: `Refuse ${Math.random()}`, mrp: 3 });
    const res = await ctx.as(token).put(`/api/products/${p.id}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it('answers 404 for a missing product', async () => {
    expect(
      (await ctx.as(token).put('/api/products/99999', { name: 'X', pricing: { mrp: 1 } })).statusCode,
    ).toBe(404);
  });
});

describe('list', () => {
  it('pages newest first with list items in the API shape, and searches name and SKU', async () => {
    const tag = `lst${Date.now()}`;
    for (let i = 0; i < 3; i++)
      await createProduct(ctx.as(token), { name: `${tag} item ${i}`, sku: `${tag}-${i}`, mrp: 10 + i });
    const res = await ctx.as(token).get(`/api/products?q=${tag}&limit=2`);
    const body = res.json();
    expect(body.meta).toEqual({ total: 3, total_exact: true, page: 1, limit: 2 });
    expect(body.data.map((p: { name: string }) => p.name)).toEqual([`${tag} item 2`, `${tag} item 1`]);
    expect(Object.keys(body.data[0]).sort()).toEqual(
      [
        'best_discount',
        'brand',
        'category',
        'description',
        'id',
        'image',
        'name',
        'price',
        'price_range',
        'slug',
        'status',
      ].sort(),
    );
    expect(
      (await ctx.as(token).get(`/api/products?q=${tag}-0`)).json().data.map((p: { name: string }) => p.name),
    ).toEqual([`${tag} item 0`]);
    expect((await ctx.as(token).get('/api/products?limit=101')).statusCode).toBe(400);
  });
});

describe('images', () => {
  it('uploads a batch, lists it, shows the first as the card thumbnail, deletes one with its files', async () => {
    const p = await createProduct(ctx.as(token), { name: 'Gallery', mrp: 5 });
    const res = await uploadImages(ctx.as(token), p.id, [
      { name: 'a.png', bytes: await png('#a00000') },
      { name: 'b.png', bytes: await png('#00b000') },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const images = res.json().data;
    expect(images).toHaveLength(2);
    expect((await ctx.as(token).get(`/api/products/${p.id}/images`)).json().data).toEqual(images);
    const card = (await ctx.as(token).get('/api/products?q=Gallery')).json().data[0];
    expect(card.image).toBe(images[0].url.replace('.webp', '-thumb.webp'));

    const del = await ctx.as(token).post(`/api/products/${p.id}/images/${images[0].id}/delete`);
    expect(del.statusCode).toBe(204);
    expect(uploadedFiles(ctx.uploadsDir)).not.toContain(path.basename(images[0].url));
    expect((await bundle('gallery')).images.map((i: { id: number }) => i.id)).toEqual([images[1].id]);
    expect((await ctx.as(token).post(`/api/products/${p.id}/images/${images[0].id}/delete`)).statusCode).toBe(
      404,
    );
  });

  it('stores the good files of a batch and names the one that is not an image', async () => {
    const p = await createProduct(ctx.as(token), { name: 'Bad Batch', mrp: 5 });
    const res = await uploadImages(ctx.as(token), p.id, [
      { name: 'good.png', bytes: await png('#123123') },
      { name: 'evil.png', bytes: text },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().refused).toEqual([{ file: 'evil.png', error: VALIDATION.imageType }]);
    const stored = (await ctx.as(token).get(`/api/products/${p.id}/images`)).json().data;
    expect(stored).toEqual(res.json().data);
    expect(stored).toHaveLength(1);
  });

  it('refuses an empty batch and a missing product', async () => {
    const p = await createProduct(ctx.as(token), { name: 'Empty Batch', mrp: 5 });
    const body = await multipart({});
    const empty = await ctx
      .as(token)
      .post(`/api/products/${p.id}/images/batch`, body.payload, { headers: { ...body.headers } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(PRODUCT_MESSAGES.noImages);
    expect(
      (await uploadImages(ctx.as(token), 99999, [{ name: 'a.png', bytes: await png() }])).statusCode,
    ).toBe(404);
  });
});

describe('sections and layout', () => {
  it('adds each kind with the shared clean-ups, orders them, edits, moves and removes them', async () => {
    const p = await createProduct(ctx.as(token), { name: 'Sectioned', sku: 'SEC-1', mrp: 5 });
    const list = await ctx.as(token).post(`/api/products/${p.id}/lists`, {
      title: ' Features ',
      items: [{ caption: 'Fast' }, { caption: '  ' }, { caption: 'Quiet' }],
    });
    expect(list.statusCode, list.body).toBe(201);
    expect(list.json()).toMatchObject({
      title: 'Features',
      items: [{ caption: 'Fast' }, { caption: 'Quiet' }],
    });

    const specs = await ctx.as(token).post(`/api/products/${p.id}/spec-groups`, {
      name: 'Power',
      intro: 'Electrical',
      specs: [
        { label: 'Voltage', value: '18', unit: 'V' },
        { label: 'Weight', value: '' },
        { label: '', value: '3' },
      ],
    });
    expect(specs.json().specs).toEqual([
      expect.objectContaining({ label: 'Voltage', value: '18', unit: 'V' }),
    ]);

    const table = await ctx.as(token).post(`/api/products/${p.id}/tables`, {
      heading: 'Sizes',
      columns: 'Size, Length ,,Weight',
      rows: [
        ['S', '10'],
        ['M', '12', '2kg', 'extra'],
        ['', '', ''],
      ],
      note: 'Approximate',
    });
    expect(table.statusCode, table.body).toBe(201);
    expect(JSON.parse(table.json().columns_json)).toEqual(['Size', 'Length', 'Weight']);
    expect(JSON.parse(table.json().rows_json)).toEqual([
      ['S', '10', ''],
      ['M', '12', '2kg'],
    ]);

    let b = await bundle('sectioned');
    const order = () => b.layout.blocks.map((x: { block_type: string }) => x.block_type);
    expect(order()).toEqual(['basic', 'images', 'list', 'spec_group', 'table']);
    const tableBlock = b.layout.blocks[4];

    // Up twice: past the spec group, then past the list (not past images).
    await ctx
      .as(token)
      .post(`/api/products/${p.id}/layout/blocks/${tableBlock.id}/move`, { direction: 'up' });
    await ctx
      .as(token)
      .post(`/api/products/${p.id}/layout/blocks/${tableBlock.id}/move`, { direction: 'up' });
    b = await bundle('sectioned');
    expect(order()).toEqual(['basic', 'images', 'table', 'list', 'spec_group']);
    const top = await ctx.as(token).post(`/api/products/${p.id}/layout/blocks/${tableBlock.id}/move`, {
      direction: 'up',
    });
    expect(top.statusCode).toBe(409);
    expect(top.json().error).toBe(PRODUCT_MESSAGES.alreadyFirst);
    const layout = (await ctx.as(token).get(`/api/products/${p.id}/layout`)).json().blocks;
    expect(new Set(layout.map((x: { position: number }) => x.position)).size).toBe(5);

    const edited = await ctx.as(token).put(`/api/products/${p.id}/lists/${list.json().id}`, {
      title: 'Features+',
      items: [{ caption: 'Only one' }],
    });
    expect(edited.json()).toMatchObject({ title: 'Features+', items: [{ caption: 'Only one' }] });
    expect((await bundle('sectioned')).lists[0].items).toHaveLength(1);

    expect(
      (await ctx.as(token).delete(`/api/products/${p.id}/spec-groups/${specs.json().id}`)).statusCode,
    ).toBe(204);
    b = await bundle('sectioned');
    expect(order()).toEqual(['basic', 'images', 'table', 'list']);
    expect(b.specGroups).toEqual([]);
  });

  it('concurrent moves never leave duplicate or missing positions', async () => {
    const p = await createProduct(ctx.as(token), { name: 'Racer', mrp: 5 });
    for (let i = 0; i < 4; i++)
      await ctx.as(token).post(`/api/products/${p.id}/lists`, { title: `L${i}`, items: [{ caption: 'x' }] });
    const blocks = (await ctx.as(token).get(`/api/products/${p.id}/layout`)).json().blocks;
    const moves = await Promise.all(
      [blocks[3], blocks[4], blocks[5], blocks[3], blocks[4]].map((blk: { id: number }, i: number) =>
        ctx.as(token).post(`/api/products/${p.id}/layout/blocks/${blk.id}/move`, {
          direction: i % 2 ? 'up' : 'down',
        }),
      ),
    );
    for (const m of moves) expect([200, 409]).toContain(m.statusCode);
    const after = (await ctx.as(token).get(`/api/products/${p.id}/layout`)).json().blocks;
    expect(after).toHaveLength(6);
    expect(new Set(after.map((x: { position: number }) => x.position)).size).toBe(6);
    expect(new Set(after.map((x: { id: number }) => x.id))).toEqual(
      new Set(blocks.map((x: { id: number }) => x.id)),
    );
  });

  it('puts the sections in a new order at once, around the basic and images blocks; a bad order changes nothing', async () => {
    const p = await createProduct(ctx.as(token), { name: 'Reordered', mrp: 5 });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (
          await ctx
            .as(token)
            .post(`/api/products/${p.id}/lists`, { title: `L${i}`, items: [{ caption: 'x' }] })
        ).json().id,
      );
    // The images block between two sections, as an older layout may hold it: it swaps places with
    // the second list (through a free position, as the unique index wants).
    for (const [set, where] of [
      ['-5', `block_type = 'images'`],
      ['1', `block_type = 'list' and ref_id = $2`],
      ['3', `block_type = 'images'`],
    ])
      await ctx.database.pool.query(
        `update product_layout_blocks set position = ${set} where product_id = $1 and (${where}) and $2::int is not null`,
        [p.id, ids[1]],
      );
    const rows = async () =>
      (
        await ctx.database.pool.query(
          'select id, block_type, ref_id, position from product_layout_blocks where product_id = $1 order by position',
          [p.id],
        )
      ).rows as { id: number; block_type: string; ref_id: number; position: number }[];
    const before = await rows();
    expect(before.map((b) => b.block_type)).toEqual(['basic', 'list', 'list', 'images', 'list']);
    const blockOf = (ref: number) =>
      before.find((b) => b.block_type === 'list' && b.ref_id === ref)?.id as number;
    const url = `/api/products/${p.id}/layout/order`;

    // The last section first, in one call: each section takes a section's slot.
    const res = await ctx.as(token).put(url, { ids: [blockOf(ids[2]), blockOf(ids[0]), blockOf(ids[1])] });
    expect(res.statusCode, res.body).toBe(200);
    const after = await rows();
    expect(after.map((b) => [b.block_type, b.ref_id === null ? null : ids.indexOf(b.ref_id)])).toEqual([
      ['basic', null],
      ['list', 2],
      ['list', 0],
      ['images', null],
      ['list', 1],
    ]);
    expect(after.map((b) => b.position)).toEqual(before.map((b) => b.position));
    expect(res.json().blocks.map((b: { id: number }) => b.id)).toEqual(after.map((b) => b.id));

    const images = before.find((b) => b.block_type === 'images')?.id as number;
    for (const [ids_, status, error] of [
      [[blockOf(ids[0]), blockOf(ids[1])], 400, SECTION_MESSAGES.orderIncomplete],
      [[blockOf(ids[0]), blockOf(ids[0]), blockOf(ids[1])], 400, SECTION_MESSAGES.orderDuplicate],
      [[blockOf(ids[0]), blockOf(ids[1]), images], 404, PRODUCT_MESSAGES.sectionNotFound],
      [[blockOf(ids[0]), blockOf(ids[1]), 2147483000], 404, PRODUCT_MESSAGES.sectionNotFound],
    ] as const) {
      const bad = await ctx.as(token).put(url, { ids: ids_ });
      expect(bad.statusCode, bad.body).toBe(status);
      expect(bad.json().error).toBe(error);
    }
    expect((await ctx.as(token).put('/api/products/2147483000/layout/order', { ids: [1] })).statusCode).toBe(
      404,
    );
    expect(await rows()).toEqual(after);
  });

  it.each([
    ['lists', { title: 'T', items: [{ caption: ' ' }] }, SECTION_MESSAGES.listRequired],
    ['lists', { title: '', items: [{ caption: 'a' }] }, SECTION_MESSAGES.listRequired],
    ['spec-groups', { name: 'G', specs: [{ label: 'a' }] }, SECTION_MESSAGES.specsRequired],
    ['tables', { heading: 'H', columns: ' , ' }, SECTION_MESSAGES.tableRequired],
    ['tables', { heading: '', columns: 'a' }, SECTION_MESSAGES.tableRequired],
  ])('refuses an empty %s section with the shared message', async (kind, payload, message) => {
    const p = await createProduct(ctx.as(token), { name: `Empty ${kind} ${Math.random()}`, mrp: 1 });
    const res = await ctx.as(token).post(`/api/products/${p.id}/${kind}`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });

  it("answers 404 for another product's section", async () => {
    const a = await createProduct(ctx.as(token), { name: 'Owner A', mrp: 1 });
    const b = await createProduct(ctx.as(token), { name: 'Owner B', mrp: 1 });
    const list = (
      await ctx.as(token).post(`/api/products/${a.id}/lists`, { title: 'Mine', items: [{ caption: 'x' }] })
    ).json();
    expect(
      (
        await ctx.as(token).put(`/api/products/${b.id}/lists/${list.id}`, {
          title: 'Stolen',
          items: [{ caption: 'y' }],
        })
      ).statusCode,
    ).toBe(404);
    expect((await ctx.as(token).delete(`/api/products/${b.id}/lists/${list.id}`)).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('removes the product with its sections, blocks, images, files and own discount', async () => {
    const p = await createProduct(ctx.as(token), { name: 'Doomed Product', mrp: 9 });
    await ctx.as(token).put(`/api/products/${p.id}`, {
      name: 'Doomed Product',
      pricing: { mrp: 9, discountPercent: 10 },
    });
    await ctx.as(token).post(`/api/products/${p.id}/lists`, { title: 'L', items: [{ caption: 'x' }] });
    await ctx
      .as(token)
      .post(`/api/products/${p.id}/tables`, { heading: 'T', columns: 'a,b', rows: [['1', '2']] });
    const image = (
      await uploadImages(ctx.as(token), p.id, [{ name: 'doomed.png', bytes: await png('#dddddd') }])
    ).json().data[0];
    const res = await ctx.as(token).delete(`/api/products/${p.id}`);
    expect(res.statusCode).toBe(204);
    for (const table of [
      'products',
      'product_lists',
      'product_tables',
      'product_layout_blocks',
      'product_images',
      'discounts',
    ]) {
      const column = table === 'products' ? 'id' : 'product_id';
      const { rows } = await ctx.database.pool.query(
        `select count(*)::int as n from ${table} where ${column} = $1`,
        [p.id],
      );
      expect(rows[0].n, table).toBe(0);
    }
    // The trash holds the files until the product is purged from it.
    expect(uploadedFiles(ctx.uploadsDir)).toContain(path.basename(image.url));
    expect((await purge('product', p.id)).statusCode).toBe(204);
    expect(uploadedFiles(ctx.uploadsDir)).not.toContain(path.basename(image.url));
    expect((await ctx.as(token).delete(`/api/products/${p.id}`)).statusCode).toBe(404);
  });

  it('deleting a brand or category leaves its products without one', async () => {
    const brand = (await ctx.as(token).post('/api/brands', { name: 'Fleeting Brand' })).json();
    const cat = (await ctx.as(token).post('/api/categories', { name: 'Fleeting Cat' })).json();
    const p = await createProduct(ctx.as(token), {
      name: 'Survivor Product',
      mrp: 1,
      brand_id: brand.id,
      category_id: cat.id,
    });
    await ctx.as(token).delete(`/api/brands/${brand.id}`);
    await ctx.as(token).delete(`/api/categories/${cat.id}`);
    const b = await bundle(p.slug);
    expect(b.base).toMatchObject({ brand_id: null, brand: null, category_id: null, category: null });
  });
});
