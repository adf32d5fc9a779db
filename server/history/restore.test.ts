import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_TEXT } from '#domain/history';
import { API_ERROR } from '#domain/messages';
import type { Client } from '../test/client';
import { createBrand, createCategory, createProduct } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';

let ctx: TestContext;
let editor: { id: number; token: string };
/** Requests as the editor. */
let client: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  const made = await ctx.makeUser({ name: 'Restore Editor', email: 'restore-editor@example.com' });
  editor = { id: made.user.id, token: made.token };
  client = ctx.as(made.token);
});
afterAll(() => ctx.close());

const query = async (text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(text, values)).rows;
/** The last entry logged for an entity. */
const lastEntry = async (type: string, id: number) =>
  (
    await query(
      'select id::int, action, changes, actor_id from change_log where entity_type = $1 and entity_id = $2 order by id desc limit 1',
      [type, id],
    )
  )[0];
const restore = (entryId: number) => client.post(`/api/history/${entryId}/restore`);
const restoreTo = (entryId: number, to: string) => client.post(`/api/history/${entryId}/restore?to=${to}`);
const preview = (entryId: number, to?: string) =>
  client.get(`/api/history/${entryId}/restore-preview${to ? `?to=${to}` : ''}`);
const product = async (id: number) => (await query('select * from products where id = $1', [id]))[0];
const sectionsOf = async (id: number) => {
  const [row] = await query('select body from product_contents where product_id = $1', [id]);
  const { images: _, ...sections } = row.body;
  return sections;
};

let n = 0;
async function makeProduct(extra: Record<string, unknown> = {}) {
  n += 1;
  return (await createProduct(client, { name: `Restorable ${n}`, sku: null, mrp: 10, ...extra })).id;
}

