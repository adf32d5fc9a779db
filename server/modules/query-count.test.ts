import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetEstimates } from '../db/query/counting';
import { forgetSearchSamples } from '../db/query/search';
import type { Method } from '../test/client';
import { createBrand, createCategory, createCustomer, createProduct, signInBuyer } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { png } from '../test/images';
import { uploadImages } from '../test/uploads';

/**
 * No endpoint issues more queries as the data grows. Every list and the bundle are
 * requested on a small catalogue, the catalogue is grown (more rows, sections, images, a deeper
 * category tree, more discounts), and the same requests must issue the same number of queries,
 * each under a fixed ceiling.
 */
let ctx: TestContext;
let queries = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const pool = ctx.database.pool;
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  // Every statement the app sends outside a transaction goes through pool.query (drizzle's
  // node-postgres session does); transactions are not used by these read endpoints.
  (pool as unknown as { query: typeof query }).query = (...args: unknown[]) => {
    queries += 1;
    return query(...args);
  };
});
afterAll(() => ctx.close());

async function addImages(productId: number, count: number) {
  const files = [];
  for (let i = 0; i < count; i++)
    files.push({ name: `p${i}.png`, bytes: await png(`#${(i * 40).toString(16).padStart(2, '0')}0000`) });
  const upload = await uploadImages(ctx.as(ctx.adminToken), productId, files);
  expect(upload.statusCode, upload.body).toBe(201);
}

let serial = 0;
/** Adds n products, each with a category chain, a brand, sections, images and discounts. */
async function grow(n: number, richness: number) {
  const slugs: string[] = [];
  for (let i = 0; i < n; i++) {
    serial += 1;
    const brand = await createBrand(ctx.admin, { name: `Count Brand ${serial}` });
    let parent: number | null = null;
    for (let depth = 0; depth < richness; depth++)
      parent = (await createCategory(ctx.admin, { name: `Count Cat ${serial}-${depth}`, parent_id: parent }))
        .id;
    const product = await createProduct(ctx.admin, {
      name: `Counted ${serial}`,
      sku: `CNT-${serial}`,
      mrp: 50,
      brand_id: brand.id,
      category_id: parent,
    });
    for (let s = 0; s < richness; s++) {
      await ctx.admin.ok('POST', `/api/products/${product.id}/lists`, {
        title: `List ${s}`,
        items: Array.from({ length: richness }, (_, k) => ({ caption: `Item ${k}` })),
      });
      await ctx.admin.ok('POST', `/api/products/${product.id}/spec-groups`, {
        name: `Specs ${s}`,
        specs: Array.from({ length: richness }, (_, k) => ({ label: `L${k}`, value: `${k}` })),
      });
    }
    if (richness > 1) await addImages(product.id, richness);
    for (const [applies_to, target] of [
      ['brand', { brand_id: brand.id }],
      ['category', { category_id: parent }],
      ['product', { product_id: product.id }],
    ] as [string, Record<string, number | null>][]) {
      await ctx.admin.ok('POST', '/api/discounts', {
        name: `Deal ${serial} ${applies_to}`,
        type: 'percent',
        value: 5,
        applies_to,
        product_id: null,
        category_id: null,
        brand_id: null,
        ...target,
        starts_at: '',
        ends_at: '',
        active: 1,
      });
    }
    await ctx.as().post('/api/inquiries', {
      name: `Asker ${serial}`,
      email: `asker${serial}@example.com`,
      subject: 'Quote',
      message: 'Hi',
      product_id: product.id,
    });
    slugs.push(product.slug);
  }
  return slugs;
}

const LIST_URLS = [
  '/api/products?limit=20',
  '/api/products?q=counted&limit=20',
  '/api/categories?limit=20',
  '/api/categories?q=count&sortBy=name&order=desc',
  '/api/brands?limit=20&q=brand',
  '/api/inquiries?perPage=20&q=asker&sortBy=email',
  '/api/inquiries?perPage=20&status=new&owner=nobody&from=2000-01-01',
  '/api/discounts?limit=20',
  '/api/orders?limit=20&status=confirmed&owner=nobody&from=2000-01-01',
  '/api/orders?limit=20&q=asker&sortBy=total',
  '/api/users',
  '/api/dashboard',
  '/api/public/brands',
  '/api/public/categories',
  '/api/public/products?q=counted',
];

async function countQueries(url: string, headers: Record<string, string> = ctx.auth(ctx.adminToken)) {
  queries = 0;
  const res = await ctx.as().get(url, { headers: headers });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return queries;
}

