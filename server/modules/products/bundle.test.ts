import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR } from '#domain/messages';
import { buildApp } from '../../app';
import { createClient } from '../../test/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { BUNDLE_SQL, BUNDLE_STATEMENT } from './bundle.query';
import { createBundleService } from './bundle.service';

/**
 * The public bundle is cached in process with ETags; every kind of change that shows in
 * it must reach readers at once, in this process and in others sharing the database.
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
/** A live, always-on discount body: 10 % off everything of the test's brand. */
const tenPercentOffTheBrand = (name: string) => ({
  name,
  type: 'percent',
  value: 10,
  applies_to: 'brand',
  product_id: null,
  category_id: null,
  brand_id: brandId,
  starts_at: '',
  ends_at: '',
  active: 1,
});

/** Polls until the check passes: another process hears of a write a moment after it commits. */
async function eventually(check: () => Promise<boolean>, ms = 3000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}

describe('HTTP caching', () => {
  it('answers with a strong ETag and 304 for a matching If-None-Match, 200 once it changes', async () => {
    const first = await fetchBundle();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    const again = await fetchBundle(ctx.app, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await fetchBundle(ctx.app, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await fetchBundle(ctx.app, { 'if-none-match': '"stale"' })).statusCode).toBe(200);

    await ctx.as(ctx.adminToken).put(`/api/products/${product.id}`, {
      name: 'Cached Drill',
      sku: 'CACHE-1',
      brand_id: brandId,
      category_id: categoryId,
      description: 'Now described',
      pricing: { mrp: 100 },
    });
    const changed = await fetchBundle(ctx.app, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().base.description).toBe('Now described');
  });

  it('answers 404 for an unknown slug, and does not cache the miss', async () => {
    const res = await ctx.as().get('/api/public/products/slug/no-such/bundle');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBeTruthy();
  });
});

describe('invalidation in this process', () => {
  it('shows every kind of change on the next read', async () => {
    const body = async () => (await fetchBundle()).json();
    await body(); // cached now

    const list = await ctx.as(ctx.adminToken).post(`/api/products/${product.id}/lists`, {
      title: 'Features',
      items: [{ caption: 'Fast' }],
    });
    expect(list.statusCode).toBe(201);
    expect((await body()).lists.map((l: { title: string }) => l.title)).toEqual(['Features']);

    await ctx.as(ctx.adminToken).put(`/api/products/${product.id}/lists/${list.json().id}`, {
      title: 'Features',
      items: [{ caption: 'Faster' }],
    });
    expect((await body()).lists[0].items.map((i: { caption: string }) => i.caption)).toEqual(['Faster']);

    await ctx.as(ctx.adminToken).put(`/api/brands/${brandId}`, {
      name: 'Renamed Brand',
      slug: 'cache-brand',
      description: '',
    });
    expect((await body()).base.brand).toBe('Renamed Brand');

    await ctx
      .as(ctx.adminToken)
      .put(`/api/categories/${categoryId}`, { name: 'Renamed Category', slug: 'cache-category' });
    expect((await body()).base.category).toBe('Renamed Category');

    const brandDeal = await ctx
      .as(ctx.adminToken)
      .post('/api/discounts', tenPercentOffTheBrand('Brand deal'));
    expect(brandDeal.statusCode, brandDeal.body).toBe(201);
    expect(await finalPrice()).toBe(90);

    await ctx.as(ctx.adminToken).delete(`/api/discounts/${brandDeal.json().id}`);
    expect(await finalPrice()).toBe(100);
  });

  it("clears its cache on its own catalogue writes, with no notification's help", async () => {
    // An app that hears no NOTIFY: only its own write hook can clear what it cached.
    const deaf = await buildApp({
      config: ctx.config,
      database: {
        ...ctx.database,
        listen: async (_channel, onEvent) => {
          onEvent({ type: 'up' });
          return async () => {};
        },
      },
      jwtSecret: ctx.jwtSecret,
    });
    await deaf.ready();
    const write = (app: typeof deaf, method: 'PUT' | 'POST', url: string, payload: object) =>
      createClient(app, ctx.adminToken).send(method, url, payload);
    const description = async () => (await fetchBundle(deaf)).json().base.description as string;
    const productBody = (text: string) => ({
      name: 'Cached Drill',
      sku: 'CACHE-1',
      brand_id: brandId,
      category_id: categoryId,
      description: text,
      pricing: { mrp: 100 },
    });
    try {
      const before = await description();
      // Written through the other app, it stays cached here: the check below can fail.
      expect(
        (await write(ctx.app, 'PUT', `/api/products/${product.id}`, productBody('Elsewhere'))).statusCode,
      ).toBe(200);
      expect(await description()).toBe(before);

      const mine = await write(deaf, 'PUT', `/api/products/${product.id}`, productBody('Here'));
      expect(mine.statusCode, mine.body).toBe(200);
      expect(await description()).toBe('Here');

      // A refused write changes nothing, so it leaves the cache alone.
      const refused = await write(deaf, 'POST', '/api/brands', { name: '' });
      expect(refused.statusCode).toBe(400);
      await ctx.database.pool.query('update products set description = $1 where id = $2', [
        'By SQL',
        product.id,
      ]);
      expect(await description()).toBe('Here');

      // A write elsewhere in the catalogue (a discount) clears it too.
      const deal = await write(deaf, 'POST', '/api/discounts', tenPercentOffTheBrand('Deaf deal'));
      expect(deal.statusCode, deal.body).toBe(201);
      expect(await description()).toBe('By SQL');
      await write(deaf, 'PUT', `/api/products/${product.id}`, productBody(before));
      await ctx.as(ctx.adminToken).delete(`/api/discounts/${deal.json().id}`);
    } finally {
      await deaf.close();
    }
  });

  it('a read that began before a write does not put the old bundle back in the cache', async () => {
    // A database whose reads wait for a signal, so a write can land in the middle of one.
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slowDb = {
      query: async (config: unknown) => {
        await gate;
        return ctx.database.pool.query(config as Parameters<typeof ctx.database.pool.query>[0]);
      },
    } as unknown as typeof ctx.database.pool;
    const service = createBundleService(slowDb);
    service.onChannelEvent({ type: 'up' });
    const reading = service.get(product.slug);
    service.invalidate(); // a write committed while the read was in flight
    release();
    await reading;
    expect(service.size).toBe(0);
    await service.get(product.slug);
    expect(service.size).toBe(1);
  });

  it('caches nothing while its LISTEN connection is down, and starts again when it is back', async () => {
    const service = createBundleService(ctx.database.pool);
    service.onChannelEvent({ type: 'up' });
    await service.get(product.slug);
    expect(service.size).toBe(1);
    service.onChannelEvent({ type: 'down' });
    expect(service.size).toBe(0);
    await service.get(product.slug);
    expect(service.size).toBe(0);
    service.onChannelEvent({ type: 'up' });
    await service.get(product.slug);
    expect(service.size).toBe(1);
  });
});