describe('restoring a past version of a product', () => {
  it('brings a price and a name back as a new restore entry under its author', async () => {
    const id = await makeProduct({ sku: 'RST-1', description: 'First words' });
    await client.ok('PUT', `/api/products/${id}`, { name: 'Renamed', sku: 'RST-1', pricing: { mrp: 24.5 } });
    const change = await lastEntry('product', id);
    expect(change.changes.mrp).toEqual({ before: 10, after: 24.5 });

    const res = await restore(change.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.restored.sort()).toEqual(['description', 'mrp', 'name']);
    expect(body.skipped).toEqual([]);
    const row = await product(id);
    expect(row.mrp).toBe('10.00');
    expect(row.name).toBe(`Restorable ${n}`);
    expect(row.description).toBe('First words');
    expect(row.sku).toBe('RST-1');

    const entry = await lastEntry('product', id);
    expect(entry.action).toBe('restore');
    expect(entry.actor_id).toBe(editor.id);
    expect(entry.changes.mrp).toEqual({ before: 24.5, after: 10 });
    expect(body.data).toMatchObject({
      id: entry.id,
      action: 'restore',
      entity_type: 'product',
      entity_id: id,
      entity_name: `Restorable ${n}`,
      actor_id: editor.id,
      actor_name: 'Restore Editor',
      batch_id: null,
    });
  });

  it('rebuilds the sections as they were before a change: lists, specs, tables and their order', async () => {
    const id = await makeProduct();
    const list = await client.ok('POST', `/api/products/${id}/lists`, {
      title: 'Features',
      items: [{ caption: 'A' }, { caption: 'B' }],
    });
    await client.ok('POST', `/api/products/${id}/spec-groups`, {
      name: 'Size',
      specs: [{ label: 'Width', value: '10', unit: 'cm' }],
    });
    const table = await client.ok('POST', `/api/products/${id}/tables`, {
      heading: 'Sizes',
      columns: ['S', 'M'],
      rows: [['1', '2']],
    });
    const before = await sectionsOf(id);

    // The table goes, then the list is rewritten. Each restore brings back the whole document
    // as it was before its change.
    await client.ok('DELETE', `/api/products/${id}/tables/${table.id}`);
    const removal = await lastEntry('product', id);
    expect(removal.changes.sections.before).toEqual(before);
    await client.ok('PUT', `/api/products/${id}/lists/${list.id}`, {
      title: 'Features',
      items: [{ caption: 'C' }],
    });
    const rewrite = await lastEntry('product', id);
    expect(rewrite.changes.sections.before.tables).toEqual([]);

    const res = await restore(rewrite.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().restored).toEqual(['sections']);
    expect(await sectionsOf(id)).toEqual(rewrite.changes.sections.before);
    expect((await lastEntry('product', id)).action).toBe('restore');

    // The removal's: the table comes back in its place, with the ids the layout names.
    expect((await restore(removal.id)).statusCode).toBe(200);
    expect(await sectionsOf(id)).toEqual(before);
    const items = await query(
      'select caption, position from product_list_items where list_id = $1 order by position',
      [list.id],
    );
    expect(items).toEqual([
      { caption: 'A', position: 0 },
      { caption: 'B', position: 1 },
    ]);
    const layout = await client.get(`/api/products/${id}/layout`);
    expect(layout.json().blocks).toEqual(before.layout.blocks);
  });

  it('never brings back a deleted category or brand, nor a SKU another product took; says why', async () => {
    const oldCategory = (await createCategory(client, { name: 'Old shelf' })).id;
    const newCategory = (await createCategory(client, { name: 'New shelf' })).id;
    const oldBrand = (await createBrand(client, { name: 'Old maker' })).id;
    const id = await makeProduct({ sku: 'RST-SKU', category_id: oldCategory, brand_id: oldBrand });
    await client.ok('PUT', `/api/products/${id}`, {
      name: 'Moved',
      sku: 'RST-SKU-2',
      category_id: newCategory,
      pricing: { mrp: 12 },
    });
    const change = await lastEntry('product', id);
    await client.ok('DELETE', `/api/categories/${oldCategory}`);
    await client.ok('DELETE', `/api/brands/${oldBrand}`);
    await makeProduct({ sku: 'RST-SKU' });

    const res = await restore(change.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.restored.sort()).toEqual(['mrp', 'name']);
    expect(body.skipped).toEqual(
      expect.arrayContaining([
        { field: 'category_id', message: HISTORY_TEXT.categoryGone },
        { field: 'brand_id', message: HISTORY_TEXT.brandGone },
        { field: 'sku', message: HISTORY_TEXT.skuTaken('RST-SKU') },
      ]),
    );
    expect(body.skipped).toHaveLength(3);
    const row = await product(id);
    expect(row.category_id).toBe(newCategory);
    expect(row.brand_id).toBeNull();
    expect(row.sku).toBe('RST-SKU-2');
    expect(row.mrp).toBe('10.00');
  });

  it('answers 200 with no entry when every field is skipped, and leaves the images alone', async () => {
    const brand = (await createBrand(client, { name: 'Gone maker' })).id;
    const id = await makeProduct({ brand_id: brand });
    await client.ok('PUT', `/api/products/${id}`, { name: `Restorable ${n}`, pricing: { mrp: 10 } });
    const change = await lastEntry('product', id);
    expect(Object.keys(change.changes)).toEqual(['brand_id']);
    await client.ok('DELETE', `/api/brands/${brand}`);
    const before = await lastEntry('product', id);

    const res = await restore(change.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: null,
      restored: [],
      skipped: [{ field: 'brand_id', message: HISTORY_TEXT.brandGone }],
    });
    expect((await lastEntry('product', id)).id).toBe(before.id);
  });
});

