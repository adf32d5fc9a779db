import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR, VALIDATION } from '#domain/messages';
import { createTestContext, type TestContext } from '../../test/harness';
import { html, multipart, png, text, uploadedFiles } from '../../test/images';

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.makeUser({ name: 'Brand Editor', email: 'brand-editor@example.com' })).token;
});
afterAll(() => ctx.close());

type Brand = { id: number; name: string; slug: string; logo_url: string | null; description: string | null };

/** Purges an item from the trash, as only an admin may. */
const purge = (type: string, id: number) => ctx.as(ctx.adminToken).delete(`/api/trash/${type}/${id}`);
const form = async (
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  logo?: Buffer,
  type = 'image/png',
) => {
  const body = await multipart(
    fields,
    logo ? { field: 'logo', name: 'logo.png', type, bytes: logo } : undefined,
  );
  return ctx.as(token).send(method, url, body.payload, { headers: { ...body.headers } });
};
const row = async (id: number) =>
  (await ctx.database.pool.query('select * from brands where id = $1', [id])).rows[0];
const count = async () =>
  Number((await ctx.database.pool.query('select count(*) from brands')).rows[0].count);

describe('access', () => {
  it.each([
    ['GET', '/api/brands'],
    ['GET', '/api/brands/1'],
    ['POST', '/api/brands'],
    ['PUT', '/api/brands/1'],
    ['DELETE', '/api/brands/1'],
  ] as const)('%s %s needs a token', async (method, url) => {
    expect((await ctx.as().send(method, url, {})).statusCode).toBe(401);
  });

  it('the public list needs none', async () => {
    expect((await ctx.as().get('/api/public/brands')).statusCode).toBe(200);
  });
});

