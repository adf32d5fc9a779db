import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR } from '#domain/messages';
import { describeOrphans, findOrphans, isClean } from '../images/orphans';
import type { InjectResponse } from '../test/client';
import { type Fault, injectFault, snapshotTables } from '../test/faults';
import { createTestContext, type TestContext } from '../test/harness';
import { multipart, png, uploadedFiles } from '../test/images';
import { sentQuote } from '../test/quotes';
import { uploadImages } from '../test/uploads';

/**
 * Faults: a failure in the middle of a multi-step write leaves every table exactly as it
 * was, and image files are deleted only after the commit that drops their last reference (a
 * failed delete leaves them in place; a failed upload removes what it wrote). The failure comes
 * from a trigger inside the database (server/test/faults.ts), so no production code is changed.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let removeFault: (() => Promise<void>) | null = null;
afterEach(async () => {
  await removeFault?.();
  removeFault = null;
});

const withImage = async (
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  bytes: Buffer,
) => {
  const field = url.startsWith('/api/brands') ? 'logo' : 'image';
  const body = await multipart(fields, { field, name: 'pic.png', type: 'image/png', bytes });
  const res = await ctx.as(ctx.adminToken).send(method, url, body.payload, { headers: { ...body.headers } });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
};
const uploadGallery = (productId: number, files: Buffer[]) =>
  uploadImages(
    ctx.as(ctx.adminToken),
    productId,
    files.map((bytes, i) => ({ name: `g${i}.png`, bytes })),
  );
const fileOf = (url: string) => path.join(ctx.uploadsDir, url.replace('/uploads/', ''));

/**
 * Runs the request with the fault armed and checks the whole outcome: a clean error (the generic
 * message, nothing of the database error or a stack), every table as before, the same files on
 * disk, and no orphan. Returns the response for extra checks.
 */
async function failsCleanly(fault: Fault, request: () => Promise<InjectResponse>) {
  const before = await snapshotTables(ctx.database.pool);
  const filesBefore = uploadedFiles(ctx.uploadsDir);
  removeFault = await injectFault(ctx.database.pool, fault);
  const res = await request();
  await removeFault();
  removeFault = null;
  expect(res.statusCode, res.body).toBe(500);
  expect(res.json()).toEqual({ error: API_ERROR.internal });
  expect(res.body).not.toMatch(/injected|stack|at .*\.ts|fault/i);
  expect(await snapshotTables(ctx.database.pool)).toEqual(before);
  expect(uploadedFiles(ctx.uploadsDir)).toEqual(filesBefore);
  const orphans = await findOrphans(ctx.database.db, ctx.uploadsDir);
  expect(isClean(orphans), describeOrphans(orphans)).toBe(true);
  return res;
}

/** Checks the trigger really fires: without it the same request must succeed. */
const product = async (name: string) => ctx.admin.ok('POST', '/api/products', { name, mrp: 10 });