describe('restoring a past version of a category, a brand or a discount', () => {
  it('puts a category back under its old parent, with path and depth, unless that parent is gone', async () => {
    const top = (await createCategory(client, { name: 'Rooms', slug: 'rooms' })).id;
    const child = await createCategory(client, { name: 'Kitchen', slug: 'kitchen', parent_id: top });
    const grandchild = (await createCategory(client, { name: 'Pans', slug: 'pans', parent_id: child.id })).id;
    await client.ok('PUT', `/api/categories/${child.id}`, { name: 'Cooking', slug: 'cooking' });
    await client.ok('PUT', `/api/categories/${child.id}`, {
      name: 'Cooking',
      slug: 'cooking',
      parent_id: null,
    });
    const moved = await lastEntry('category', child.id);
    expect(moved.changes.parent_id).toEqual({ before: top, after: null });

    expect((await restore(moved.id)).json().restored).toContain('parent_id');
    const rows = await query(
      'select id, parent_id, depth, path from categories where id = any($1) order by id',
      [[child.id, grandchild]],
    );
    expect(rows).toEqual([
      { id: child.id, parent_id: top, depth: 1, path: 'rooms/cooking' },
      { id: grandchild, parent_id: child.id, depth: 2, path: 'rooms/cooking/pans' },
    ]);

    // The rename before it: the slug comes back, and the subtree's paths with it.
    const renamed = (
      await query(
        `select id::int from change_log where entity_type = 'category' and entity_id = $1 and action = 'update' and changes ? 'slug' order by id limit 1`,
        [child.id],
      )
    )[0];
    const res = await restore(renamed.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().restored.sort()).toEqual(['name', 'slug']);
    expect((await query('select path from categories where id = $1', [grandchild]))[0].path).toBe(
      'rooms/kitchen/pans',
    );

    // A parent deleted since is not brought back: the category stays where it is.
    await client.ok('DELETE', `/api/categories/${top}`);
    const again = await restore(moved.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().skipped).toEqual([{ field: 'parent_id', message: HISTORY_TEXT.parentNotRestored }]);
    expect(
      (await query('select parent_id from categories where id = $1', [child.id]))[0].parent_id,
    ).toBeNull();
  });

  it('refuses a parent inside its own subtree and a slug another category took', async () => {
    const a = (await createCategory(client, { name: 'Garden', slug: 'garden' })).id;
    const b = (await createCategory(client, { name: 'Tools', slug: 'tools', parent_id: a })).id;
    await client.ok('PUT', `/api/categories/${b}`, { name: 'Tools', slug: 'tools', parent_id: null });
    const detach = await lastEntry('category', b);
    await client.ok('PUT', `/api/categories/${a}`, { name: 'Garden', slug: 'garden', parent_id: b });
    const res = await restore(detach.id);
    expect(res.json().skipped).toEqual([{ field: 'parent_id', message: API_ERROR.categoryCycle }]);

    await client.ok('PUT', `/api/categories/${a}`, { name: 'Garden', slug: 'yard', parent_id: b });
    const rename = await lastEntry('category', a);
    await createCategory(client, { name: 'Other garden', slug: 'garden' });
    expect((await restore(rename.id)).json().skipped).toEqual([
      { field: 'slug', message: HISTORY_TEXT.slugTaken('garden') },
    ]);
  });

  it('restores a brand and a discount', async () => {
    const brand = (await createBrand(client, { name: 'Acme', slug: 'acme' })).id;
    await client.ok('PUT', `/api/brands/${brand}`, { name: 'Acme Two', slug: 'acme-two' });
    expect((await restore((await lastEntry('brand', brand)).id)).json().restored.sort()).toEqual([
      'name',
      'slug',
    ]);
    expect((await query('select name, slug from brands where id = $1', [brand]))[0]).toEqual({
      name: 'Acme',
      slug: 'acme',
    });

    const id = await makeProduct();
    const discount = (
      await client.ok('POST', '/api/discounts', {
        type: 'percent',
        value: 10,
        applies_to: 'product',
        product_id: id,
      })
    ).id;
    await client.ok('PUT', `/api/discounts/${discount}`, {
      type: 'amount',
      value: 2.5,
      applies_to: 'brand',
      brand_id: brand,
    });
    const change = await lastEntry('discount', discount);
    const res = await restore(change.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().restored.sort()).toEqual(['applies_to', 'brand_id', 'product_id', 'type', 'value']);
    expect(
      (
        await query('select type, value, applies_to, product_id, brand_id from discounts where id = $1', [
          discount,
        ])
      )[0],
    ).toEqual({ type: 'percent', value: '10.00', applies_to: 'product', product_id: id, brand_id: null });
  });
});

