import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { png } from '../../test/images';
import { uploadImages } from '../../test/uploads';

/**
 * The public bundle reads each product's sections from the document migration 0012's
 * triggers keep (product_contents). A document that lags its rows would show a visitor an old
 * page with no way to notice, so every kind of write, through the API and in plain SQL, must
 * leave every document equal to one built afresh from the rows.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ BUNDLE_CACHE_ENTRIES: '0' });
});
afterAll(() => ctx.close());

const q = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query<T>(text, values)).rows;

async function bundle(slug: string) {
  const res = await ctx.as().get(`/api/public/products/slug/${slug}/bundle`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Products whose stored document is missing or differs from a fresh build of their rows. */
async function staleDocuments() {
  const rows = await q<{ id: number }>(
    `select p.id from products p left join product_contents c on c.product_id = p.id
     where c.body is null or c.body::text <> stockroom_product_content(p.id)::text order by p.id`,
  );
  return rows.map((r) => r.id);
}

async function addImages(productId: number, colours: string[]) {
  const files = await Promise.all(colours.map(async (c, i) => ({ name: `${i}.png`, bytes: await png(c) })));
  const upload = await uploadImages(ctx.as(ctx.adminToken), productId, files);
  expect(upload.statusCode, upload.body).toBe(201);
  return upload.json().data as { id: number; url: string }[];
}