describe('a fault in the middle of a write leaves the database exactly as before', () => {
  it('creating a list section fails on its fourth item: no list, no items, no block', async () => {
    const p = await product('Faulty List Product');
    await ctx.admin.ok('POST', `/api/products/${p.id}/lists`, {
      title: 'Existing',
      items: [{ caption: 'keep' }],
    });
    const items = ['one', 'two', 'three', 'four', 'five'].map((caption) => ({ caption }));
    await failsCleanly({ table: 'product_list_items', on: 'insert', atRow: 4 }, () =>
      ctx.as(ctx.adminToken).post(`/api/products/${p.id}/lists`, { title: 'New', items }),
    );
    // Armed on a later table: the items are written, the layout block that follows fails.
    await failsCleanly({ table: 'product_layout_blocks', on: 'insert', atRow: 1 }, () =>
      ctx.as(ctx.adminToken).post(`/api/products/${p.id}/lists`, { title: 'New', items }),
    );
    // The same request without the fault goes through: the trigger was what stopped it.
    const list = await ctx.admin.ok('POST', `/api/products/${p.id}/lists`, { title: 'New', items });
    expect(list.items).toHaveLength(5);
  });

  it('creating a spec group fails on its second spec, and a table on its layout block', async () => {
    const p = await product('Faulty Spec Product');
    const specs = [
      { label: 'Voltage', value: '18', unit: 'V' },
      { label: 'Weight', value: '2', unit: 'kg' },
      { label: 'Speed', value: '3000', unit: 'rpm' },
    ];
    await failsCleanly({ table: 'product_specs', on: 'insert', atRow: 2 }, () =>
      ctx.as(ctx.adminToken).post(`/api/products/${p.id}/spec-groups`, { name: 'Power', specs }),
    );
    const table = { heading: 'Sizes', columns: 'Size, Length', rows: [['S', '10']] };
    await failsCleanly({ table: 'product_layout_blocks', on: 'insert', atRow: 1 }, () =>
      ctx.as(ctx.adminToken).post(`/api/products/${p.id}/tables`, table),
    );
    // Editing a spec group replaces its specs: a fault halfway keeps the old ones.
    const group = await ctx.admin.ok('POST', `/api/products/${p.id}/spec-groups`, { name: 'Power', specs });
    await failsCleanly({ table: 'product_specs', on: 'insert', atRow: 3 }, () =>
      ctx.as(ctx.adminToken).put(`/api/products/${p.id}/spec-groups/${group.id}`, {
        name: 'Power v2',
        specs: [...specs, { label: 'Noise', value: '80', unit: 'dB' }],
      }),
    );
    await ctx.admin.ok('POST', `/api/products/${p.id}/tables`, table);
  });

  it('moving a category subtree fails on the third row it updates: depth and path untouched', async () => {
    const a = await ctx.admin.ok('POST', '/api/categories', { name: 'Fault Root A' });
    const b = await ctx.admin.ok('POST', '/api/categories', { name: 'Fault B', parent_id: a.id });
    const c = await ctx.admin.ok('POST', '/api/categories', { name: 'Fault C', parent_id: b.id });
    await ctx.admin.ok('POST', '/api/categories', { name: 'Fault D', parent_id: c.id });
    await ctx.admin.ok('POST', '/api/categories', { name: 'Fault D2', parent_id: c.id });
    const e = await ctx.admin.ok('POST', '/api/categories', { name: 'Fault Root E' });
    // Row 1 is B itself, rows 2.. the recomputed subtree: the failure lands mid-subtree.
    await failsCleanly({ table: 'categories', on: 'update', atRow: 3 }, () =>
      ctx.as(ctx.adminToken).put(`/api/categories/${b.id}`, { name: 'Fault B', parent_id: e.id }),
    );
    await failsCleanly({ table: 'categories', on: 'update', atRow: 5 }, () =>
      ctx.as(ctx.adminToken).put(`/api/categories/${b.id}`, { name: 'Fault B', slug: 'fault-b-renamed' }),
    );
    const moved = await ctx.admin.ok('PUT', `/api/categories/${b.id}`, { name: 'Fault B', parent_id: e.id });
    expect(moved).toMatchObject({ depth: 1, path: 'fault-root-e/fault-b' });
  });

  it('deleting a category fails while its children become roots, and purging it late: children and image file stay', async () => {
    const parent = await withImage(
      'POST',
      '/api/categories',
      { name: 'Doomed Parent' },
      await png('#123456'),
    );
    for (const name of ['Kid One', 'Kid Two', 'Kid Three']) {
      const kid = await ctx.admin.ok('POST', '/api/categories', { name, parent_id: parent.id });
      await ctx.admin.ok('POST', '/api/categories', { name: `${name} Jr`, parent_id: kid.id });
    }
    // The foreign key nulls the three children's parent (updates 1-3), then the recompute runs.
    for (const atRow of [2, 5]) {
      await failsCleanly({ table: 'categories', on: 'update', atRow }, () =>
        ctx.as(ctx.adminToken).delete(`/api/categories/${parent.id}`),
      );
      expect(existsSync(fileOf(parent.image_url))).toBe(true);
    }
    // The trash entry, written before anything changes: fail there too.
    await failsCleanly({ table: 'trash', on: 'insert', atRow: 1 }, () =>
      ctx.as(ctx.adminToken).delete(`/api/categories/${parent.id}`),
    );
    await ctx.admin.ok('DELETE', `/api/categories/${parent.id}`);
    expect(existsSync(fileOf(parent.image_url))).toBe(true);
    // Purged, the image row goes last of all (its reference count reached zero): fail there too.
    await failsCleanly({ table: 'images', on: 'delete', atRow: 1 }, () =>
      ctx.as(ctx.adminToken).delete(`/api/trash/category/${parent.id}`),
    );
    expect(existsSync(fileOf(parent.image_url))).toBe(true);
    await ctx.admin.ok('DELETE', `/api/trash/category/${parent.id}`);
    expect(existsSync(fileOf(parent.image_url))).toBe(false);
    const { rows } = await ctx.database.pool.query(
      `select name, depth, path from categories where name like 'Kid%' order by name`,
    );
    expect(rows).toEqual([
      { name: 'Kid One', depth: 0, path: 'kid-one' },
      { name: 'Kid One Jr', depth: 1, path: 'kid-one/kid-one-jr' },
      { name: 'Kid Three', depth: 0, path: 'kid-three' },
      { name: 'Kid Three Jr', depth: 1, path: 'kid-three/kid-three-jr' },
      { name: 'Kid Two', depth: 0, path: 'kid-two' },
      { name: 'Kid Two Jr', depth: 1, path: 'kid-two/kid-two-jr' },
    ]);
  });

  it('deleting a product, then purging it, fails late: sections, blocks, gallery, own discount and files all stay', async () => {
    const p = await product('Doomed Faulty Product');
    await ctx.admin.ok('PUT', `/api/products/${p.id}`, {
      name: p.name,
      pricing: { mrp: 10, discountPercent: 15 },
    });
    await ctx.admin.ok('POST', `/api/products/${p.id}/lists`, {
      title: 'L',
      items: [{ caption: 'x' }, { caption: 'y' }],
    });
    await ctx.admin.ok('POST', `/api/products/${p.id}/spec-groups`, {
      name: 'S',
      specs: [{ label: 'a', value: '1' }],
    });
    await ctx.admin.ok('POST', `/api/products/${p.id}/tables`, {
      heading: 'T',
      columns: 'a,b',
      rows: [['1', '2']],
    });
    const shared = await png('#abcdef');
    const gallery = await uploadGallery(p.id, [await png('#fedcba'), shared]);
    expect(gallery.statusCode, gallery.body).toBeLessThan(300);
    const [own, sharedImage] = gallery.json().data as { url: string }[];
    // Another product shows the same picture: its file must survive the delete.
    const other = await product('Bystander Product');
    expect((await uploadGallery(other.id, [shared])).statusCode).toBeLessThan(300);

    for (const fault of [
      { table: 'trash', on: 'insert', atRow: 1 },
      { table: 'product_images', on: 'delete', atRow: 2 },
      { table: 'product_specs', on: 'delete', atRow: 1 },
      { table: 'product_layout_blocks', on: 'delete', atRow: 4 },
      { table: 'discounts', on: 'delete', atRow: 1 },
    ] satisfies Fault[]) {
      await failsCleanly(fault, () => ctx.as(ctx.adminToken).delete(`/api/products/${p.id}`));
      expect(existsSync(fileOf(own.url)), fault.table).toBe(true);
      expect(existsSync(fileOf(sharedImage.url)), fault.table).toBe(true);
    }
    await ctx.admin.ok('DELETE', `/api/products/${p.id}`);
    // The trash holds the files; the purge lets them go, and can fail as late as that too.
    expect(existsSync(fileOf(own.url))).toBe(true);
    await failsCleanly({ table: 'images', on: 'delete', atRow: 1 }, () =>
      ctx.as(ctx.adminToken).delete(`/api/trash/product/${p.id}`),
    );
    expect(existsSync(fileOf(own.url))).toBe(true);
    await ctx.admin.ok('DELETE', `/api/trash/product/${p.id}`);
    expect(existsSync(fileOf(own.url))).toBe(false);
    expect(existsSync(fileOf(sharedImage.url))).toBe(true);
  });

  it('a gallery batch failing on its third image keeps none of it and removes the files it wrote', async () => {
    const p = await product('Faulty Gallery Product');
    const res = await failsCleanly({ table: 'product_images', on: 'insert', atRow: 3 }, async () =>
      uploadGallery(p.id, [await png('#010101'), await png('#020202'), await png('#030303')]),
    );
    expect(res.statusCode).toBe(500);
  });

  it('replacing a brand logo fails at the last write: the old logo stays, the new file is gone', async () => {
    const brand = await withImage('POST', '/api/brands', { name: 'Faulty Brand' }, await png('#0f0f0f'));
    await failsCleanly({ table: 'brands', on: 'update', atRow: 1 }, async () => {
      const body = await multipart(
        { name: 'Faulty Brand' },
        { field: 'logo', name: 'new.png', type: 'image/png', bytes: await png('#f0f0f0') },
      );
      return ctx
        .as(ctx.adminToken)
        .put(`/api/brands/${brand.id}`, body.payload, { headers: { ...body.headers } });
    });
    expect(existsSync(fileOf(brand.logo_url))).toBe(true);
  });
});

