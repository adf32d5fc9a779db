import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_PAGE_SIZE } from '#domain/shop';
import { SHOP_TEXT } from '#domain/shop-texts';
import { loadConfig } from '../../config';
import { createBrand, createCategory, createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { png } from '../../test/images';
import { uploadImages } from '../../test/uploads';
import { createBundleService } from '../products/bundle.service';
import { createProductPages } from './product-pages';
import type { ShopChrome } from './render/layout';
import { shopRoutes } from './shop.routes';
import { createShopService } from './shop.service';

/**
 * The visitors' shop through the real app: the catalogue's filters and paging (published
 * products only), the product page's head and structured data, its cache and ETag, the shop's
 * own 400 and 404 pages, escaping of stored text, the sitemap and robots.txt.
 */
const PUBLIC_URL = 'https://shop.example.com';
const COMPANY = 'Acme Supply';

let ctx: TestContext;
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};

const visit = (url: string, headers: Record<string, string> = {}) => ctx.as().get(url, { headers: headers });

/** A product kept by key, with no SKU unless the payload names one. */
async function product(key: string, payload: object) {
  const p = await createProduct(ctx.admin, { sku: undefined, ...payload });
  ids[key] = p.id;
  slugs[key] = p.slug;
  return p;
}

async function uploadImage(productId: number, color: string) {
  const upload = await uploadImages(ctx.admin, productId, [{ name: 'a.png', bytes: await png(color, 24) }]);
  expect(upload.statusCode, upload.body).toBe(201);
  return upload.json().data[0].url as string;
}

/** The product names on a catalogue page, in order, as their cards' links show them. */
const cardNames = (html: string) =>
  [...html.matchAll(/<h2 class="card-title"><a href="\/shop\/[^"]+">([^<]*)<\/a><\/h2>/g)].map((m) =>
    fromHtml(m[1]),
  );
const fromHtml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
const meta = (html: string, attr: 'name' | 'property', key: string) => {
  const m = new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html);
  return m ? fromHtml(m[1]) : null;
};
const jsonLd = (html: string) => {
  const m = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html);
  if (!m) throw new Error('no JSON-LD block');
  return JSON.parse(m[1]);
};

const HOSTILE = `<script>alert("x")</script> & 'Co' <img src=x onerror=alert(1)>`;

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL, COMPANY_NAME: COMPANY });
  const tools = await createCategory(ctx.admin, { name: 'Tools' });
  const power = await createCategory(ctx.admin, { name: 'Power Tools', parent_id: tools.id });
  const drills = await createCategory(ctx.admin, { name: 'Drills', parent_id: power.id });
  const garden = await createCategory(ctx.admin, { name: 'Garden' });
  const bulk = await createCategory(ctx.admin, { name: 'Bulk' });
  const hostileCategory = await createCategory(ctx.admin, { name: `Cat ${HOSTILE}` });
  Object.assign(ids, {
    tools: tools.id,
    power: power.id,
    drills: drills.id,
    garden: garden.id,
    bulk: bulk.id,
    hostileCategory: hostileCategory.id,
  });
  const acme = await createBrand(ctx.admin, { name: 'Acme' });
  const bolt = await createBrand(ctx.admin, { name: 'Bolt' });
  const hostileBrand = await createBrand(ctx.admin, { name: `Brand ${HOSTILE}` });
  Object.assign(ids, { acme: acme.id, bolt: bolt.id, hostileBrand: hostileBrand.id });

  await product('drill', {
    name: 'Cordless Drill',
    sku: 'DR-100',
    mrp: 100,
    brand_id: acme.id,
    category_id: drills.id,
    description: `A drill that drills. ${'Long words about drilling. '.repeat(20)}`,
  });
  await product('hammer', {
    name: 'Claw Hammer',
    sku: 'HM-1',
    mrp: 20,
    brand_id: bolt.id,
    category_id: tools.id,
  });
  await product('rake', { name: 'Leaf Rake', mrp: 15, brand_id: acme.id, category_id: garden.id });
  await product('draft', { name: 'Secret Saw', mrp: 50, category_id: power.id, status: 'draft' });
  await product('hostile', {
    name: `Evil ${HOSTILE}`,
    sku: `SKU<>"'`,
    mrp: 5,
    brand_id: hostileBrand.id,
    category_id: hostileCategory.id,
    description: `</script><script>alert(2)</script> -->`,
  });
  // A discount on the drill: the card and the page show the one pricing rule's answer.
  const discounted = await ctx.as(ctx.adminToken).put(`/api/products/${ids.drill}`, {
    name: 'Cordless Drill',
    sku: 'DR-100',
    brand_id: acme.id,
    category_id: drills.id,
    description: `A drill that drills. ${'Long words about drilling. '.repeat(20)}`,
    pricing: { mrp: 100, discountPercent: 10 },
  });
  expect(discounted.statusCode, discounted.body).toBe(200);
  await ctx.admin.ok('POST', `/api/products/${ids.drill}/spec-groups`, {
    name: 'Specifications',
    specs: [{ label: 'Voltage', value: '18', unit: 'V' }],
  });
  await ctx.admin.ok('POST', `/api/products/${ids.drill}/lists`, {
    title: 'In the box',
    items: [{ caption: 'Battery' }],
  });
  await ctx.admin.ok('POST', `/api/products/${ids.hostile}/lists`, {
    title: `List ${HOSTILE}`,
    items: [{ caption: HOSTILE }],
  });
  await ctx.admin.ok('POST', `/api/products/${ids.hostile}/tables`, {
    heading: `Table ${HOSTILE}`,
    columns: ['<b>Col</b>'],
    rows: [[HOSTILE]],
    note: HOSTILE,
  });
  await uploadImage(ids.drill, '#123456');
  await uploadImage(ids.drill, '#654321');
  for (let i = 1; i <= SHOP_PAGE_SIZE + 6; i++)
    await createProduct(ctx.admin, {
      sku: undefined,
      name: `Bulk Item ${String(i).padStart(2, '0')}`,
      mrp: i,
      category_id: bulk.id,
    });
});
afterAll(() => ctx.close());

