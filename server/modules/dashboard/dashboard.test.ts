import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { png } from '../../test/images';

let ctx: TestContext;
let token: string;
const q = (text: string, params: unknown[] = []) => ctx.database.pool.query(text, params);
const utcDay = (offsetDays: number) =>
  new Date(Date.now() - offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.makeUser({ name: 'Dash Viewer', email: 'dash@example.com' })).token;
  const api = (method: 'POST' | 'PUT', url: string, payload: object) =>
    ctx.app.inject({ method, url, payload, headers: ctx.auth(token) });
  const brand = (await api('POST', '/api/brands', { name: 'Dash Brand' })).json();
  const cat = (await api('POST', '/api/categories', { name: 'Dash Cat' })).json();
  await api('POST', '/api/categories', { name: 'Dash Cat 2' });
  const complete = (
    await api('POST', '/api/products', { name: 'Complete', brand_id: brand.id, category_id: cat.id, mrp: 1 })
  ).json();
  await api('POST', '/api/products', { name: 'No Brand', category_id: cat.id, mrp: 1 });
  await api('POST', '/api/products', { name: 'Bare', mrp: 1 });
  // Only "Complete" gets an image.
  const form = new FormData();
  form.append('images[]', new Blob([new Uint8Array(await png('#0d0d0d'))], { type: 'image/png' }), 'a.png');
  const body = new Response(form);
  await ctx.app.inject({
    method: 'POST',
    url: `/api/products/${complete.id}/images/batch`,
    payload: Buffer.from(await body.arrayBuffer()),
    headers: { ...ctx.auth(token), 'content-type': body.headers.get('content-type') ?? '' },
  });
  // Discounts: live, inactive, expired, and one ending in three days.
  const ins = (name: string, extra: string) =>
    q(
      `insert into discounts (name, type, value, applies_to, brand_id, active, starts_at, ends_at) values ($1, 'percent', 5, 'brand', $2, ${extra})`,
      [name, brand.id],
    );
  await ins('Live', `true, null, null`);
  await ins('Off', `false, null, null`);
  await ins('Expired', `true, null, now() - interval '1 day'`);
  await ins('Ending', `true, null, now() + interval '3 days'`);
  await ins('Later', `true, null, now() + interval '30 days'`);
  // Inquiries: today ×2, 3 days ago, 10 days ago, 40 days ago.
  for (const [name, daysAgo] of [
    ['Today A', 0],
    ['Today B', 0],
    ['Three', 3],
    ['Ten', 10],
    ['Forty', 40],
  ] as const) {
    await q(
      `insert into inquiries (name, email, subject, message, created_at) values ($1, 'x@example.com', $2, 'm', now() - make_interval(days => $3::int))`,
      [name, `About ${name}`, daysAgo],
    );
  }
});
afterAll(() => ctx.close());

describe('GET /api/dashboard', () => {
  it('needs a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
  });

  it('reports the figures of the known data', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: ctx.auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json();
    expect(d.counts).toEqual({
      products: 3,
      categories: 2,
      brands: 1,
      active_discounts: 3,
      inquiries: 5,
      inquiries_last_7_days: 3,
    });
    expect(d.latest_inquiries.map((i: { name: string }) => i.name).slice(2)).toEqual([
      'Three',
      'Ten',
      'Forty',
    ]);
    expect(d.latest_inquiries).toHaveLength(5);

    expect(d.inquiries_per_day).toHaveLength(30);
    expect(d.inquiries_per_day[29]).toEqual({ date: utcDay(0), count: 2 });
    expect(d.inquiries_per_day[0].date).toBe(utcDay(29));
    const byDate = Object.fromEntries(
      d.inquiries_per_day.map((x: { date: string; count: number }) => [x.date, x.count]),
    );
    expect(byDate[utcDay(3)]).toBe(1);
    expect(byDate[utcDay(10)]).toBe(1);
    expect(d.inquiries_per_day.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(4);

    expect(d.health.products_without_images.count).toBe(2);
    expect(d.health.products_without_images.items.map((p: { name: string }) => p.name).sort()).toEqual([
      'Bare',
      'No Brand',
    ]);
    expect(d.health.products_without_category_or_brand.count).toBe(2);
    const missing = Object.fromEntries(
      d.health.products_without_category_or_brand.items.map((p: { name: string; missing: string[] }) => [
        p.name,
        p.missing,
      ]),
    );
    expect(missing).toEqual({ 'No Brand': ['brand'], Bare: ['category', 'brand'] });
    expect(d.health.discounts_ending_soon).toMatchObject({
      count: 1,
      items: [{ name: 'Ending', target_name: 'Dash Brand' }],
    });
  });

  it('counts a product without images again once its last image is deleted (migration 0006 keeps the count)', async () => {
    const [image] = (await q('select id, product_id from product_images')).rows;
    const headers = ctx.auth(token);
    const del = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${image.product_id}/images/${image.id}/delete`,
      headers,
    });
    expect(del.statusCode, del.body).toBeLessThan(300);
    const d = (await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers })).json();
    expect(d.health.products_without_images.count).toBe(3);
    expect((await q('select sum(image_count)::int as n from products')).rows[0].n).toBe(0);
  });
});