describe('restoring a past version: what is refused', () => {
  it("refuses the state before a product's comeback from the trash, and keeps its sections", async () => {
    const id = await makeProduct();
    await client.ok('POST', `/api/products/${id}/lists`, { title: 'Kept', items: [{ caption: 'A' }] });
    const sections = await sectionsOf(id);
    await client.ok('DELETE', `/api/products/${id}`);
    await client.ok('POST', `/api/trash/product/${id}/restore`);
    // Its sections' before is the empty document of a new row, not an earlier version.
    const comeback = await lastEntry('product', id);
    expect(comeback.action).toBe('restore');
    expect(comeback.changes.sections.before.lists).toEqual([]);
    const refused = await restore(comeback.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toBe(HISTORY_TEXT.nothingToRestore);
    expect(await sectionsOf(id)).toEqual(sections);
    expect((await lastEntry('product', id)).id).toBe(comeback.id);
  });

  it('answers 404 for an unknown entry and 409 for what cannot be restored', async () => {
    const missing = await restore(999_999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(HISTORY_TEXT.notFound);

    const id = await makeProduct();
    const created = await lastEntry('product', id);
    const create = await restore(created.id);
    expect(create.statusCode).toBe(409);
    expect(create.json().error).toBe(HISTORY_TEXT.nothingToRestore);

    // A comeback from the trash is a create by another name: it has no earlier version.
    const [comeback] = await query(
      `insert into change_log (actor_id, entity_type, entity_id, action, changes, tx)
       values ($1, 'product', $2, 'restore', $3, 0) returning id::int`,
      [editor.id, id, JSON.stringify({ name: { before: null, after: 'Back' } })],
    );
    const again = await restore(comeback.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(HISTORY_TEXT.nothingToRestore);

    await client.ok('POST', '/api/products/bulk', { ids: [id], action: 'unpublish' });
    const [batch] = await query(
      `select id::int from change_log where action = 'bulk' order by id desc limit 1`,
    );
    const bulk = await restore(batch.id);
    expect(bulk.statusCode).toBe(409);
    expect(bulk.json().error).toBe(HISTORY_TEXT.notRestorable);

    const userEntry = await lastEntry('user', editor.id);
    const user = await restore(userEntry.id);
    expect(user.statusCode).toBe(409);
    expect(user.json().error).toBe(HISTORY_TEXT.notRestorable);

    await client.ok('PUT', `/api/products/${id}`, { name: 'Soon gone', pricing: { mrp: 1 } });
    const change = await lastEntry('product', id);
    await client.ok('DELETE', `/api/products/${id}`);
    const gone = await restore(change.id);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toBe(HISTORY_TEXT.entityGone('product'));

    const bad = await restore(0);
    expect(bad.statusCode).toBe(400);
    const anonymous = await ctx.as().post(`/api/history/${change.id}/restore`);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('restoring the version a change made (to=after)', () => {
  /** A product edited three times: its price, then its name and description, then its price. */
  async function threeEdits() {
    const id = await makeProduct({ sku: `AFT-${n + 1}`, description: 'Plain' });
    const name = `Restorable ${n}`;
    await client.ok('PUT', `/api/products/${id}`, { name, description: 'Plain', pricing: { mrp: 144.49 } });
    await client.ok('PUT', `/api/products/${id}`, { name, description: 'Plain', pricing: { mrp: 151.71 } });
    const middle = await lastEntry('product', id);
    expect(middle.changes.mrp).toEqual({ before: 144.49, after: 151.71 });
    await client.ok('PUT', `/api/products/${id}`, {
      name: 'Renamed',
      description: 'Fancy',
      pricing: { mrp: 151.71 },
    });
    const rename = await lastEntry('product', id);
    await client.ok('PUT', `/api/products/${id}`, {
      name: 'Renamed',
      description: 'Fancy',
      pricing: { mrp: 160 },
    });
    const last = await lastEntry('product', id);
    return { id, name, middle, rename, last };
  }

  it("brings back the middle edit's after state of the whole row, naming the later changes it undoes", async () => {
    const { id, name, middle, rename, last } = await threeEdits();

    const seen = await preview(middle.id, 'after');
    expect(seen.statusCode, seen.body).toBe(200);
    const { data } = seen.json();
    expect(data.to).toBe('after');
    expect(data.restored.sort()).toEqual(['description', 'mrp', 'name']);
    expect(data.skipped).toEqual([]);
    expect(data.later_total).toBe(2);
    expect(data.later.map((e: { id: number }) => e.id)).toEqual([rename.id, last.id]);
    expect(data.later[1]).toMatchObject({
      action: 'update',
      entity_type: 'product',
      entity_id: id,
      entity_name: 'Renamed',
      actor_name: 'Restore Editor',
      changes: { mrp: { before: 151.71, after: 160 } },
    });
    // A preview writes nothing.
    expect((await lastEntry('product', id)).id).toBe(last.id);
    expect((await product(id)).mrp).toBe('160.00');

    const res = await restoreTo(middle.id, 'after');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.restored.sort()).toEqual(['description', 'mrp', 'name']);
    expect(body.skipped).toEqual([]);
    const row = await product(id);
    expect(row.mrp).toBe('151.71');
    expect(row.name).toBe(name);
    expect(row.description).toBe('Plain');
    const entry = await lastEntry('product', id);
    expect(entry.action).toBe('restore');
    expect(entry.changes.mrp).toEqual({ before: 160, after: 151.71 });
    expect(body.data).toMatchObject({ id: entry.id, action: 'restore', entity_name: name });
  });

  it('keeps a call without `to` (and to=before) bringing back the state before the change', async () => {
    const { id, middle, last } = await threeEdits();
    const seen = (await preview(middle.id)).json().data;
    expect(seen.to).toBe('before');
    expect(seen.restored).toEqual(['mrp']);
    // Only the later change to the price is undone; the rename stays.
    expect(seen.later.map((e: { id: number }) => e.id)).toEqual([last.id]);

    const res = await restore(middle.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().restored).toEqual(['mrp']);
    const row = await product(id);
    expect(row.mrp).toBe('144.49');
    expect(row.name).toBe('Renamed');
    expect(row.description).toBe('Fancy');

    await client.ok('PUT', `/api/products/${id}`, { name: 'Renamed', pricing: { mrp: 99 } });
    expect((await restoreTo(middle.id, 'before')).statusCode).toBe(200);
    expect((await product(id)).mrp).toBe('144.49');
  });

  it("brings back a product's sections as they were right after the change, across a trip through the trash", async () => {
    const id = await makeProduct();
    await client.ok('POST', `/api/products/${id}/lists`, { title: 'Features', items: [{ caption: 'A' }] });
    const added = await lastEntry('product', id);
    const chosen = await sectionsOf(id);
    await client.ok('DELETE', `/api/products/${id}`);
    await client.ok('POST', `/api/trash/product/${id}/restore`);
    await client.ok('POST', `/api/products/${id}/tables`, {
      heading: 'Sizes',
      columns: ['S', 'M'],
      rows: [['1', '2']],
    });
    await client.ok('PUT', `/api/products/${id}`, { name: 'Later name', pricing: { mrp: 30 } });
    const later = (await preview(added.id, 'after')).json().data;
    expect(later.later_total).toBe(2);
    expect(later.later.map((e: { action: string }) => e.action)).toEqual(['update', 'update']);

    const res = await restoreTo(added.id, 'after');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().restored.sort()).toEqual(['mrp', 'name', 'sections']);
    expect(await sectionsOf(id)).toEqual(chosen);
    expect((await product(id)).mrp).toBe('10.00');
  });

  it('restores the version a creation made, says nothing changed for the newest entry, and refuses a bad `to`', async () => {
    const id = await makeProduct({ description: 'Born' });
    const created = await lastEntry('product', id);
    await client.ok('PUT', `/api/products/${id}`, {
      name: 'Grown',
      description: 'Older',
      pricing: { mrp: 11 },
    });
    const newest = await lastEntry('product', id);

    const res = await restoreTo(created.id, 'after');
    expect(res.statusCode, res.body).toBe(200);
    const row = await product(id);
    expect([row.name, row.description, row.mrp]).toEqual([`Restorable ${n}`, 'Born', '10.00']);

    // The newest entry's version is the current one (again, after a restore on top of it).
    const latest = await lastEntry('product', id);
    const none = await restoreTo(latest.id, 'after');
    expect(none.json()).toEqual({ data: null, restored: [], skipped: [] });
    expect((await preview(latest.id, 'after')).json().data.later_total).toBe(0);
    expect((await lastEntry('product', id)).id).toBe(latest.id);

    for (const bad of ['sideways', '']) {
      const refused = await restoreTo(newest.id, bad);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatch(/to must be one of: before, after/);
      expect((await preview(newest.id, bad)).statusCode).toBe(bad ? 400 : 200);
    }
    expect((await lastEntry('product', id)).id).toBe(latest.id);

    expect((await preview(999_999, 'after')).statusCode).toBe(404);
    await client.ok('DELETE', `/api/products/${id}`);
    const trashed = await lastEntry('product', id);
    expect((await restoreTo(trashed.id, 'after')).json().error).toBe(HISTORY_TEXT.notRestorable);
    const gone = await preview(newest.id, 'after');
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toBe(HISTORY_TEXT.entityGone('product'));
    const anonymous = await ctx.as().get(`/api/history/${newest.id}/restore-preview`);
    expect(anonymous.statusCode).toBe(401);
  });
});