describe('invalidation across processes', () => {
  it('a second app on the same database sees writes made by the first and by plain SQL', async () => {
    const other = await buildApp({
      config: ctx.config,
      database: ctx.database,
      jwtSecret: ctx.jwtSecret,
    });
    await other.ready();
    try {
      const before = (await fetchBundle(other)).json();
      expect((await fetchBundle(other)).json()).toEqual(before); // served from its cache now

      // Written through the first app: the second hears of it through NOTIFY.
      await ctx.as(ctx.adminToken).put(`/api/products/${product.id}`, {
        name: 'Cached Drill',
        sku: 'CACHE-1',
        brand_id: brandId,
        category_id: categoryId,
        description: 'Changed elsewhere',
        pricing: { mrp: 100, discountPercent: 25 },
      });
      expect(
        await eventually(
          async () => (await fetchBundle(other)).json().base.description === 'Changed elsewhere',
        ),
      ).toBe(true);
      expect(await finalPrice(other)).toBe(75);

      // Written by something that is not a Stockroom app at all (a script, psql).
      await ctx.database.pool.query('update products set mrp = 200 where id = $1', [product.id]);
      expect(await eventually(async () => (await finalPrice(other)) === 150)).toBe(true);
      expect(await eventually(async () => (await finalPrice()) === 150)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('slugs no product can have', () => {
  /** A context whose database connection has not prepared the bundle statement yet. */
  async function freshContext() {
    const fresh = await createTestContext();
    const created = await fresh
      .as(fresh.adminToken)
      .post('/api/products', { name: 'Fresh Drill', sku: 'FRESH-1', mrp: 10 });
    expect(created.statusCode, created.body).toBe(201);
    return { fresh, slug: created.json().slug as string };
  }

  it('a NUL (400) or non-slug text (404) leaves the bundle working for the next visitor', async () => {
    const { fresh, slug } = await freshContext();
    try {
      for (const junk of ['%00', 'a%00b']) {
        const res = await fresh.as().get(`/api/public/products/slug/${junk}/bundle`);
        expect(res.statusCode, `${junk}: ${res.body}`).toBe(400);
        expect(res.json().error).toBe(API_ERROR.nulCharacter);
      }
      for (const junk of ['%F2%A1%B6%91', 'UPPER', '-x-', 'a--b', '..']) {
        const res = await fresh.as().get(`/api/public/products/slug/${junk}/bundle`);
        expect(res.statusCode, `${junk}: ${res.body}`).toBe(404);
      }
      const res = await fresh.as().get(`/api/public/products/slug/${slug}/bundle`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().base.slug).toBe(slug);
    } finally {
      await fresh.close();
    }
  });

  it('still answers when the driver lost track of the prepared statement', async () => {
    const { fresh, slug } = await freshContext();
    try {
      // A failed Bind on the statement's first use: on PGlite the server keeps the statement the
      // driver then forgets, and the next Parse of it answers 42P05.
      await expect(
        fresh.database.pool.query({ name: BUNDLE_STATEMENT, text: BUNDLE_SQL, values: ['\u0000'] }),
      ).rejects.toMatchObject({ code: '22021' });
      for (let i = 0; i < 2; i++) {
        const res = await fresh.as().get(`/api/public/products/slug/${slug}/bundle`);
        expect(res.statusCode, res.body).toBe(200);
      }
    } finally {
      await fresh.close();
    }
  });
});