describe('the catalogue', () => {
  it('lists published products only, newest first, as HTML with landmarks', async () => {
    const res = await visit('/shop?category=tools');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    for (const landmark of [
      '<header',
      '<nav',
      '<main id="main"',
      '<footer',
      'class="skip-link" href="#main"',
    ])
      expect(html).toContain(landmark);
    expect(cardNames(html)).toEqual(['Claw Hammer', 'Cordless Drill']);
    expect(html).not.toContain('Secret Saw');
    expect(html).toContain(SHOP_TEXT.results(2, true));
    // No staff app: neither its shell nor its script.
    expect(html).not.toContain('id="root"');
    expect(html).not.toContain('main.tsx');
  });

  it('shows every published product below a category, and the tree along its path', async () => {
    const power = await visit('/shop?category=power-tools');
    expect(cardNames(power.body)).toEqual(['Cordless Drill']);
    expect(power.body).toMatch(/aria-current="page"[^>]*>Power Tools<\/a>/);
    // The roots, and the children along the chosen path (Drills under Power Tools).
    for (const name of ['Tools', 'Garden', 'Bulk', 'Drills']) expect(power.body).toContain(`>${name}</a>`);
    const roots = await visit('/shop');
    expect(roots.body).not.toContain('>Drills</a>');
    expect(cardNames((await visit('/shop?category=drills')).body)).toEqual(['Cordless Drill']);
  });

  it('searches names and SKUs, filters by brand, and keeps the state in the URL', async () => {
    expect(cardNames((await visit('/shop?q=drill')).body)).toEqual(['Cordless Drill']);
    expect(cardNames((await visit('/shop?q=HM-1')).body)).toEqual(['Claw Hammer']);
    expect(cardNames((await visit('/shop?brand=acme')).body)).toEqual(['Leaf Rake', 'Cordless Drill']);
    expect(cardNames((await visit('/shop?brand=acme&category=tools')).body)).toEqual(['Cordless Drill']);
    expect(cardNames((await visit('/shop?q=saw')).body)).toEqual([]);
    const searched = (await visit('/shop?q=drill&brand=acme')).body;
    // The header's search keeps the brand; the category links keep the search and the brand.
    expect(searched).toContain('<input type="hidden" name="brand" value="acme">');
    expect(searched).toContain('href="/shop?q=drill&amp;category=tools&amp;brand=acme"');
    expect(searched).toContain('<meta name="robots" content="noindex, follow">');
  });

  it('prices cards by the one pricing rule: the MRP struck through, the final price, the badge', async () => {
    const html = (await visit('/shop?q=drill')).body;
    expect(html).toContain('$90.00');
    expect(html).toMatch(/<s class="price-mrp"><span class="visually-hidden">[^<]*<\/span>\$100\.00<\/s>/);
    expect(html).toContain('<span class="badge">10% OFF</span>');
    // The card's image is the primary image's thumbnail, framed so nothing shifts.
    expect(html).toMatch(
      /<img src="\/uploads\/[\w-]+-thumb\.webp" alt="" width="320" height="320" loading="lazy" decoding="async">/,
    );
  });

  it('pages by 24 with previous and next links', async () => {
    const first = (await visit('/shop?category=bulk')).body;
    expect(cardNames(first)).toHaveLength(SHOP_PAGE_SIZE);
    expect(cardNames(first)[0]).toBe('Bulk Item 30');
    expect(first).toContain('href="/shop?category=bulk&amp;page=2" rel="next"');
    expect(first).toContain(SHOP_TEXT.results(30, true));
    const second = (await visit('/shop?category=bulk&page=2')).body;
    expect(cardNames(second)).toEqual(['06', '05', '04', '03', '02', '01'].map((n) => `Bulk Item ${n}`));
    expect(second).toContain('href="/shop?category=bulk" rel="prev"');
    expect(second).not.toContain('rel="next"');
    const past = await visit('/shop?category=bulk&page=9');
    expect(past.statusCode).toBe(200);
    expect(past.body).toContain(SHOP_TEXT.pastLastPage);
  });

  it('shows an empty state with a link that clears the filters', async () => {
    for (const url of ['/shop?q=nothing-like-this', '/shop?brand=acme&category=bulk']) {
      const html = (await visit(url)).body;
      expect(cardNames(html), url).toEqual([]);
      expect(html).toContain(SHOP_TEXT.noResults);
      expect(html).not.toContain(SHOP_TEXT.noProductsYet);
      expect(html).toContain(`<a href="/shop">${SHOP_TEXT.clearFilters}</a>`);
    }
  });

  it('folds the category tree and the brand filter behind a summary that counts the chosen ones', async () => {
    const summary = (html: string) => /<summary class="filters-toggle">([^<]*)<\/summary>/.exec(html)?.[1];
    expect(summary((await visit('/shop')).body)).toBe('Filters');
    // The search is the header's, not the panel's: it does not count.
    expect(summary((await visit('/shop?q=drill')).body)).toBe('Filters');
    expect(summary((await visit('/shop?category=tools')).body)).toBe('Filters (1)');
    expect(summary((await visit('/shop?brand=acme')).body)).toBe('Filters (1)');
    const both = (await visit('/shop?q=drill&category=tools&brand=acme')).body;
    expect(summary(both)).toBe('Filters (2)');
    // Folded as sent (the stylesheet opens it on wide screens); the tree and the brand inside it.
    const fold = /<details class="filters-fold" data-filters>([\s\S]*?)<\/details>/.exec(both)?.[1] ?? '';
    expect(fold).toContain('<nav class="category-nav"');
    expect(fold).toContain('<select id="brand-select" name="brand">');
    // Without the script the brand still applies with its button.
    expect(fold).toMatch(/<form class="brand-filter" action="\/shop" method="get" data-brand-filter>/);
    expect(fold).toContain(
      `<button type="submit" class="button-secondary" data-apply>${SHOP_TEXT.apply}</button>`,
    );
  });

  it("answers a bad query with the shop's own 400 page, and an unknown slug with its 404", async () => {
    for (const url of ['/shop?page=abc', '/shop?page=0', `/shop?q=${'x'.repeat(201)}`, '/shop?q=a&q=b']) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(SHOP_TEXT.badRequestTitle);
      expect(res.body).toContain('href="/shop"');
    }
    for (const url of ['/shop?category=no-such', '/shop?brand=no-such', '/shop?category=Not%20A%20Slug']) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain(SHOP_TEXT.notFoundTitle);
    }
    // Links from elsewhere carry keys of their own; empty form fields mean no filter.
    expect((await visit('/shop?utm_source=mail&category=&brand=&q=')).statusCode).toBe(200);
  });
});

