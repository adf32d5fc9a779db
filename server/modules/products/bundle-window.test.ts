import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * The public bundle's cached price when a discount window opens, with no write: waits for a real
 * window edge, so it runs in the slow project. The rest of the bundle's caching is in
 * bundle.test.ts.
 */
let ctx: TestContext;
let product: { id: number; slug: string };
let brandId: number;
let categoryId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  brandId = (await ctx.as(ctx.adminToken).post('/api/brands', { name: 'Cache Brand' })).json().id;
  categoryId = (await ctx.as(ctx.adminToken).post('/api/categories', { name: 'Cache Category' })).json().id;
  product = (
    await ctx.as(ctx.adminToken).post('/api/products', {
      name: 'Cached Drill',
      sku: 'CACHE-1',
      mrp: 100,
      brand_id: brandId,
      category_id: categoryId,
    })
  ).json();
});
afterAll(() => ctx.close());

const bundleUrl = () => `/api/public/products/slug/${product.slug}/bundle`;
const fetchBundle = async (app = ctx.app, headers: Record<string, string> = {}) =>
  createClient(app).get(bundleUrl(), { headers });
const finalPrice = async (app = ctx.app) => (await fetchBundle(app)).json().price.final as number;

/** Polls until the check passes: another process hears of a write a moment after it commits. */
async function eventually(check: () => Promise<boolean>, ms = 3000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

describe('discount windows', () => {
  it('a cached price changes by itself when a discount window opens', async () => {
    await ctx.as(ctx.adminToken).put(`/api/products/${product.id}`, {
      name: 'Cached Drill',
      sku: 'CACHE-1',
      brand_id: brandId,
      category_id: categoryId,
      pricing: { mrp: 100 },
    });
    await ctx.database.pool.query('update products set mrp = 100 where id = $1', [product.id]);
    // Starts on the second after next: the form takes whole seconds.
    const startsAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000);
    const res = await ctx.as(ctx.adminToken).post('/api/discounts', {
      name: 'Flash sale',
      type: 'amount',
      value: 30,
      applies_to: 'category',
      product_id: null,
      category_id: categoryId,
      brand_id: null,
      starts_at: startsAt.toISOString().slice(0, 19).replace('T', ' '),
      ends_at: '',
      active: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await eventually(async () => (await finalPrice()) === 100)).toBe(true);
    const cached = (await fetchBundle()).headers.etag;
    expect((await fetchBundle()).headers.etag).toBe(cached);
    expect(Date.now()).toBeLessThan(startsAt.getTime());
    // No write happens from here on: only the window opening can change the price.
    expect(await eventually(async () => (await finalPrice()) === 70, 5000)).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
  });
});
