import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_LIMITS, HISTORY_TEXT } from '#domain/history';
import { createImageStore } from '../images/image-store';
import { createImagesService } from '../images/images.service';
import { keyOfUrl } from '../images/store';
import type { Client, Method } from '../test/client';
import { createBrand, createCategory, createProduct } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { png, uploadedFiles } from '../test/images';
import { upload, uploadImages } from '../test/uploads';
import { createTrashService } from './trash.service';

let ctx: TestContext;
let editor: { id: number; token: string };
/** Requests as the editor. */
let asEditor: Client;

beforeAll(async () => {
  ctx = await createTestContext();
  const made = await ctx.makeUser({ name: 'Trash Editor', email: 'trash-editor@example.com' });
  editor = { id: made.user.id, token: made.token };
  asEditor = ctx.as(made.token);
});
afterAll(() => ctx.close());

const api = (method: Method, url: string, payload?: object, token = editor.token) =>
  ctx.as(token).send(method, url, payload);
const asAdmin = (method: Method, url: string) => api(method, url, undefined, ctx.adminToken);
const q = async (text: string, values: unknown[] = []) => (await ctx.database.pool.query(text, values)).rows;
const restore = (type: string, id: number) => api('POST', `/api/trash/${type}/${id}/restore`);
const bundleStatus = async (slug: string) =>
  (await ctx.as().get(`/api/public/products/slug/${slug}/bundle`)).statusCode;
const refCounts = async () => q('select key, ref_count from images order by key');
const actions = async (type: string, id: number) =>
  (
    await q('select action, actor_id from change_log where entity_type = $1 and entity_id = $2 order by id', [
      type,
      id,
    ])
  ).map((r) => r.action);

/** Every row of a product, in a form that compares whole (ids included). */
async function productRows(id: number) {
  const by = async (table: string, where: string) =>
    q(`select * from ${table} where ${where} order by id`, [id]);
  return {
    product: (await by('products', 'id = $1')).map(({ updated_at: _u, price_final: _f, ...r }) => r),
    images: await by('product_images', 'product_id = $1'),
    lists: await by('product_lists', 'product_id = $1'),
    items: await by('product_list_items', 'list_id in (select id from product_lists where product_id = $1)'),
    groups: await by('product_spec_groups', 'product_id = $1'),
    specs: await by(
      'product_specs',
      'group_id in (select id from product_spec_groups where product_id = $1)',
    ),
    tables: await by('product_tables', 'product_id = $1'),
    blocks: await by('product_layout_blocks', 'product_id = $1'),
    discounts: await by('discounts', 'product_id = $1'),
    inquiries: await by('inquiries', 'product_id = $1'),
    lines: await by('inquiry_lines', 'product_id = $1'),
  };
}