describe('catalogue pages kept between visits', () => {
  /** A write no trigger announces (as replica), so only a page read again would show it. */
  async function renameQuietly(id: number, name: string) {
    const client = await ctx.database.pool.connect();
    try {
      await client.query("set session_replication_role = 'replica'");
      await client.query('update products set name = $1 where id = $2', [name, id]);
    } finally {
      await client.query("set session_replication_role = 'origin'");
      client.release();
    }
  }

  // Generous: on a loaded machine each try (two quiet renames, two visits) can take a second.
  async function until(check: () => Promise<boolean>, ms = 15_000) {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  }

  it('serves a page again from the cache, and forgets it on a catalogue write', async () => {
    const url = '/shop?q=rake&sort=name';
    expect(cardNames((await visit(url)).body)).toEqual(['Leaf Rake']);
    // Kept: the unannounced change is not read (once the process listens for catalogue writes;
    // until then nothing is kept).
    const kept = await until(async () => {
      await renameQuietly(ids.rake, 'Leaf Rake');
      await visit(url);
      await renameQuietly(ids.rake, 'Leaf Rake Unseen');
      return cardNames((await visit(url)).body)[0] === 'Leaf Rake';
    });
    expect(kept).toBe(true);
    // Another page is read afresh.
    expect(cardNames((await visit('/shop?q=rake&sort=newest')).body)).toEqual(['Leaf Rake Unseen']);
    const saved = await ctx.as(ctx.adminToken).put(`/api/products/${ids.rake}`, {
      name: 'Leaf Rake',
      brand_id: ids.acme,
      category_id: ids.garden,
      pricing: { mrp: 15 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // This process's write cleared it before answering.
    expect(cardNames((await visit(url)).body)).toEqual(['Leaf Rake']);
    // Kept again; the write's own notice may come back after the answer and forget the page
    // once more, so this retries like the first keep.
    const keptAgain = await until(async () => {
      await renameQuietly(ids.rake, 'Leaf Rake');
      await visit(url);
      await renameQuietly(ids.rake, 'Leaf Rake Again');
      return cardNames((await visit(url)).body)[0] === 'Leaf Rake';
    });
    expect(keptAgain).toBe(true);
    // A write by another process (plain SQL here) reaches the cache through NOTIFY.
    await ctx.database.pool.query("update products set name = 'Leaf Rake' where id = $1", [ids.rake]);
    await ctx.database.pool.query("update products set name = 'Leaf Rake' where id = $1", [ids.rake]);
    expect(
      await until(async () => cardNames((await visit('/shop?q=rake&sort=newest')).body)[0] === 'Leaf Rake'),
    ).toBe(true);
  }, 60_000);

  it('reads a page again when a discount window opens, with no write', async () => {
    const url = '/shop?category=garden&sort=price';
    const cardPrice = async () =>
      /class="price-final"><span[^>]*>[^<]*<\/span>\$(\d+\.\d\d)/.exec((await visit(url)).body)?.[1];
    // Starts on the second after next: the form takes whole seconds.
    const startsAt = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000);
    const res = await ctx.as(ctx.adminToken).post('/api/discounts', {
      name: 'Garden week',
      type: 'amount',
      value: 5,
      applies_to: 'category',
      product_id: null,
      category_id: ids.garden,
      brand_id: null,
      starts_at: startsAt.toISOString().slice(0, 19).replace('T', ' '),
      ends_at: '',
      active: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const before = await cardPrice();
    expect(before).toBe('15.00');
    expect(await cardPrice()).toBe('15.00');
    expect(Date.now()).toBeLessThan(startsAt.getTime());
    expect(await until(async () => (await cardPrice()) === '10.00', 6000)).toBe(true);
    expect(Date.now()).toBeGreaterThanOrEqual(startsAt.getTime());
    const deleted = await ctx.as(ctx.adminToken).delete(`/api/discounts/${res.json().id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await cardPrice()).toBe('15.00');
  });
});

describe('the product page', () => {
  it('has the title, description, canonical URL, Open Graph tags and JSON-LD', async () => {
    const res = await visit(`/shop/${slugs.drill}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<title>Cordless Drill · ${COMPANY}</title>`);
    const description = meta(html, 'name', 'description') ?? '';
    expect(description.startsWith('A drill that drills.')).toBe(true);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description.endsWith('…')).toBe(true);
    const url = `${PUBLIC_URL}/shop/${slugs.drill}`;
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(meta(html, 'property', 'og:title')).toBe('Cordless Drill');
    expect(meta(html, 'property', 'og:description')).toBe(description);
    expect(meta(html, 'property', 'og:type')).toBe('product');
    expect(meta(html, 'property', 'og:image')).toMatch(
      /^https:\/\/shop\.example\.com\/uploads\/[\w]+\.webp$/,
    );
    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Cordless Drill',
      sku: 'DR-100',
      brand: { '@type': 'Brand', name: 'Acme' },
      offers: {
        '@type': 'Offer',
        price: '90.00',
        priceCurrency: 'USD',
        url,
      },
    });
    // The catalogue keeps no stock: the offer claims no availability at all.
    expect(ld.offers).not.toHaveProperty('availability');
    expect(html).not.toContain('InStock');
    expect(ld.image).toHaveLength(2);
    expect(ld.image[0]).toBe(meta(html, 'property', 'og:image'));
    expect(ld.description).toContain('A drill that drills.');
  });

  it('shows the gallery, facts, price, sections in layout order and the quote form', async () => {
    const html = (await visit(`/shop/${slugs.drill}`)).body;
    expect(html).toContain('data-gallery-main');
    expect(html.match(/data-gallery-thumb/g)).toHaveLength(2);
    expect(html).toContain('<dt>SKU</dt><dd>DR-100</dd>');
    expect(html).toContain('<a href="/shop?brand=acme">Acme</a>');
    expect(html).toContain('<a href="/shop?category=drills">Drills</a>');
    // The breadcrumb walks the category's chain, root first.
    expect(html.indexOf('>Tools</a>')).toBeLessThan(html.indexOf('>Power Tools</a>'));
    expect(html.indexOf('>Specifications</h2>')).toBeLessThan(html.indexOf('>In the box</h2>'));
    expect(html).toContain('<tr><th scope="row">Voltage</th><td>18 V</td></tr>');
    expect(html).toMatch(
      /<input id="quantity" name="quantity" type="number"[^>]* min="1" max="9999" step="1"/,
    );
    expect(html).toContain(`data-product-id="${ids.drill}"`);
    expect(html).toContain('data-price="90"');
  });

  it('sends a strong ETag and answers 304 to If-None-Match', async () => {
    const first = await visit(`/shop/${slugs.hammer}`);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await visit(`/shop/${slugs.hammer}`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await visit(`/shop/${slugs.hammer}`, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('is cached per slug, and a product update clears it with the bundles', async () => {
    const before = await visit(`/shop/${slugs.hammer}`);
    expect((await visit(`/shop/${slugs.hammer}`)).body).toBe(before.body);
    const saved = await ctx.as(ctx.adminToken).put(`/api/products/${ids.hammer}`, {
      name: 'Claw Hammer',
      sku: 'HM-1',
      brand_id: ids.bolt,
      category_id: ids.tools,
      description: 'Now with a description',
      pricing: { mrp: 25 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await visit(`/shop/${slugs.hammer}`, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body).toContain('Now with a description');
    expect(after.body).toContain('$25.00');
    // A brand's new name reaches the page too (a catalogue write clears every cached page).
    const renamed = await ctx
      .as(ctx.adminToken)
      .put(`/api/brands/${ids.bolt}`, { name: 'Bolt Works', slug: 'bolt' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await visit(`/shop/${slugs.hammer}`)).body).toContain('Bolt Works');
  });

  it("answers the shop's 404 page for a draft, an unknown, a deleted product and deeper paths", async () => {
    const gone = await product('gone', { name: 'Gone Soon' });
    expect((await visit(`/shop/${gone.slug}`)).statusCode).toBe(200);
    expect((await ctx.as(ctx.adminToken).delete(`/api/products/${gone.id}`)).statusCode).toBe(204);
    for (const url of [
      `/shop/${slugs.draft}`,
      '/shop/no-such-product',
      `/shop/${gone.slug}`,
      '/shop/a/b',
      '/shop/NOT_A_SLUG',
    ]) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain(SHOP_TEXT.notFoundTitle);
      expect(res.body).toContain(`href="/shop">${SHOP_TEXT.backToShop}`);
    }
    // The draft published: its page appears at once.
    const published = await ctx.as(ctx.adminToken).put(`/api/products/${ids.draft}`, {
      name: 'Secret Saw',
      category_id: ids.power,
      pricing: { mrp: 50 },
      status: 'published',
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await visit(`/shop/${slugs.draft}`)).statusCode).toBe(200);
    await ctx.as(ctx.adminToken).put(`/api/products/${ids.draft}`, {
      name: 'Secret Saw',
      category_id: ids.power,
      pricing: { mrp: 50 },
      status: 'draft',
    });
    expect((await visit(`/shop/${slugs.draft}`)).statusCode).toBe(404);
  });
});

describe('stored text is never markup', () => {
  const raw = [
    '<script>alert("x")</script>',
    '<img src=x onerror',
    '<b>Col</b>',
    '</script><script>alert(2)',
  ];

  it('escapes names, brands, categories, descriptions and sections on the product page', async () => {
    const html = (await visit(`/shop/${slugs.hostile}`)).body;
    for (const text of raw) expect(html).not.toContain(text);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;');
    expect(html).toContain('&lt;b&gt;Col&lt;/b&gt;');
    // Exactly one script element besides the JSON-LD data block's (the page's own is absent in tests).
    expect(html.match(/<script/g)).toHaveLength(1);
    const ld = jsonLd(html);
    expect(ld.name).toBe(`Evil ${HOSTILE}`);
    expect(ld.description).toBe('</script><script>alert(2)</script> -->');
    expect(html).toContain('\\u003c/script\\u003e');
  });

  it('escapes them in the catalogue, the category tree and the brand filter', async () => {
    const html = (await visit('/shop?q=Evil')).body;
    for (const text of raw) expect(html).not.toContain(text);
    expect(cardNames(html)).toEqual([`Evil ${HOSTILE}`]);
    const searched = (await visit(`/shop?q=${encodeURIComponent('"><script>')}`)).body;
    expect(searched).not.toContain('"><script>');
    expect(searched).toContain('value="&quot;&gt;&lt;script&gt;"');
  });
});

describe('an empty shop', () => {
  let empty: TestContext;
  beforeAll(async () => {
    empty = await createTestContext({ PUBLIC_URL, COMPANY_NAME: COMPANY });
    await createCategory(empty.admin, { name: 'Tools' });
    await createBrand(empty.admin, { name: 'Acme' });
    // A draft is not in the shop: the shop is still empty.
    await createProduct(empty.admin, { name: 'Draft Saw', sku: undefined, mrp: 5, status: 'draft' });
  });
  afterAll(() => empty.close());
  const see = async (url: string) => {
    const res = await empty.as().get(url);
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };

  it('says it has no products yet, with no filter to clear', async () => {
    for (const url of ['/shop', '/shop?page=2']) {
      const html = await see(url);
      expect(html).toContain(SHOP_TEXT.noProductsYet);
      expect(html).not.toContain(SHOP_TEXT.noResults);
      expect(html).not.toContain(`<a href="/shop">${SHOP_TEXT.clearFilters}</a>`);
    }
  });

  it('says no product matches once a filter or a search is chosen', async () => {
    for (const url of ['/shop?category=tools', '/shop?brand=acme', '/shop?q=saw']) {
      const html = await see(url);
      expect(html, url).toContain(SHOP_TEXT.noResults);
      expect(html, url).not.toContain(SHOP_TEXT.noProductsYet);
    }
  });
});

describe('the quote basket page', () => {
  it('holds the form with the limits, the honeypot and the texts the script needs', async () => {
    const res = await visit('/shop/quote');
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<title>Your quote request · Acme Supply</title>');
    expect(html).toMatch(/<input id="quote-name" name="name" maxlength="120" autocomplete="name" required/);
    expect(html).toMatch(/<input id="quote-company" name="company" maxlength="200"/);
    expect(html).toMatch(/<textarea id="quote-message" name="message" maxlength="5000"/);
    // The basket's products say what is asked: the message is optional here.
    expect(html).toMatch(
      /<textarea id="quote-message" name="message" maxlength="5000" autocomplete="off" aria-describedby/,
    );
    expect(html).toContain(
      '<label for="quote-message">Message <span class="optional">(optional)</span></label>',
    );
    expect(html).toContain(
      '<div class="hp" aria-hidden="true">\n<label for="quote-website">Leave this field empty</label>\n<input id="quote-website" name="website" type="text" tabindex="-1" autocomplete="off">',
    );
    expect(html).toContain('data-subject-one="Quote request: 1 product"');
    expect(html).toContain('data-subject-many="Quote request: {n} products"');
    expect(html).toContain('<noscript>');
  });
});

describe('sitemap and robots.txt', () => {
  it('lists every published product page with absolute URLs', async () => {
    const res = await visit('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${PUBLIC_URL}/shop/${slugs.drill}`);
    expect(locs).not.toContain(`${PUBLIC_URL}/shop/${slugs.draft}`);
    const { rows } = await ctx.database.pool.query(
      "select count(*)::int as n from products where status = 'published'",
    );
    expect(locs).toHaveLength(rows[0].n);
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(res.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
  });

  it('becomes an index of parts past the part size, each part listing its share once', async () => {
    const caches = ctx.app;
    expect(caches).toBeTruthy();
    const app = Fastify().withTypeProvider();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const bundles = createBundleService(ctx.database.pool);
    const shop = createShopService(ctx.database.db);
    const chrome: ShopChrome = {
      companyName: COMPANY,
      publicUrl: PUBLIC_URL,
      currency: 'USD',
      assets: { script: null, styles: [], preload: [] },
    };
    const pages = createProductPages({ bundles, shop, chrome, maxEntries: 10 });
    await app.register(shopRoutes({ shop, pages, chrome, sitemapPartSize: 7 }));
    try {
      const total = await shop.publishedCount();
      const parts = Math.ceil(total / 7);
      const index = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
      expect(index).toContain('<sitemapindex');
      const partUrls = [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
      expect(partUrls).toEqual(
        Array.from({ length: parts }, (_, i) => `${PUBLIC_URL}/sitemap.xml?page=${i + 1}`),
      );
      const seen: string[] = [];
      for (let part = 1; part <= parts; part++) {
        const body = (await app.inject({ method: 'GET', url: `/sitemap.xml?page=${part}` })).body;
        seen.push(...[...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]));
      }
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      expect((await app.inject({ method: 'GET', url: `/sitemap.xml?page=${parts + 1}` })).statusCode).toBe(
        404,
      );
    } finally {
      await app.close();
    }
  });

  it('robots.txt lets crawlers into the shop and out of the staff app and the API', async () => {
    const res = await visit('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    for (const line of [
      'User-agent: *',
      'Allow: /shop',
      'Disallow: /api/',
      'Disallow: /',
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    ])
      expect(lines).toContain(line);
  });
});

describe('slugs', () => {
  it("never gives a product the basket page's slug", async () => {
    const quote = await product('quote', { name: 'Quote' });
    expect(quote.slug).toBe('quote-2');
    expect((await visit('/shop/quote-2')).body).toContain('<title>Quote · Acme Supply</title>');
  });
});

describe('configuration', () => {
  const dataDir = path.join(tmpdir(), 'stockroom-shop-config');
  it('takes PUBLIC_URL as an origin (default: the listen address) and COMPANY_NAME', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '4000' });
    expect(defaults.publicUrl).toBe('http://127.0.0.1:4000');
    expect(defaults.companyName).toBe('Stockroom');
    const set = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'https://shop.example.com/',
      COMPANY_NAME: ' Acme ',
    });
    expect(set.publicUrl).toBe('https://shop.example.com');
    expect(set.companyName).toBe('Acme');
    expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'shop.example.com' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'ftp://shop.example.com' })).toThrow(
      /PUBLIC_URL/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'https://example.com/shop' })).toThrow(
      /PUBLIC_URL: must be an origin/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, COMPANY_NAME: 'x'.repeat(101) })).toThrow(/COMPANY_NAME/);
  });
});
