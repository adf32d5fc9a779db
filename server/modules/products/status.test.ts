import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_STATUS_TEXT } from '#domain/products';
import { createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const visitor = (url: string) => ctx.as().get(url);
const statusOf = async (id: number) =>
  (await ctx.database.pool.query('select status from products where id = $1', [id])).rows[0].status;

// Sends no status unless a test names one: the first case checks what a create without one makes.
const product = (name: string, extra: object = {}) =>
  createProduct(ctx.admin, { name, sku: null, mrp: 10, status: undefined, ...extra });

const update = (id: number, extra: object = {}) =>
  ctx.as(ctx.adminToken).put(`/api/products/${id}`, { name: 'Renamed', pricing: { mrp: 12 }, ...extra });

describe('draft or published', () => {
  it('publishes when a call names no status, as clients written before drafts expect', async () => {
    const made = await product('Old Client Product');
    expect(made.status).toBe('published');
    expect(await statusOf(made.id)).toBe('published');
    const saved = await update(made.id);
    expect(saved.json().status).toBe('published');
  });

  it('keeps the status on an update that names none: a draft edited stays a draft', async () => {
    const draft = await product('Edited Draft', { status: 'draft' });
    const saved = await update(draft.id);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().status).toBe('draft');
    expect(await statusOf(draft.id)).toBe('draft');
    expect((await visitor(`/api/public/products/slug/${draft.slug}/bundle`)).statusCode).toBe(404);
    // Nor does it need "Publish products": the status does not change.
    const { token } = await ctx.makeUser({ name: 'Sally Sales', email: 'sally@example.com', role: 'sales' });
    await ctx.database.pool.query(
      `insert into roles (key, name, permissions) values ('copy-only', 'Copy only', array['catalogue.read', 'product.edit'])`,
    );
    const writer = await ctx.makeUser({ name: 'Cody Copy', email: 'cody@example.com', role: 'copy-only' });
    const renamed = await ctx
      .as(writer.token)
      .put(`/api/products/${draft.id}`, { name: 'Copy edited', pricing: { mrp: 12 } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await statusOf(draft.id)).toBe('draft');
    expect(
      (await ctx.as(token).put(`/api/products/${draft.id}`, { name: 'X', pricing: { mrp: 12 } })).statusCode,
    ).toBe(403);
  });

  it('keeps a draft a draft, and a named status is stored on create and update', async () => {
    const draft = await product('Quiet Draft', { status: 'draft' });
    expect(draft.status).toBe('draft');
    expect(await statusOf(draft.id)).toBe('draft');
    const published = await update(draft.id, { status: 'published' });
    expect(published.statusCode, published.body).toBe(200);
    expect(await statusOf(draft.id)).toBe('published');
    const unpublished = await update(draft.id, { status: 'draft' });
    expect(unpublished.json().status).toBe('draft');
    expect(await statusOf(draft.id)).toBe('draft');
  });

  it('refuses an unknown status with a 400 naming the field, and changes nothing', async () => {
    const made = await product('Strict Status');
    const res = await update(made.id, { status: 'archived' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({ status: PRODUCT_STATUS_TEXT.invalid });
    expect(await statusOf(made.id)).toBe('published');
    const created = await ctx
      .as(ctx.adminToken)
      .post('/api/products', { name: 'Never Made', status: 'live' });
    expect(created.statusCode).toBe(400);
    const { rows } = await ctx.database.pool.query("select 1 from products where name = 'Never Made'");
    expect(rows).toHaveLength(0);
  });

  it('shows the status on staff list items and on the bundle', async () => {
    const draft = await product('Listed Draft', { status: 'draft' });
    const list = await ctx.as(ctx.adminToken).get('/api/products?q=Listed%20Draft');
    expect(list.json().data.map((p: { status: string }) => p.status)).toEqual(['draft']);
    const bundle = await ctx.as(ctx.adminToken).get(`/api/products/slug/${draft.slug}/bundle`);
    expect(bundle.statusCode, bundle.body).toBe(200);
    expect(bundle.json().base.status).toBe('draft');
  });
});

describe('visitors see published products only', () => {
  it("answers 404 for a draft's public bundle, while staff preview it", async () => {
    const draft = await product('Hidden Gadget', { status: 'draft' });
    expect((await visitor(`/api/public/products/slug/${draft.slug}/bundle`)).statusCode).toBe(404);
    const preview = await ctx.as(ctx.adminToken).get(`/api/products/slug/${draft.slug}/bundle`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().base.name).toBe('Hidden Gadget');
    // The staff route needs a token.
    expect((await visitor(`/api/products/slug/${draft.slug}/bundle`)).statusCode).toBe(401);
  });

  it('serves the bundle once published and takes it away again when unpublished (no stale cache)', async () => {
    const made = await product('Toggled Gadget', { status: 'draft' });
    const url = `/api/public/products/slug/${made.slug}/bundle`;
    expect((await visitor(url)).statusCode).toBe(404);
    await update(made.id, { name: 'Toggled Gadget', status: 'published' });
    const shown = await visitor(url);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().base.status).toBe('published');
    await update(made.id, { name: 'Toggled Gadget', status: 'draft' });
    expect((await visitor(url)).statusCode).toBe(404);
  });

  it('lists published products only on /api/public/products; staff options include drafts', async () => {
    await product('Optioned Published');
    await product('Optioned Draft', { status: 'draft' });
    const names = (res: { json: () => { data: { name: string }[] } }) => res.json().data.map((p) => p.name);
    expect(names(await visitor('/api/public/products?q=Optioned'))).toEqual(['Optioned Published']);
    expect(names(await ctx.as(ctx.adminToken).get('/api/products/options?q=Optioned'))).toEqual([
      'Optioned Draft',
      'Optioned Published',
    ]);
    expect((await visitor('/api/products/options')).statusCode).toBe(401);
  });
});