describe('an acceptance whose order cannot be written', () => {
  it("fails on the order's second line: the quote stays unanswered and no order, event or e-mail is kept", async () => {
    const sent = await sentQuote(ctx, {
      lines: [
        { name: 'Fault chair', quantity: 2, unit_price: 40 },
        { name: 'Fault table', quantity: 1, unit_price: 300 },
      ],
    });
    const accept = () => ctx.as().post(`/api/public/quotes/${sent.token}/accept`, { name: 'Fay Fault' });
    await failsCleanly({ table: 'order_lines', on: 'insert', atRow: 2 }, accept);
    // Without the fault the same acceptance goes through and makes its one order.
    const res = await accept();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'confirmed' });
  });
});

describe('a connection-class failure mid-transaction', () => {
  it('is a 503 with the database-unavailable message, and nothing is kept', async () => {
    const a = await ctx.admin.ok('POST', '/api/categories', { name: 'Conn Root' });
    const b = await ctx.admin.ok('POST', '/api/categories', { name: 'Conn Kid', parent_id: a.id });
    const before = await snapshotTables(ctx.database.pool);
    // 57P01 admin_shutdown and 08006 connection_failure, as a server going away would raise.
    for (const sqlstate of ['57P01', '08006']) {
      removeFault = await injectFault(ctx.database.pool, {
        table: 'categories',
        on: 'update',
        atRow: 2,
        sqlstate,
      });
      const res = await ctx
        .as(ctx.adminToken)
        .put(`/api/categories/${b.id}`, { name: 'Conn Kid', parent_id: null });
      await removeFault();
      removeFault = null;
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ error: API_ERROR.databaseUnavailable });
      expect(await snapshotTables(ctx.database.pool)).toEqual(before);
    }
  });
});
