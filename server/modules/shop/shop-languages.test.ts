import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueKeys } from '#domain/i18n';
import { SHOP_CATALOGUES, shopText } from '#domain/shop-texts';
import { createCategory, createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * The shop in two languages (ADR 0035): the German pages under /de/shop with their words, names
 * and links in German, each page's language marks, the sitemap, and the page caches kept apart.
 */
const PUBLIC_URL = 'https://shop.example.com';
const DE = shopText('de');

let ctx: TestContext;
let slug: string;
let productId: number;
const visit = (url: string) => ctx.as().get(url);

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL, LOCALES: 'en,de' });
  const category = await createCategory(ctx.admin, { name: 'Drills' });
  const p = await createProduct(ctx.admin, { name: 'Cordless drill', category_id: category.id, mrp: 1234.5 });
  slug = p.slug;
  productId = p.id;
  await ctx.admin.ok('PUT', `/api/products/${p.id}/translations/de`, {
    name: 'Akkubohrer',
    seo_description: 'Akkubohrer günstig anfragen',
  });
  await ctx.admin.ok('PUT', `/api/categories/${category.id}/translations/de`, { name: 'Bohrmaschinen' });
});
afterAll(() => ctx.close());

describe('the shop catalogues', () => {
  it('has every key of the English catalogue in every other language', () => {
    const source = catalogueKeys(SHOP_CATALOGUES.en);
    for (const [locale, catalogue] of Object.entries(SHOP_CATALOGUES))
      expect(catalogueKeys(catalogue), locale).toEqual(expect.arrayContaining(source));
  });
});

describe('the German shop', () => {
  it('serves the list, a product and the basket in German, with the names translated', async () => {
    const list = await visit('/de/shop');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<html lang="de">');
    expect(list.body).toContain(`<h1>${DE.allProducts}</h1>`);
    expect(list.body).toContain(`href="/de/shop/${slug}">Akkubohrer</a>`);
    expect(list.body).toContain('>Bohrmaschinen</a>');
    // Money as German writes it.
    expect(list.body).toContain('1.234,50');

    const page = await visit(`/de/shop/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Akkubohrer</h1>');
    expect(page.body).toContain(DE.addToQuote);
    expect(page.body).toContain('<meta name="description" content="Akkubohrer günstig anfragen">');
    expect(page.body).toContain(`<link rel="canonical" href="${PUBLIC_URL}/de/shop/${slug}">`);

    const basket = await visit('/de/shop/quote');
    expect(basket.body).toContain(`<h1>${DE.basketTitle}</h1>`);
    // The script sends the request's language from here; the default language's page names none.
    expect(basket.body).toContain('data-locale="de"');
    expect((await visit('/shop/quote')).body).not.toContain('data-locale');
  });

  it('marks each page with its alternates and a language switcher', async () => {
    const body = (await visit(`/de/shop/${slug}`)).body;
    expect(body).toContain(`<link rel="alternate" hreflang="en" href="${PUBLIC_URL}/shop/${slug}">`);
    expect(body).toContain(`<link rel="alternate" hreflang="de" href="${PUBLIC_URL}/de/shop/${slug}">`);
    expect(body).toContain(`<link rel="alternate" hreflang="x-default" href="${PUBLIC_URL}/shop/${slug}">`);
    expect(body).toContain(`<a href="/shop/${slug}" hreflang="en" lang="en">English</a>`);
    expect(body).toContain(
      `<a href="/de/shop/${slug}" hreflang="de" lang="de" aria-current="true">Deutsch</a>`,
    );
    // The switcher keeps a search.
    expect((await visit('/shop?q=drill')).body).toContain(
      '<a href="/de/shop?q=drill" hreflang="de" lang="de">',
    );
  });

  it("answers the shop's 404 in German, and for a prefix that is no language of the shop's", async () => {
    const missing = await visit('/de/shop/no-such-product');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain(DE.notFoundTitle);
    const other = await visit('/fr/shop');
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain('<html lang="en">');
    expect((await visit('/fr/shop/x')).statusCode).toBe(404);
    // A first segment that names no language is not the shop's to answer.
    const api = await visit('/api/shop');
    expect([api.statusCode, api.headers['content-type']]).toEqual([404, expect.stringContaining('json')]);
    const bad = await visit('/de/shop?page=0');
    expect([bad.statusCode, bad.body.includes(DE.badRequestText)]).toEqual([400, true]);
    // The default language has no prefix: its would-be address leads to its page.
    const en = await visit(`/en/shop/${slug}`);
    expect([en.statusCode, en.headers.location]).toEqual([301, `/shop/${slug}`]);
  });

  it("keeps each language's pages apart in the caches", async () => {
    // Each read twice, alternately, so that a shared entry would be served to the other language.
    for (let i = 0; i < 2; i++) {
      const en = (await visit(`/shop/${slug}`)).body;
      const de = (await visit(`/de/shop/${slug}`)).body;
      expect(en).toContain('<h1>Cordless drill</h1>');
      expect(en).toContain('<html lang="en">');
      expect(de).toContain('<h1>Akkubohrer</h1>');
      const enList = (await visit('/shop')).body;
      const deList = (await visit('/de/shop')).body;
      expect(enList).toContain('>Cordless drill</a>');
      expect(enList).not.toContain('Akkubohrer');
      expect(deList).toContain('>Akkubohrer</a>');
    }
    // A translation written later shows at once: it clears the pages as any catalogue write does.
    await ctx.admin.ok('PUT', `/api/products/${productId}/translations/de`, { name: 'Schlagbohrer' });
    expect((await visit(`/de/shop/${slug}`)).body).toContain('<h1>Schlagbohrer</h1>');
    expect((await visit('/de/shop')).body).toContain('>Schlagbohrer</a>');
  });

  it("lists every language's product pages in the sitemap and lets crawlers in", async () => {
    const sitemap = (await visit('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/shop/${slug}</loc>`);
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/de/shop/${slug}</loc>`);
    expect((await visit('/robots.txt')).body).toContain('Allow: /de/shop\n');
  });
});