describe('a product in the trash', () => {
  it('goes with its sections, images, discount and inquiry links, and comes back as it was', async () => {
    const brand = await createBrand(asEditor, { name: 'Round Trip Brand' });
    const p = await createProduct(asEditor, {
      name: 'Round Trip Lamp',
      sku: 'RT-1',
      mrp: 20,
      brand_id: brand.id,
    });
    await api('PUT', `/api/products/${p.id}`, {
      name: 'Round Trip Lamp',
      sku: 'RT-1',
      brand_id: brand.id,
      pricing: { mrp: 20, discountPercent: 10 },
    });
    await api('POST', `/api/products/${p.id}/lists`, { title: 'Highlights', items: [{ caption: 'Bright' }] });
    await api('POST', `/api/products/${p.id}/spec-groups`, {
      name: 'Power',
      specs: [{ label: 'Watts', value: '40', unit: 'W' }],
    });
    await api('POST', `/api/products/${p.id}/tables`, {
      heading: 'Sizes',
      columns: 'a,b',
      rows: [['1', '2']],
    });
    const upload = await uploadImages(ctx.as(editor.token), p.id, [
      { name: 'one.png', bytes: await png('#a1a1a1') },
      { name: 'two.png', bytes: await png('#b2b2b2') },
    ]);
    expect(upload.statusCode, upload.body).toBe(201);
    const [inquiry] = await q(
      `insert into inquiries (name, email, subject, message, product_id) values ('Ann', 'ann@example.com', 'Lamp', 'Hi', $1) returning id`,
      [p.id],
    );
    await q(
      `insert into inquiry_lines (inquiry_id, position, product_id, name, quantity, unit_price) values ($1, 0, $2, 'Round Trip Lamp', 2, 18)`,
      [inquiry.id, p.id],
    );
    const before = await productRows(p.id);
    expect(before.images).toHaveLength(2);
    expect(before.discounts).toHaveLength(1);
    const counts = await refCounts();
    const bundleBefore = (await ctx.as().get(`/api/public/products/slug/${p.slug}/bundle`)).json();

    expect((await api('DELETE', `/api/products/${p.id}`)).statusCode).toBe(204);
    expect(await bundleStatus(p.slug)).toBe(404);
    expect((await api('GET', `/api/products/slug/${p.slug}/bundle`)).statusCode).toBe(404);
    expect(await q('select product_id from inquiries where id = $1', [inquiry.id])).toEqual([
      { product_id: null },
    ]);
    const [entry] = await q(`select * from trash where entity_type = 'product' and entity_id = $1`, [p.id]);
    expect(entry).toMatchObject({ name: 'Round Trip Lamp', deleted_by: editor.id });
    expect(entry.image_keys).toHaveLength(2);
    // The trash holds the images: counts and files unchanged.
    expect(await refCounts()).toEqual(counts);
    for (const image of before.images)
      expect(uploadedFiles(ctx.uploadsDir)).toContain(path.basename(image.url));
    expect(await actions('product', p.id)).toContain('trash');
    expect(await actions('inquiry', inquiry.id)).not.toContain('trash');

    const listed = await api('GET', '/api/trash?entity_type=product');
    expect(listed.statusCode, listed.body).toBe(200);
    const item = listed.json().data.find((i: { entity_id: number }) => i.entity_id === p.id);
    expect(item).toMatchObject({
      entity_type: 'product',
      name: 'Round Trip Lamp',
      deleted_by_name: 'Trash Editor',
    });
    expect(Date.parse(item.purge_at) - Date.parse(item.deleted_at)).toBe(
      HISTORY_LIMITS.trashDays * 86_400_000,
    );

    const back = await restore('product', p.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toEqual({
      data: { entity_type: 'product', entity_id: p.id, name: 'Round Trip Lamp' },
      skipped: [],
    });
    expect(await productRows(p.id)).toEqual(before);
    expect(await refCounts()).toEqual(counts);
    expect(await q(`select 1 from trash where entity_id = $1`, [p.id])).toEqual([]);
    expect(await bundleStatus(p.slug)).toBe(200);
    const bundleAfter = (await ctx.as().get(`/api/public/products/slug/${p.slug}/bundle`)).json();
    expect(bundleAfter).toEqual(bundleBefore);
    expect(await q('select due from product_price_due where product_id = $1', [p.id])).toHaveLength(1);
    expect(await actions('product', p.id)).toEqual(expect.arrayContaining(['trash', 'restore']));
    expect((await restore('product', p.id)).json()).toMatchObject({ error: HISTORY_TEXT.trashNotFound });
  });

  it('keeps the images until purged, and purging releases them and logs a purge', async () => {
    const p = await createProduct(asEditor, { name: 'Purged Lamp', mrp: 3 });
    const upload = await uploadImages(ctx.as(editor.token), p.id, [
      { name: 'p.png', bytes: await png('#c3c3c3') },
    ]);
    const url = upload.json().data[0].url as string;
    expect((await api('DELETE', `/api/products/${p.id}`)).statusCode).toBe(204);
    const forbidden = await api('DELETE', `/api/trash/product/${p.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().permission).toBe('trash.purge');
    expect(await q(`select 1 from trash where entity_id = $1`, [p.id])).toHaveLength(1);
    expect(uploadedFiles(ctx.uploadsDir)).toContain(path.basename(url));

    expect((await asAdmin('DELETE', `/api/trash/product/${p.id}`)).statusCode).toBe(204);
    expect(await q(`select 1 from trash where entity_id = $1`, [p.id])).toEqual([]);
    expect(uploadedFiles(ctx.uploadsDir)).not.toContain(path.basename(url));
    expect(await q(`select 1 from images where key = $1`, [path.basename(url, '.webp')])).toEqual([]);
    expect((await asAdmin('DELETE', `/api/trash/product/${p.id}`)).statusCode).toBe(404);
    const [purge] = await q(
      `select actor_id from change_log where entity_type = 'product' and entity_id = $1 and action = 'purge'`,
      [p.id],
    );
    expect(purge).toBeDefined();
  });

  it('refuses a restore whose slug or SKU is taken since with 409, changing nothing', async () => {
    const p = await createProduct(asEditor, { name: 'Taken Lamp', sku: 'TK-1', mrp: 5 });
    expect((await api('DELETE', `/api/products/${p.id}`)).statusCode).toBe(204);
    const other = await createProduct(asEditor, { name: 'Taken Lamp', mrp: 5 });
    expect(other.slug).toBe(p.slug);
    const refused = await restore('product', p.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(HISTORY_TEXT.slugTaken(p.slug));
    expect(await q(`select 1 from products where id = $1`, [p.id])).toEqual([]);
    expect(await q(`select 1 from trash where entity_id = $1`, [p.id])).toHaveLength(1);

    expect((await api('DELETE', `/api/products/${other.id}`)).statusCode).toBe(204);
    await createProduct(asEditor, { name: 'Other Lamp', sku: 'TK-1', mrp: 5 });
    const sku = await restore('product', p.id);
    expect(sku.statusCode).toBe(409);
    expect(sku.json().error).toBe(HISTORY_TEXT.skuTaken('TK-1'));
  });

  it('comes back without a category or brand that is gone since, and says so', async () => {
    const brand = await createBrand(asEditor, { name: 'Gone Brand' });
    const cat = await createCategory(asEditor, { name: 'Gone Cat' });
    const p = await createProduct(asEditor, {
      name: 'Orphan Lamp',
      mrp: 5,
      brand_id: brand.id,
      category_id: cat.id,
    });
    expect((await api('DELETE', `/api/products/${p.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/brands/${brand.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/categories/${cat.id}`)).statusCode).toBe(204);
    const back = await restore('product', p.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().skipped).toEqual([
      { field: 'category_id', message: HISTORY_TEXT.categoryGone },
      { field: 'brand_id', message: HISTORY_TEXT.brandGone },
    ]);
    expect(await q('select brand_id, category_id from products where id = $1', [p.id])).toEqual([
      { brand_id: null, category_id: null },
    ]);
  });
});

describe('a category in the trash', () => {
  it('goes back at the top level when its parent is gone, taking its children and products back', async () => {
    const top = await createCategory(asEditor, { name: 'Trash Top' });
    const mid = await createCategory(asEditor, { name: 'Trash Mid', parent_id: top.id });
    const kid = await createCategory(asEditor, { name: 'Trash Kid', parent_id: mid.id });
    const moved = await createCategory(asEditor, { name: 'Trash Moved', parent_id: mid.id });
    const other = await createCategory(asEditor, { name: 'Trash Elsewhere' });
    const p = await createProduct(asEditor, { name: 'Mid Lamp', mrp: 10, category_id: mid.id });
    const d = await api('POST', '/api/discounts', {
      name: 'Mid sale',
      type: 'percent',
      value: 10,
      applies_to: 'category',
      category_id: mid.id,
    });
    expect(d.statusCode, d.body).toBe(201);

    expect((await api('DELETE', `/api/categories/${mid.id}`)).statusCode).toBe(204);
    expect(await q('select parent_id from categories where id = $1', [kid.id])).toEqual([
      { parent_id: null },
    ]);
    expect(await q('select 1 from discounts where id = $1', [d.json().id])).toEqual([]);
    // One former child is moved elsewhere meanwhile: it stays where it was put.
    await api('PUT', `/api/categories/${moved.id}`, { name: 'Trash Moved', parent_id: other.id });
    expect((await api('DELETE', `/api/categories/${top.id}`)).statusCode).toBe(204);

    const back = await restore('category', mid.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().skipped).toEqual([{ field: 'parent_id', message: HISTORY_TEXT.parentGone }]);
    const rows = await q('select id, parent_id, depth, path from categories where id = any($1) order by id', [
      [mid.id, kid.id, moved.id],
    ]);
    expect(rows).toEqual([
      { id: mid.id, parent_id: null, depth: 0, path: 'trash-mid' },
      { id: kid.id, parent_id: mid.id, depth: 1, path: 'trash-mid/trash-kid' },
      { id: moved.id, parent_id: other.id, depth: 1, path: 'trash-elsewhere/trash-moved' },
    ]);
    expect(await q('select category_id, price_final from products where id = $1', [p.id])).toEqual([
      { category_id: mid.id, price_final: expect.any(String) },
    ]);
    expect(await q('select id from discounts where id = $1', [d.json().id])).toEqual([{ id: d.json().id }]);
    const priced = await api('GET', `/api/products?q=Mid%20Lamp`);
    expect(priced.json().data[0]).toMatchObject({ id: p.id });
    expect((await ctx.as().get(`/api/public/products/slug/${p.slug}/bundle`)).json().base).toMatchObject({
      category_id: mid.id,
    });
  });

  it('holds its image until purged', async () => {
    const res = await upload(
      ctx.as(editor.token),
      '/api/categories',
      { field: 'image', name: 'a.png', bytes: await png('#d4d4d4') },
      { name: 'Pictured Cat' },
    );
    const cat = res.json();
    const name = path.basename(cat.image_url);
    expect((await api('DELETE', `/api/categories/${cat.id}`)).statusCode).toBe(204);
    expect(uploadedFiles(ctx.uploadsDir)).toContain(name);
    expect((await restore('category', cat.id)).statusCode).toBe(200);
    expect(await q('select image_url from categories where id = $1', [cat.id])).toEqual([
      { image_url: cat.image_url },
    ]);
    expect((await api('DELETE', `/api/categories/${cat.id}`)).statusCode).toBe(204);
    expect((await asAdmin('DELETE', `/api/trash/category/${cat.id}`)).statusCode).toBe(204);
    expect(uploadedFiles(ctx.uploadsDir)).not.toContain(name);
  });
});

describe('a brand or discount in the trash', () => {
  it('a brand comes back with its discounts and its products linked again', async () => {
    const brand = await createBrand(asEditor, { name: 'Relinked Brand' });
    const p = await createProduct(asEditor, { name: 'Brand Lamp', mrp: 10, brand_id: brand.id });
    const d = await api('POST', '/api/discounts', {
      name: 'Brand sale',
      type: 'amount',
      value: 1,
      applies_to: 'brand',
      brand_id: brand.id,
    });
    expect(d.statusCode, d.body).toBe(201);
    expect((await api('DELETE', `/api/brands/${brand.id}`)).statusCode).toBe(204);
    expect(await q('select brand_id from products where id = $1', [p.id])).toEqual([{ brand_id: null }]);
    const back = await restore('brand', brand.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().skipped).toEqual([]);
    expect(await q('select brand_id from products where id = $1', [p.id])).toEqual([{ brand_id: brand.id }]);
    expect(await q('select id from discounts where id = $1', [d.json().id])).toEqual([{ id: d.json().id }]);
    const product = await api('GET', `/api/products/slug/${p.slug}/bundle`);
    expect(product.json().base).toMatchObject({ brand_id: brand.id, brand: 'Relinked Brand' });
    expect(await actions('brand', brand.id)).toEqual(['create', 'trash', 'restore']);
  });

  it('a discount comes back, unless what it aimed at is gone', async () => {
    const p = await createProduct(asEditor, { name: 'Discounted Lamp', mrp: 10 });
    const d = (
      await api('POST', '/api/discounts', {
        name: 'Lamp sale',
        type: 'percent',
        value: 5,
        applies_to: 'product',
        product_id: p.id,
      })
    ).json();
    expect((await api('DELETE', `/api/discounts/${d.id}`)).statusCode).toBe(204);
    const listed = async () =>
      (await api('GET', '/api/discounts?q=Lamp%20sale')).json().data.map((x: { id: number }) => x.id);
    expect(await listed()).toEqual([]);
    expect((await restore('discount', d.id)).statusCode).toBe(200);
    expect(await listed()).toEqual([d.id]);
    expect((await api('DELETE', `/api/discounts/${d.id}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/products/${p.id}`)).statusCode).toBe(204);
    const refused = await restore('discount', d.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(HISTORY_TEXT.entityGone('product'));
  });
});

describe('the list and the scheduled purge', () => {
  it('filters by type and name, pages, and refuses bad queries', async () => {
    const one = await createBrand(asEditor, { name: 'Listed Zebra' });
    const two = await createBrand(asEditor, { name: 'Listed Yak' });
    await api('DELETE', `/api/brands/${one.id}`);
    await api('DELETE', `/api/brands/${two.id}`);
    const found = (await api('GET', '/api/trash?entity_type=brand&q=listed')).json();
    expect(found.data.map((i: { name: string }) => i.name)).toEqual(['Listed Yak', 'Listed Zebra']);
    expect(found.meta).toMatchObject({ total: 2, page: 1 });
    const paged = (await api('GET', '/api/trash?q=listed&limit=1&page=2')).json();
    expect(paged.data.map((i: { name: string }) => i.name)).toEqual(['Listed Zebra']);
    expect(paged.meta).toMatchObject({ total: 2, page: 2, limit: 1 });
    expect((await api('GET', '/api/trash?entity_type=product&q=listed')).json().data).toEqual([]);
    expect((await api('GET', '/api/trash?entity_type=user')).statusCode).toBe(400);
    expect((await api('POST', '/api/trash/user/1/restore')).statusCode).toBe(400);
    expect((await api('POST', '/api/trash/brand/abc/restore')).statusCode).toBe(400);
    expect((await ctx.as().get('/api/trash')).statusCode).toBe(401);
  });

  it('emptyExpired purges entries past the trash days and keeps the rest', async () => {
    const old = await createProduct(asEditor, { name: 'Expired Lamp', mrp: 1 });
    const upload = await uploadImages(ctx.as(editor.token), old.id, [
      { name: 'e.png', bytes: await png('#e5e5e5') },
    ]);
    const url = upload.json().data[0].url as string;
    const fresh = await createProduct(asEditor, { name: 'Fresh Lamp', mrp: 1 });
    await api('DELETE', `/api/products/${old.id}`);
    await api('DELETE', `/api/products/${fresh.id}`);
    await q(`update trash set deleted_at = now() - interval '31 days' where entity_id = $1`, [old.id]);
    const images = createImagesService(
      ctx.database.db,
      createImageStore(ctx.config.imageStore, ctx.uploadsDir),
    );
    const trash = createTrashService(ctx.database.db, images);
    expect(await trash.emptyExpired(new Date())).toBeGreaterThanOrEqual(1);
    expect(
      await q(`select entity_id from trash where entity_type = 'product' and entity_id = any($1)`, [
        [old.id, fresh.id],
      ]),
    ).toEqual([{ entity_id: fresh.id }]);
    expect(uploadedFiles(ctx.uploadsDir)).not.toContain(path.basename(url));
    expect(await actions('product', old.id)).toContain('purge');
  });
});

describe('DELETE /api/trash', () => {
  it('empties one type, then everything, releasing shared images and logging each purge', async () => {
    const lamp = await createProduct(asEditor, { name: 'Emptied Lamp', mrp: 3 });
    const upload = await uploadImages(ctx.as(editor.token), lamp.id, [
      { name: 'x.png', bytes: await png('#c4c4c4') },
    ]);
    const url = upload.json().data[0].url as string;
    // The copy shares the gallery's image by reference: two trash entries hold it.
    const copy = await api('POST', `/api/products/${lamp.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    const copyId = copy.json().id as number;
    const brand = await createBrand(asEditor, { name: 'Emptied Brand' });
    for (const p of [lamp.id, copyId])
      expect((await api('DELETE', `/api/products/${p}`)).statusCode).toBe(204);
    expect((await api('DELETE', `/api/brands/${brand.id}`)).statusCode).toBe(204);

    const refused = await api('DELETE', '/api/trash');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('trash.purge');
    expect((await asAdmin('DELETE', '/api/trash?entity_type=user')).statusCode).toBe(400);
    expect((await asAdmin('DELETE', '/api/trash?everything=1')).statusCode).toBe(400);
    expect(Number((await q('select count(*) from trash'))[0].count)).toBeGreaterThan(2);

    const products = Number((await q(`select count(*) from trash where entity_type = 'product'`))[0].count);
    const one = await asAdmin('DELETE', '/api/trash?entity_type=product');
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ purged: products });
    expect(await q(`select entity_type from trash where entity_type = 'product'`)).toEqual([]);
    expect(
      await q(`select entity_id from trash where entity_type = 'brand' and entity_id = $1`, [brand.id]),
    ).toEqual([{ entity_id: brand.id }]);
    expect(await q('select key from images where key = $1', [keyOfUrl(url)])).toEqual([]);
    expect(uploadedFiles(ctx.uploadsDir)).not.toContain(path.basename(url));
    expect(await actions('product', copyId)).toEqual(['create', 'trash', 'purge']);
    const purge = await q(
      `select actor_id from change_log where entity_type = 'product' and entity_id = $1 and action = 'purge'`,
      [lamp.id],
    );
    expect(purge).toEqual(
      await q(`select id as actor_id from users where role = 'admin' order by id limit 1`),
    );

    const rest = Number((await q('select count(*) from trash'))[0].count);
    const all = await asAdmin('DELETE', '/api/trash');
    expect(all.json()).toEqual({ purged: rest });
    expect(await q('select 1 from trash')).toEqual([]);
    expect((await asAdmin('DELETE', '/api/trash')).json()).toEqual({ purged: 0 });
  });
});
