import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { createShopService } from '../shop/shop.service';

let ctx: TestContext;
let bohrschrauber: { id: number; slug: string };
let akkubohrer: { id: number; slug: string };
let saege: { id: number; slug: string };

const translate = (id: number, body: object) =>
  ctx.admin.ok('PUT', `/api/products/${id}/translations/de`, body);

/** The slugs the public product list answers, best match first. */
const found = async (q: string, locale?: string) =>
  (
    (await ctx
      .as()
      .ok(
        'GET',
        `/api/public/products?q=${encodeURIComponent(q)}${locale ? `&locale=${locale}` : ''}&limit=20`,
      )) as { data: { slug: string }[] }
  ).data.map((p) => p.slug);

beforeAll(async () => {
  ctx = await createTestContext({ LOCALES: 'en,de' });
  bohrschrauber = await createProduct(ctx.admin, {
    name: 'Quillon cordless drill driver',
    sku: 'QDE-4410',
    description: 'Drives screws into timber and steel.',
  });
  await translate(bohrschrauber.id, {
    name: 'Quillon Akku-Bohrschrauber',
    description: 'Dreht Schrauben in Holz und Metall, mit zwei Gängen.',
  });
  akkubohrer = await createProduct(ctx.admin, {
    name: 'Quillon compact drill 18 V',
    sku: 'QDE-4411',
    description: 'A light drill for the workshop.',
  });
  await translate(akkubohrer.id, { name: 'Quillon Akkubohrer 18 V kompakt' });
  saege = await createProduct(ctx.admin, {
    name: 'Quillon circular saw',
    sku: 'QDE-4412',
    description: 'Cuts boards.',
  });
  await translate(saege.id, { name: 'Quillon Kreissäge', description: 'Sägt Bretter aus Holz.' });
});
afterAll(() => ctx.close());

describe('search in a locale (?locale=de)', () => {
  it('matches the translated words in their German forms', async () => {
    // "Schraube" and "Bretter" as typed; the documents hold "Schrauben" and "Brettern"'s stem.
    expect(await found('Schraube', 'de')).toEqual([bohrschrauber.slug]);
    expect(await found('Brett', 'de')).toEqual([saege.slug]);
    expect(await found('Bohrschraubers', 'de')).toEqual([bohrschrauber.slug]);
    expect(await found('Gang', 'de')).toEqual([bohrschrauber.slug]);
    // Words in both: "Holz" is in two translations.
    expect((await found('Holz', 'de')).sort()).toEqual([bohrschrauber.slug, saege.slug].sort());
  });

  it('finds compounds: a word inside a longer one, and a compound split into its parts', async () => {
    // "Bohrer" starts "Bohrschrauber" and ends "Akkubohrer".
    expect((await found('Bohrer', 'de')).sort()).toEqual([akkubohrer.slug, bohrschrauber.slug].sort());
    // "Akkubohrer": its own product first, and "Akku-Bohrschrauber" as akku + bohr….
    expect(await found('Akkubohrer', 'de')).toEqual([akkubohrer.slug, bohrschrauber.slug]);
    expect(await found('Säge', 'de')).toEqual([saege.slug]);
  });

  it('finds SKUs and numbers as the default language does', async () => {
    expect(await found('QDE-4411', 'de')).toEqual([akkubohrer.slug]);
    expect(await found('qde4411', 'de')).toEqual([akkubohrer.slug]);
    expect(await found('Akkubohrer 18V', 'de')).toEqual([akkubohrer.slug]);
  });

  it("falls back to the default language's words, a word on either side", async () => {
    expect(await found('cordless', 'de')).toEqual([bohrschrauber.slug]);
    expect(await found('circular saws', 'de')).toEqual([saege.slug]);
    // German and English words in one query; a German stop word is left out.
    expect(await found('Akku-Bohrschrauber für timber', 'de')).toEqual([bohrschrauber.slug]);
    expect(await found('Kreissäge zzunknown', 'de')).toEqual([]);
  });

  it('leaves the default search as it was: no German words, the same order', async () => {
    expect(await found('Bohrer')).toEqual([]);
    expect(await found('Schraube')).toEqual([]);
    expect(await found('quillon drill')).toEqual([akkubohrer.slug, bohrschrauber.slug]);
    expect(await found('quillon drill', 'de')).toEqual([akkubohrer.slug, bohrschrauber.slug]);
  });

  it('reads a translation as it is written: a changed name is searched at once', async () => {
    await translate(saege.id, { name: 'Quillon Handkreissäge' });
    expect(await found('Handkreissäge', 'de')).toEqual([saege.slug]);
    expect(await found('Kreissäge', 'de')).toEqual([saege.slug]);
  });

  it("the shop's catalogue takes the locale for its search", async () => {
    const shop = createShopService(ctx.database.db);
    const page = (q: string, locale?: string) =>
      shop.catalogue({
        q,
        categoryIds: null,
        brandId: null,
        priceMin: null,
        priceMax: null,
        specs: [],
        sort: 'relevance',
        page: 1,
        locale,
      });
    expect((await page('Akkubohrer', 'de')).cards.map((c) => c.slug)).toEqual([
      akkubohrer.slug,
      bohrschrauber.slug,
    ]);
    expect((await page('Akkubohrer')).total).toBe(0);
  });
});
