import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR, VALIDATION } from '#domain/messages';
import { createTestContext, type TestContext } from '../../test/harness';
import {
  gif,
  html,
  jpegWithExif,
  multipart,
  png,
  pngBomb,
  svg,
  text,
  uploadedFiles,
  webp,
} from '../../test/images';

let ctx: TestContext;
let editorToken: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // Editors manage the catalogue (README "Staff accounts"): every call below runs as an editor.
  editorToken = (await ctx.makeUser({ name: 'Cat Editor', email: 'cat-editor@example.com' })).token;
});
afterAll(() => ctx.close());

type Cat = {
  id: number;
  name: string;
  slug: string;
  parent_id: number | null;
  depth: number;
  path: string;
  image_url: string | null;
  sort_order: number;
};

/** Purges an item from the trash, as only an admin may. */
const purge = (type: string, id: number) => ctx.as(ctx.adminToken).delete(`/api/trash/${type}/${id}`);
const create = async (payload: object): Promise<Cat> => {
  const res = await ctx.as(editorToken).post('/api/categories', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
};
const upload = async (
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
) => {
  const body = await multipart(fields, file);
  return ctx.as(editorToken).send(method, url, body.payload, { headers: { ...body.headers } });
};
const row = async (id: number) =>
  (await ctx.database.pool.query('select * from categories where id = $1', [id])).rows[0];
const count = async () =>
  Number((await ctx.database.pool.query('select count(*) from categories')).rows[0].count);
const imageFile = (bytes: Buffer, name = 'photo.png', type = 'image/png') => ({
  field: 'image',
  name,
  type,
  bytes,
});
const fileOf = (url: string) => path.join(ctx.uploadsDir, url.replace('/uploads/', ''));

describe('access', () => {
  it.each([
    ['GET', '/api/categories'],
    ['GET', '/api/categories/1'],
    ['POST', '/api/categories'],
    ['PUT', '/api/categories/1'],
    ['DELETE', '/api/categories/1'],
    ['POST', '/api/categories/1/reorder'],
    ['POST', '/api/categories/1/move'],
  ] as const)('%s %s needs a token', async (method, url) => {
    const res = await ctx.as().send(method, url, {});
    expect(res.statusCode).toBe(401);
  });

  it('the public option list needs none', async () => {
    expect((await ctx.as().get('/api/public/categories?flat=1')).statusCode).toBe(200);
  });
});

describe('create and the tree', () => {
  it('generates slugs from names, folding Unicode and numbering collisions', async () => {
    const a = await create({ name: 'Café Crème' });
    const b = await create({ name: 'Cafe creme!' });
    expect([a.slug, b.slug]).toEqual(['cafe-creme', 'cafe-creme-2']);
    expect(a).toMatchObject({
      depth: 0,
      path: 'cafe-creme',
      parent_id: null,
      sort_order: 0,
      image_url: null,
    });
  });

  it('refuses an explicit slug that is taken with 409', async () => {
    await create({ name: 'Taken', slug: 'taken-slug' });
    const before = await count();
    const res = await ctx.as(editorToken).post('/api/categories', { name: 'Other', slug: 'Taken Slug' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(API_ERROR.slugTaken);
    // Named by field too, so the form shows it under Slug.
    expect(res.json().details).toEqual({ slug: API_ERROR.slugTaken });
    expect(await count()).toBe(before);
  });

  it('keeps depth and path for children and grandchildren', async () => {
    const root = await create({ name: 'Electronics' });
    const child = await create({
      name: 'Phones',
      parent_id: root.id,
      sort_order: 3,
      description: 'Pocket computers',
    });
    const grand = await create({ name: 'Android', parent_id: String(child.id) });
    expect(child).toMatchObject({ depth: 1, path: 'electronics/phones', parent_id: root.id, sort_order: 3 });
    expect(grand).toMatchObject({ depth: 2, path: 'electronics/phones/android', parent_id: child.id });
    const stored = await row(grand.id);
    expect([stored.depth, stored.path]).toEqual([2, 'electronics/phones/android']);
    // The chain (migration 0011's trigger): ancestors' ids and its own, root first.
    expect(stored.chain).toEqual([root.id, child.id, grand.id]);
    expect((await row(root.id)).chain).toEqual([root.id]);
    const got = (await ctx.as(editorToken).get(`/api/categories/${child.id}`)).json();
    expect(got).toMatchObject({ parent_name: 'Electronics', description: 'Pocket computers' });
  });

  it.each([
    [{}, VALIDATION.nameRequired],
    [{ name: '   ' }, VALIDATION.nameRequired],
    [{ name: 'X', sort_order: 'abc' }, VALIDATION.sortOrderNumber],
    [{ name: 'X', parent_id: 'abc' }, 'Parent must be an id'],
    [{ name: 'X', slug: '!!!' }, VALIDATION.invalidSlug],
    [{ name: 'X', depth: 5 }, API_ERROR.unknownField('depth')],
    [{ name: 'X', path: 'a/b' }, API_ERROR.unknownField('path')],
  ])('refuses %j with "%s"', async (payload, message) => {
    const before = await count();
    const res = await ctx.as(editorToken).post('/api/categories', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await count()).toBe(before);
  });

  it('answers 404 for a missing parent', async () => {
    const res = await ctx.as(editorToken).post('/api/categories', { name: 'Orphan', parent_id: 999999 });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(API_ERROR.parentNotFound);
  });
});

describe('moving', () => {
  it('moves a whole subtree under another parent, and back to the root', async () => {
    const a = await create({ name: 'Move A' });
    const b = await create({ name: 'Move B' });
    const b1 = await create({ name: 'Move B1', parent_id: b.id });
    const b11 = await create({ name: 'Move B11', parent_id: b1.id });
    const moved = (
      await ctx.as(editorToken).put(`/api/categories/${b.id}`, { name: 'Move B', parent_id: a.id })
    ).json();
    expect(moved).toMatchObject({ depth: 1, path: 'move-a/move-b', parent_id: a.id, parent_name: 'Move A' });
    expect(await row(b1.id)).toMatchObject({ depth: 2, path: 'move-a/move-b/move-b1' });
    expect(await row(b11.id)).toMatchObject({
      depth: 3,
      path: 'move-a/move-b/move-b1/move-b11',
      chain: [a.id, b.id, b1.id, b11.id],
    });

    await ctx.as(editorToken).put(`/api/categories/${b.id}`, { name: 'Move B', parent_id: null });
    expect(await row(b11.id)).toMatchObject({
      depth: 2,
      path: 'move-b/move-b1/move-b11',
      chain: [b.id, b1.id, b11.id],
    });
    expect((await row(b1.id)).chain).toEqual([b.id, b1.id]);
  });

  it('renaming the slug rewrites the paths below', async () => {
    const p = await create({ name: 'Old Name' });
    const c = await create({ name: 'Kid', parent_id: p.id });
    const res = await ctx
      .as(editorToken)
      .put(`/api/categories/${p.id}`, { name: 'New Name', slug: 'new-name' });
    expect(res.json()).toMatchObject({ slug: 'new-name', path: 'new-name' });
    expect((await row(c.id)).path).toBe('new-name/kid');
  });

  it('an empty slug on update is generated from the new name', async () => {
    const p = await create({ name: 'Regen' });
    const res = await ctx
      .as(editorToken)
      .put(`/api/categories/${p.id}`, { name: 'Regenerated Name', slug: '' });
    expect(res.json().slug).toBe('regenerated-name');
  });

  it('refuses to move a category under itself or its descendants, changing nothing', async () => {
    const top = await create({ name: 'Cycle Top' });
    const mid = await create({ name: 'Cycle Mid', parent_id: top.id });
    const low = await create({ name: 'Cycle Low', parent_id: mid.id });
    for (const parentId of [top.id, mid.id, low.id]) {
      const res = await ctx
        .as(editorToken)
        .put(`/api/categories/${top.id}`, { name: 'Cycle Top', parent_id: parentId });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(API_ERROR.categoryCycle);
    }
    expect(await row(top.id)).toMatchObject({ parent_id: null, depth: 0, path: 'cycle-top' });
    expect(await row(low.id)).toMatchObject({
      depth: 2,
      path: 'cycle-top/cycle-mid/cycle-low',
      chain: [top.id, mid.id, low.id],
    });
  });

  it('answers 404 when updating a missing category', async () => {
    expect((await ctx.as(editorToken).put('/api/categories/999999', { name: 'X' })).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('makes the children roots and recomputes their subtrees', async () => {
    const p = await create({ name: 'Doomed Parent' });
    const c = await create({ name: 'Survivor', parent_id: p.id });
    const g = await create({ name: 'Grand Survivor', parent_id: c.id });
    const res = await ctx.as(editorToken).delete(`/api/categories/${p.id}`);
    expect(res.statusCode).toBe(204);
    expect(await row(p.id)).toBeUndefined();
    expect(await row(c.id)).toMatchObject({ parent_id: null, depth: 0, path: 'survivor' });
    expect(await row(g.id)).toMatchObject({
      parent_id: c.id,
      depth: 1,
      path: 'survivor/grand-survivor',
      chain: [c.id, g.id],
    });
  });

  it('answers 404 for a missing category', async () => {
    expect((await ctx.as(editorToken).delete('/api/categories/999999')).statusCode).toBe(404);
  });
});

describe('reorder', () => {
  it('sets the sort order it is given', async () => {
    const c = await create({ name: 'Reorder Me', sort_order: 5 });
    const res = await ctx.as(editorToken).post(`/api/categories/${c.id}/reorder`, { sort_order: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json().sort_order).toBe(4);
    expect((await row(c.id)).sort_order).toBe(4);
  });

  it.each([[{}], [{ sort_order: 'up' }], [{ sort_order: 1.5 }]])('refuses %j', async (payload) => {
    const res = await ctx.as(editorToken).post('/api/categories/1/reorder', payload);
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for a missing category', async () => {
    expect(
      (await ctx.as(editorToken).post('/api/categories/999999/reorder', { sort_order: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('images', () => {
  it('accepts a JPEG, re-encodes it to WebP without metadata, with a thumbnail, served immutable', async () => {
    const res = await upload(
      'POST',
      '/api/categories',
      { name: 'With Image', sort_order: '2' },
      imageFile(await jpegWithExif(), 'cam.jpg', 'image/jpeg'),
    );
    expect(res.statusCode, res.body).toBe(201);
    const cat = res.json();
    expect(cat.sort_order).toBe(2);
    expect(cat.image_url).toMatch(/^\/uploads\/[a-f0-9]{40}\.webp$/);
    const stored = readFileSync(fileOf(cat.image_url));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('SecretCam'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([40, 20]);
    expect(
      (await sharp(readFileSync(fileOf(cat.image_url.replace('.webp', '-thumb.webp')))).metadata()).format,
    ).toBe('webp');

    const served = await ctx.as().get(cat.image_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('accepts PNG and WebP', async () => {
    for (const [bytes, name, type] of [
      [await png('#123456'), 'a.png', 'image/png'],
      [await webp(), 'b.webp', 'image/webp'],
    ] as const) {
      const res = await upload(
        'POST',
        '/api/categories',
        { name: `Format ${name}` },
        imageFile(bytes, name, type),
      );
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  it.each([
    ['a text file called .png', text, 'fake.png', 'image/png'],
    ['an SVG', svg, 'x.svg', 'image/svg+xml'],
    ['HTML renamed to .png', html, 'page.png', 'image/png'],
    ['a GIF', null, 'anim.gif', 'image/gif'],
  ])('refuses %s with 415, storing nothing', async (_label, bytes, name, type) => {
    const before = { rows: await count(), files: uploadedFiles(ctx.uploadsDir) };
    const res = await upload(
      'POST',
      '/api/categories',
      { name: 'Bad Image' },
      imageFile(bytes ?? (await gif()), name, type),
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(VALIDATION.imageType);
    expect(await count()).toBe(before.rows);
    expect(uploadedFiles(ctx.uploadsDir)).toEqual(before.files);
  });

  it('refuses more than 5 MB with 413', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload('POST', '/api/categories', { name: 'Too Big' }, imageFile(big));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(VALIDATION.imageSize);
  });

  it('refuses an upload whose declared length is over the limit before reading it', async () => {
    const res = await ctx.as(editorToken).post('/api/categories', '--x--', {
      headers: {
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(20 * 1024 * 1024),
      },
    });
    expect(res.statusCode).toBe(413);
  });

  it('refuses a decompression bomb', async () => {
    const res = await upload('POST', '/api/categories', { name: 'Bomb' }, imageFile(await pngBomb()));
    expect(res.statusCode).toBe(413);
  });

  it('refuses a file under another field name', async () => {
    const res = await upload(
      'POST',
      '/api/categories',
      { name: 'Wrong Field' },
      { field: 'picture', name: 'a.png', type: 'image/png', bytes: await png() },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(API_ERROR.unknownField('picture'));
  });

  it('leaves no file behind when the write fails after the image was processed', async () => {
    const before = uploadedFiles(ctx.uploadsDir);
    const res = await upload(
      'POST',
      '/api/categories',
      { name: 'Lost Parent', parent_id: '999999' },
      imageFile(await png('#abcdef')),
    );
    expect(res.statusCode).toBe(404);
    expect(uploadedFiles(ctx.uploadsDir)).toEqual(before);
  });

  it('replaces, keeps and removes the image on update, deleting files that nothing uses', async () => {
    const created = (
      await upload('POST', '/api/categories', { name: 'Swap' }, imageFile(await png('#111111')))
    ).json();
    const first = created.image_url;
    const replaced = await upload(
      'PUT',
      `/api/categories/${created.id}`,
      { name: 'Swap' },
      imageFile(await png('#222222')),
    );
    const second = replaced.json().image_url;
    expect(second).not.toBe(first);
    expect(uploadedFiles(ctx.uploadsDir)).not.toContain(path.basename(first));
    expect(uploadedFiles(ctx.uploadsDir)).toContain(path.basename(second));

    // A plain JSON update without image_url keeps the image.
    await ctx.as(editorToken).put(`/api/categories/${created.id}`, { name: 'Swap Renamed' });
    expect((await row(created.id)).image_url).toBe(second);

    // A new file wins over a removal request.
    const third = (
      await upload(
        'PUT',
        `/api/categories/${created.id}`,
        { name: 'Swap', image_url: '' },
        imageFile(await png('#333333')),
      )
    ).json().image_url;
    expect(third).toMatch(/^\/uploads\//);

    const removed = await ctx
      .as(editorToken)
      .put(`/api/categories/${created.id}`, { name: 'Swap', image_url: '' });
    expect(removed.json().image_url).toBeNull();
    expect(uploadedFiles(ctx.uploadsDir).filter((f) => f.startsWith(path.basename(third, '.webp')))).toEqual(
      [],
    );
  });

  it('shares identical images and deletes the files only with their last user', async () => {
    const bytes = await png('#4a4a4a', 20);
    const one = (await upload('POST', '/api/categories', { name: 'Twin One' }, imageFile(bytes))).json();
    const two = (await upload('POST', '/api/categories', { name: 'Twin Two' }, imageFile(bytes))).json();
    expect(two.image_url).toBe(one.image_url);
    const name = path.basename(one.image_url);
    await ctx.as(editorToken).delete(`/api/categories/${one.id}`);
    expect(uploadedFiles(ctx.uploadsDir)).toContain(name);
    await ctx.as(editorToken).delete(`/api/categories/${two.id}`);
    // The trash holds the files until both are purged from it.
    expect(uploadedFiles(ctx.uploadsDir)).toContain(name);
    expect((await purge('category', one.id)).statusCode).toBe(204);
    expect(uploadedFiles(ctx.uploadsDir)).toContain(name);
    expect((await purge('category', two.id)).statusCode).toBe(204);
    expect(uploadedFiles(ctx.uploadsDir)).not.toContain(name);
    expect(uploadedFiles(ctx.uploadsDir)).not.toContain(name.replace('.webp', '-thumb.webp'));
  });

  it('refuses image_url set to anything but an empty string', async () => {
    const c = await create({ name: 'No Hijack' });
    const res = await ctx.as(editorToken).put(`/api/categories/${c.id}`, {
      name: 'No Hijack',
      image_url: 'http://evil.example/x.png',
    });
    expect(res.statusCode).toBe(400);
    expect((await row(c.id)).image_url).toBeNull();
  });
});

describe('list', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    const root = await create({ name: 'Zeta Root', slug: 'lst-zeta', sort_order: 2 });
    const alpha = await create({
      name: 'alpha sprout',
      slug: 'lst-alpha',
      parent_id: root.id,
      sort_order: 9,
    });
    const mid = await create({ name: 'Mid Root', slug: 'lst-mid', sort_order: 1 });
    const beta = await create({ name: 'Beta sprout', slug: 'lst-beta', parent_id: alpha.id, sort_order: -1 });
    ids = { root: root.id, alpha: alpha.id, mid: mid.id, beta: beta.id };
    let day = 1;
    for (const id of [beta.id, root.id, alpha.id, mid.id]) {
      await ctx.database.pool.query(
        `update categories set created_at = '2021-01-0${day++}T00:00:00Z' where id = $1`,
        [id],
      );
    }
  });

  const slugs = async (query: string) => {
    const res = await ctx.as(editorToken).get(`/api/categories?q=lst-&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((c: Cat) => c.slug);
  };

  it('defaults to sort order ascending, 20 per page', async () => {
    const res = await ctx.as(editorToken).get('/api/categories?q=lst-');
    expect(res.json().meta).toEqual({ total: 4, total_exact: true, page: 1, limit: 20 });
    expect(await slugs('')).toEqual(['lst-beta', 'lst-mid', 'lst-zeta', 'lst-alpha']);
  });

  it('sorts by each key, both ways', async () => {
    expect(await slugs('sortBy=name&order=asc')).toEqual(['lst-alpha', 'lst-beta', 'lst-mid', 'lst-zeta']);
    expect(await slugs('sortBy=slug&order=desc')).toEqual(['lst-zeta', 'lst-mid', 'lst-beta', 'lst-alpha']);
    expect(await slugs('sortBy=depth&order=desc')).toEqual(['lst-beta', 'lst-alpha', 'lst-mid', 'lst-zeta']);
    expect(await slugs('sortBy=created_at&order=asc')).toEqual([
      'lst-beta',
      'lst-zeta',
      'lst-alpha',
      'lst-mid',
    ]);
    expect(await slugs('sortBy=sort_order&order=desc')).toEqual([
      'lst-alpha',
      'lst-zeta',
      'lst-mid',
      'lst-beta',
    ]);
  });

  it('filters by parent: 0 is the root level', async () => {
    expect(await slugs('parent_id=0&sortBy=slug&order=asc')).toEqual(['lst-mid', 'lst-zeta']);
    expect(await slugs(`parent_id=${ids.root}`)).toEqual(['lst-alpha']);
    expect(await slugs(`parent_id=${ids.alpha}`)).toEqual(['lst-beta']);
  });

  it('searches names and slugs case-insensitively, and shows parent names', async () => {
    const res = await ctx.as(editorToken).get('/api/categories?q=SPROUT&sortBy=name&order=asc');
    const data = res.json().data;
    expect(data.map((c: Cat) => c.slug)).toEqual(['lst-alpha', 'lst-beta']);
    expect(data[0].parent_name).toBe('Zeta Root');
  });

  it('pages', async () => {
    const res = await ctx.as(editorToken).get('/api/categories?q=lst-&sortBy=slug&order=asc&limit=3&page=2');
    expect(res.json().data.map((c: Cat) => c.slug)).toEqual(['lst-zeta']);
    expect(res.json().meta).toEqual({ total: 4, total_exact: true, page: 2, limit: 3 });
  });

  it.each(['parent_id=abc', 'parent_id=-1', 'sortBy=parent', 'limit=500', 'flat=1'])(
    'refuses %s',
    async (q) => {
      expect((await ctx.as(editorToken).get(`/api/categories?${q}`)).statusCode).toBe(400);
    },
  );

  it('public flat list is in tree order; nested list builds the tree', async () => {
    const flat = (await ctx.as().get('/api/public/categories?flat=1&q=lst-')).json().data;
    expect(flat.map((c: Cat) => c.path)).toEqual([
      'lst-mid',
      'lst-zeta',
      'lst-zeta/lst-alpha',
      'lst-zeta/lst-alpha/lst-beta',
    ]);
    const tree = (await ctx.as().get('/api/public/categories')).json().data;
    const zeta = tree.find((n: Cat) => n.slug === 'lst-zeta');
    expect(zeta.children.map((n: Cat) => n.slug)).toEqual(['lst-alpha']);
    expect(zeta.children[0].children.map((n: Cat) => n.slug)).toEqual(['lst-beta']);
    expect(tree.some((n: Cat) => n.slug === 'lst-alpha')).toBe(false);
  });

  it('public list accepts a limit up to 1000', async () => {
    const limited = await ctx.as().get('/api/public/categories?flat=1&limit=2');
    expect(limited.json().data).toHaveLength(2);
    expect((await ctx.as().get('/api/public/categories?limit=1001')).statusCode).toBe(400);
  });
});