describe('create', () => {
  it('creates from a multipart form with a logo, generating the slug', async () => {
    const res = await form(
      'POST',
      '/api/brands',
      { name: 'Acmé Tools', slug: '', description: 'Hammers' },
      await png('#f80'),
    );
    expect(res.statusCode, res.body).toBe(201);
    const brand: Brand = res.json();
    expect(brand).toMatchObject({ name: 'Acmé Tools', slug: 'acme-tools', description: 'Hammers' });
    expect(brand.logo_url).toMatch(/^\/uploads\/[a-f0-9]{40}\.webp$/);
    expect(uploadedFiles(ctx.uploadsDir)).toContain(path.basename(brand.logo_url!));
    expect((await row(brand.id)).logo_url).toBe(brand.logo_url);
  });

  it('creates from JSON without a logo, numbering a colliding generated slug', async () => {
    const res = await ctx.as(token).post('/api/brands', { name: 'Acme tools' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ slug: 'acme-tools-2', logo_url: null, description: null });
  });

  it('refuses an explicit slug that is taken with 409', async () => {
    const res = await ctx.as(token).post('/api/brands', { name: 'Copycat', slug: 'acme-tools' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(API_ERROR.slugTaken);
  });

  it.each([
    [{}, VALIDATION.nameRequired],
    [{ name: '' }, VALIDATION.nameRequired],
    [
      { name: 'X', logo_url: '/uploads/whatever.webp' },
      'logo_url can only be kept as it is or set to an empty string (to remove the logo)',
    ],
    [{ name: 'X', id: 7 }, API_ERROR.unknownField('id')],
  ])('refuses %j', async (payload, message) => {
    const before = await count();
    const res = await ctx.as(token).post('/api/brands', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await count()).toBe(before);
  });

  it.each([
    ['text', text],
    ['HTML', html],
  ])('refuses a %s logo with the shared message, storing nothing', async (_label, bytes) => {
    const before = { rows: await count(), files: uploadedFiles(ctx.uploadsDir) };
    const res = await form('POST', '/api/brands', { name: 'Fake Logo' }, bytes);
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(VALIDATION.logoType);
    expect(await count()).toBe(before.rows);
    expect(uploadedFiles(ctx.uploadsDir)).toEqual(before.files);
  });

  it('refuses a logo over 5 MB with the shared message', async () => {
    const res = await form(
      'POST',
      '/api/brands',
      { name: 'Huge Logo' },
      Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(VALIDATION.logoSize);
  });
});

describe('update and delete', () => {
  it('keeps the logo when the current URL is echoed, replaces it with a file, removes it with ""', async () => {
    const brand: Brand = (
      await form('POST', '/api/brands', { name: 'Logo Life' }, await png('#101010'))
    ).json();
    const kept = await ctx.as(token).put(`/api/brands/${brand.id}`, {
      name: 'Logo Life 2',
      slug: 'logo-life',
      logo_url: brand.logo_url,
      description: 'd',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      name: 'Logo Life 2',
      slug: 'logo-life',
      logo_url: brand.logo_url,
      description: 'd',
    });

    const replaced = await form(
      'PUT',
      `/api/brands/${brand.id}`,
      { name: 'Logo Life', slug: 'logo-life' },
      await png('#202020'),
    );
    const newUrl = replaced.json().logo_url;
    expect(newUrl).not.toBe(brand.logo_url);
    expect(uploadedFiles(ctx.uploadsDir)).not.toContain(path.basename(brand.logo_url!));

    const removed = await ctx.as(token).put(`/api/brands/${brand.id}`, {
      name: 'Logo Life',
      slug: 'logo-life',
      logo_url: '',
    });
    expect(removed.json().logo_url).toBeNull();
    expect(uploadedFiles(ctx.uploadsDir)).not.toContain(path.basename(newUrl));
  });

  it('an empty slug is generated again from the name', async () => {
    const brand: Brand = (await ctx.as(token).post('/api/brands', { name: 'Renamer' })).json();
    const res = await ctx.as(token).put(`/api/brands/${brand.id}`, { name: 'Renamed Brand', slug: '' });
    expect(res.json().slug).toBe('renamed-brand');
    expect((await row(brand.id)).slug).toBe('renamed-brand');
  });

  it("refuses another brand's slug with 409 and answers 404 for a missing brand", async () => {
    const a: Brand = (await ctx.as(token).post('/api/brands', { name: 'Slug Owner' })).json();
    const b: Brand = (await ctx.as(token).post('/api/brands', { name: 'Slug Wanter' })).json();
    expect((await ctx.as(token).put(`/api/brands/${b.id}`, { name: 'X', slug: a.slug })).statusCode).toBe(
      409,
    );
    expect((await ctx.as(token).put('/api/brands/999999', { name: 'X' })).statusCode).toBe(404);
  });

  it('deletes a brand and its logo files', async () => {
    const brand: Brand = (
      await form('POST', '/api/brands', { name: 'Gone Soon' }, await png('#303030'))
    ).json();
    const res = await ctx.as(token).delete(`/api/brands/${brand.id}`);
    expect(res.statusCode).toBe(204);
    expect(await row(brand.id)).toBeUndefined();
    // The trash holds the files until the brand is purged from it.
    expect(uploadedFiles(ctx.uploadsDir)).toContain(path.basename(brand.logo_url!));
    expect((await purge('brand', brand.id)).statusCode).toBe(204);
    expect(uploadedFiles(ctx.uploadsDir)).not.toContain(path.basename(brand.logo_url!));
    expect((await ctx.as(token).delete(`/api/brands/${brand.id}`)).statusCode).toBe(404);
  });
});

describe('list', () => {
  beforeAll(async () => {
    const names = ['Lb Delta', 'lb alpha', 'Lb Charlie', 'lb bravo'];
    for (const [i, name] of names.entries()) {
      const b: Brand = (await ctx.as(token).post('/api/brands', { name })).json();
      await ctx.database.pool.query(
        `update brands set created_at = '2022-01-0${i + 1}T00:00:00Z', updated_at = '2022-02-0${4 - i}T00:00:00Z' where id = $1`,
        [b.id],
      );
    }
  });
  const names = async (query: string) => {
    const res = await ctx.as(token).get(`/api/brands?q=lb&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((b: Brand) => b.name);
  };

  it('defaults to newest first, 10 per page', async () => {
    const res = await ctx.as(token).get('/api/brands?q=lb');
    expect(res.json().meta).toEqual({ total: 4, total_exact: true, page: 1, limit: 10 });
    expect(await names('')).toEqual(['lb bravo', 'Lb Charlie', 'lb alpha', 'Lb Delta']);
  });

  it('sorts by name, slug, created and updated', async () => {
    expect(await names('sortBy=name&order=asc')).toEqual(['lb alpha', 'lb bravo', 'Lb Charlie', 'Lb Delta']);
    expect(await names('sortBy=slug&order=desc')).toEqual(['Lb Delta', 'Lb Charlie', 'lb bravo', 'lb alpha']);
    expect(await names('sortBy=updated_at&order=asc')).toEqual([
      'lb bravo',
      'Lb Charlie',
      'lb alpha',
      'Lb Delta',
    ]);
    expect(await names('sortBy=created_at&order=asc')).toEqual([
      'Lb Delta',
      'lb alpha',
      'Lb Charlie',
      'lb bravo',
    ]);
  });

  it('pages and refuses unknown sorts', async () => {
    const res = await ctx.as(token).get('/api/brands?q=lb&sortBy=name&order=asc&limit=3&page=2');
    expect(res.json().data.map((b: Brand) => b.name)).toEqual(['Lb Delta']);
    expect((await ctx.as(token).get('/api/brands?sortBy=logo_url')).statusCode).toBe(400);
  });

  it('public list is by name, limited, without a token', async () => {
    const res = await ctx.as().get('/api/public/brands?q=lb&limit=2');
    expect(res.json().data.map((b: Brand) => b.name)).toEqual(['lb alpha', 'lb bravo']);
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['id', 'logo_url', 'name', 'slug']);
    expect((await ctx.as().get('/api/public/brands?limit=1000')).statusCode).toBe(200);
    expect((await ctx.as().get('/api/public/brands?limit=1001')).statusCode).toBe(400);
  });
});