describe('product_contents', () => {
  it('every write through the API leaves each document equal to its rows, as the bundle shows', async () => {
    const p = await createProduct(ctx.admin, { name: 'Documented Drill', sku: null });
    expect(await staleDocuments()).toEqual([]);
    expect((await bundle(p.slug)).lists).toEqual([]);

    const list = (
      await ctx
        .as(ctx.adminToken)
        .post(`/api/products/${p.id}/lists`, { title: 'Features', items: [{ caption: 'Fast' }] })
    ).json();
    const group = (
      await ctx.as(ctx.adminToken).post(`/api/products/${p.id}/spec-groups`, {
        name: 'Power',
        specs: [{ label: 'Voltage', value: '18', unit: 'V' }],
      })
    ).json();
    const table = (
      await ctx.as(ctx.adminToken).post(`/api/products/${p.id}/tables`, {
        heading: 'Sizes',
        columns: ['Size'],
        rows: [['S'], ['M']],
      })
    ).json();
    const images = await addImages(p.id, ['#a00000', '#00a000']);
    expect(await staleDocuments()).toEqual([]);
    let shown = await bundle(p.slug);
    expect(shown.lists[0].items.map((i: { caption: string }) => i.caption)).toEqual(['Fast']);
    expect(shown.specGroups[0].specs[0]).toMatchObject({ label: 'Voltage', value: '18', unit: 'V' });
    expect(shown.tables[0].heading).toBe('Sizes');
    expect(shown.images.map((i: { id: number }) => i.id)).toEqual(images.map((i) => i.id));

    await ctx.as(ctx.adminToken).put(`/api/products/${p.id}/lists/${list.id}`, {
      title: 'Features',
      items: [{ caption: 'Faster' }, { caption: 'Quiet' }],
    });
    await ctx.as(ctx.adminToken).put(`/api/products/${p.id}/spec-groups/${group.id}`, {
      name: 'Power',
      specs: [{ label: 'Voltage', value: '20', unit: 'V' }],
    });
    const blocks = (await ctx.as(ctx.adminToken).get(`/api/products/${p.id}/layout`)).json().blocks as {
      id: number;
    }[];
    const last = blocks[blocks.length - 1];
    expect(
      (
        await ctx
          .as(ctx.adminToken)
          .post(`/api/products/${p.id}/layout/blocks/${last.id}/move`, { direction: 'up' })
      ).statusCode,
    ).toBe(200);
    await ctx.as(ctx.adminToken).post(`/api/products/${p.id}/images/${images[0].id}/delete`);
    expect(await staleDocuments()).toEqual([]);
    shown = await bundle(p.slug);
    expect(shown.lists[0].items.map((i: { caption: string }) => i.caption)).toEqual(['Faster', 'Quiet']);
    expect(shown.specGroups[0].specs[0].value).toBe('20');
    expect(shown.images.map((i: { id: number }) => i.id)).toEqual([images[1].id]);
    const moved = (await ctx.as(ctx.adminToken).get(`/api/products/${p.id}/layout`)).json().blocks as {
      id: number;
    }[];
    expect(shown.layout.blocks.map((b: { id: number }) => b.id)).toEqual(moved.map((b) => b.id));
    expect(moved.map((b) => b.id)).not.toEqual(blocks.map((b) => b.id));

    await ctx.as(ctx.adminToken).delete(`/api/products/${p.id}/tables/${table.id}`);
    await ctx.as(ctx.adminToken).delete(`/api/products/${p.id}/lists/${list.id}`);
    expect(await staleDocuments()).toEqual([]);
    shown = await bundle(p.slug);
    expect(shown.tables).toEqual([]);
    expect(shown.lists).toEqual([]);

    expect((await ctx.as(ctx.adminToken).delete(`/api/products/${p.id}`)).statusCode).toBe(204);
    expect(await q('select 1 from product_contents where product_id = $1', [p.id])).toEqual([]);
  });

  it('plain SQL writes keep them too: items and specs through their parents, rows moved between products', async () => {
    const a = await createProduct(ctx.admin, { name: 'Plain Saw', sku: null });
    const b = await createProduct(ctx.admin, { name: 'Plain Lamp', sku: null });
    const [listA] = await q<{ id: number }>(
      `insert into product_lists (product_id, title) values ($1, 'A list') returning id`,
      [a.id],
    );
    const [listB] = await q<{ id: number }>(
      `insert into product_lists (product_id, title) values ($1, 'B list') returning id`,
      [b.id],
    );
    await q(
      `insert into product_list_items (list_id, caption, position) values ($1, 'one', 0), ($1, 'two', 1)`,
      [listA.id],
    );
    const [groupA] = await q<{ id: number }>(
      `insert into product_spec_groups (product_id, name) values ($1, 'Size') returning id`,
      [a.id],
    );
    await q(`insert into product_specs (group_id, label, value, position) values ($1, 'Width', '3', 0)`, [
      groupA.id,
    ]);
    await q(`insert into product_images (product_id, url, position) values ($1, '/uploads/x.webp', 0)`, [
      a.id,
    ]);
    await q(
      `insert into product_tables (product_id, heading, columns_json, rows_json) values ($1, 'T', '["c"]', '[["v"]]')`,
      [a.id],
    );
    expect(await staleDocuments()).toEqual([]);

    // Children change through a parent the statement does not name.
    await q(`update product_list_items set caption = 'uno' where list_id = $1 and position = 0`, [listA.id]);
    await q(`update product_specs set value = '4' where group_id = $1`, [groupA.id]);
    expect(await staleDocuments()).toEqual([]);
    expect((await bundle(a.slug)).lists[0].items[0].caption).toBe('uno');
    expect((await bundle(a.slug)).specGroups[0].specs[0].value).toBe('4');

    // An item and an image move to the other product: both documents change.
    await q(`update product_list_items set list_id = $2 where list_id = $1 and position = 1`, [
      listA.id,
      listB.id,
    ]);
    await q(`update product_images set product_id = $2 where product_id = $1`, [a.id, b.id]);
    expect(await staleDocuments()).toEqual([]);
    expect((await bundle(a.slug)).images).toEqual([]);
    expect((await bundle(b.slug)).images.map((i: { url: string }) => i.url)).toEqual(['/uploads/x.webp']);
    expect((await bundle(b.slug)).lists[0].items.map((i: { caption: string }) => i.caption)).toEqual(['two']);

    // Deletes, one with a cascade to the items and one to the specs.
    await q('delete from product_lists where id = $1', [listA.id]);
    await q('delete from product_spec_groups where id = $1', [groupA.id]);
    await q('delete from product_tables where product_id = $1', [a.id]);
    expect(await staleDocuments()).toEqual([]);
    const emptied = await bundle(a.slug);
    expect([emptied.lists, emptied.specGroups, emptied.tables]).toEqual([[], [], []]);

    // Several products in one statement, each rewritten once.
    await q(
      `insert into product_lists (product_id, title) select id, 'Bulk' from products where id in ($1, $2)`,
      [a.id, b.id],
    );
    expect(await staleDocuments()).toEqual([]);
    expect((await bundle(a.slug)).lists.map((l: { title: string }) => l.title)).toEqual(['Bulk']);
  });

  it('a product whose document is missing still gets its whole bundle', async () => {
    const p = await createProduct(ctx.admin, { name: 'Undocumented Fan', sku: null });
    await ctx
      .as(ctx.adminToken)
      .post(`/api/products/${p.id}/lists`, { title: 'Features', items: [{ caption: 'Breezy' }] });
    const before = await bundle(p.slug);
    await q('delete from product_contents where product_id = $1', [p.id]);
    expect(await staleDocuments()).toEqual([p.id]);
    expect(await bundle(p.slug)).toEqual(before);
    expect(before.lists[0].items[0].caption).toBe('Breezy');
    await q('select stockroom_refresh_contents(array[$1::int])', [p.id]);
    expect(await staleDocuments()).toEqual([]);
  });

  // Embedded PGlite has one session, so its writers never overlap.
  it.skipIf(process.env.TEST_DB !== 'pg')(
    'two writers of one product at once: the one that waited builds from both',
    async () => {
      const p = await createProduct(ctx.admin, { name: 'Contended Mower', sku: null });
      const first = await ctx.database.pool.connect();
      const second = await ctx.database.pool.connect();
      try {
        await first.query('begin');
        await second.query('begin');
        await first.query(`insert into product_lists (product_id, title) values ($1, 'First')`, [p.id]);
        // Its trigger waits for the first writer's lock on the document.
        const waiting = second.query(`insert into product_lists (product_id, title) values ($1, 'Second')`, [
          p.id,
        ]);
        await new Promise((r) => setTimeout(r, 100));
        await first.query('commit');
        await waiting;
        await second.query('commit');
      } finally {
        first.release();
        second.release();
      }
      expect(await staleDocuments()).toEqual([]);
      expect((await bundle(p.slug)).lists.map((l: { title: string }) => l.title)).toEqual([
        'First',
        'Second',
      ]);
    },
  );

  it('a bulk load that defers them writes nothing until it refreshes them', async () => {
    const p = await createProduct(ctx.admin, { name: 'Deferred Kettle', sku: null });
    const client = await ctx.database.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('stockroom.contents', 'deferred', true)`);
      await client.query(`insert into product_lists (product_id, title) values ($1, 'Later')`, [p.id]);
      const [held] = (
        await client.query('select body::text as body from product_contents where product_id = $1', [p.id])
      ).rows;
      expect(JSON.parse(held.body).lists).toEqual([]);
      await client.query('select stockroom_refresh_contents(array[$1::int])', [p.id]);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(await staleDocuments()).toEqual([]);
    expect((await bundle(p.slug)).lists.map((l: { title: string }) => l.title)).toEqual(['Later']);
  });
});