describe('queries per request do not grow with the data', () => {
  it('lists, the dashboard and the bundle issue the same few queries on a small and a grown catalogue', async () => {
    const [smallSlug] = await grow(1, 1);
    const small: Record<string, number> = {};
    // Each round asks the planner afresh and reads the column samples afresh (searches remember
    // both for a while).
    forgetEstimates(ctx.database.db);
    forgetSearchSamples(ctx.database.db);
    for (const url of LIST_URLS) small[url] = await countQueries(url);
    const smallBundle = await countQueries(`/api/public/products/slug/${smallSlug}/bundle`, {});

    const bigSlugs = await grow(25, 4);
    const big: Record<string, number> = {};
    forgetEstimates(ctx.database.db);
    forgetSearchSamples(ctx.database.db);
    for (const url of LIST_URLS) big[url] = await countQueries(url);
    // A grown product (4 lists, 4 spec groups of 4, 4 images, a 4-deep category chain).
    const bigBundle = await countQueries(`/api/public/products/slug/${bigSlugs[0]}/bundle`, {});

    expect(big).toEqual(small);
    // One statement assembles the whole bundle; a second request is served from the cache.
    expect(smallBundle).toBe(1);
    expect(bigBundle).toBe(1);
    expect(await countQueries(`/api/public/products/slug/${bigSlugs[0]}/bundle`, {})).toBe(0);
    // Fixed ceilings. A staff list is the token's user plus ONE statement for its page, total and
    // prices; a search of products or inquiries first reads its columns' samples (db/query/search.ts)
    // and asks the planner for its estimate, both remembered for a while, then finds the page's
    // ids and count before reading the page (idsFirst). The dashboard runs one aggregate per
    // panel; public lists need no token.
    // An inbox search reads more before its page, as it finds a request by its words (forms and
    // typos), by a substring and by a basket line's SKU: (1) the token's user, (2) the columns'
    // samples, (3) the query's words against the inbox's vocabulary (stems, typo neighbours),
    // (4) the planner's estimate for the substring, which picks whether the words are read from
    // their index, (5) the planner's estimate for the whole search, which picks how the page is
    // found, and (6) the page's rows by their ids. The statement that finds those ids also finds
    // the total, the counts per status, the requests whose words match (stockroom_inquiry_matches)
    // and whose lines hold the SKU; for few matches it begins with WITH, so it goes through a checked-out
    // connection (history/actor.ts) and is not counted here.
    const ceiling = (url: string) => {
      if (url === '/api/dashboard') return 9;
      if (/^\/api\/inquiries\?.*q=/.test(url)) return 6;
      // The shop's search reads its words against the catalogue's vocabulary (stems, typo
      // neighbours), then finds its products in one statement.
      if (url.startsWith('/api/public/products?') && url.includes('q=')) return 2;
      if (url.startsWith('/api/public/')) return 1;
      return /^\/api\/(products|inquiries|orders)\?.*q=/.test(url) ? 5 : 2;
    };
    for (const [url, n] of Object.entries(big)) expect(n, url).toBeLessThanOrEqual(ceiling(url));
    expect(big['/api/inquiries?perPage=20&q=asker&sortBy=email']).toBe(6);
    // Asked again with no request written since, the search's page is kept (inbox-pages.ts): the
    // token's user and the page's rows by their ids.
    expect(await countQueries('/api/inquiries?perPage=20&q=asker&sortBy=email')).toBe(2);
  });
});

describe('what a customer pays is read in one statement', () => {
  // Every statement, whichever connection sends it: a statement that begins with WITH goes through
  // a checked-out client (history/actor.ts), which pool.query above does not see.
  let statements = 0;
  const clientQuery = pg.Client.prototype.query;
  beforeAll(() => {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      statements += 1;
      return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof clientQuery;
  });
  afterAll(() => {
    pg.Client.prototype.query = clientQuery;
  });
  it("for a quote of many lines and for the buyer's own prices, whatever the lines and lists", async () => {
    const buyer = await createCustomer(ctx, { company: 'Counted Agreements Ltd' });
    const variantIds: number[] = [];
    for (let i = 0; i < 8; i++) {
      const product = await createProduct(ctx.admin, { mrp: 20 + i });
      variantIds.push((await ctx.admin.ok('GET', `/api/products/${product.id}/variants`)).data[0].id);
    }
    for (const [name, whose] of [
      ['Counted company list', { company_ids: [buyer.company.id], customer_ids: [] }],
      ['Counted customer list', { company_ids: [], customer_ids: [buyer.id] }],
    ] as const) {
      const list = await ctx.admin.ok('POST', '/api/price-lists', {
        name,
        type: 'fixed',
        active: true,
        ...whose,
      });
      await ctx.admin.ok('PUT', `/api/price-lists/${list.id}/prices`, {
        prices: variantIds.map((variant_id, i) => ({ variant_id, price: 10 + i })),
      });
    }
    const token = await signInBuyer(ctx, buyer.email);
    /** The statements one request issues, and the unit prices it answers. */
    const counted = async (token: string, method: Method, url: string, body?: object) => {
      statements = 0;
      const answer = await ctx.as(token).ok(method, url, body);
      return {
        queries: statements,
        prices: (answer.data as { unit_price: number }[]).map((p) => p.unit_price),
      };
    };
    for (const n of [1, 8]) {
      const ids = variantIds.slice(0, n);
      // The buyer's session with its customer, then the prices.
      const own = await counted(token, 'GET', `/api/account/prices?variant_ids=${ids.join(',')}`);
      expect(own).toEqual({ queries: 2, prices: ids.map((_, i) => 10 + i) });
      // The token's user, then the customer, the variants and the lists together.
      const quote = await counted(ctx.adminToken, 'POST', '/api/pricing', {
        customer_id: buyer.id,
        lines: ids.map((variant_id) => ({ variant_id, quantity: 3 })),
      });
      expect(quote).toEqual({ queries: 2, prices: ids.map((_, i) => 10 + i) });
    }
  });
});
