import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPEC_FILTER_LIMITS } from '#domain/shop';
import { SHOP_TEXT } from '#domain/shop-texts';
import { parseSpecValue, specKeyNorm } from '#domain/spec-values';
import type { Db } from '../../db/client';
import { createBrand, createCategory, createProduct, createSpecGroup } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { createShopService } from './shop.service';

/**
 * The shop's facets through the real app, on a catalogue counted by hand (below): each facet's
 * counts, counted without its own filter; numeric spec values in order and as ranges; the sorts;
 * the filters kept in every link and form; and bad filter values answered 400, never 500.
 *
 * Tools (with Drills below it) and Garden; brands Acme and Bolt:
 *   Drill A  Acme Drills 100  Voltage 18 V ("18" + "V"), Material Steel
 *   Drill B  Acme Drills 150  Voltage 12V, Material Steel
 *   Drill C  Bolt Drills  80  Voltage "18 V", Chuck 10 mm
 *   Saw D    Bolt Tools   60  Voltage 18 V, Material Aluminium, Length 40 mm
 *   Saw E    Acme Tools  200  Length 100 mm, Material Steel
 *   Draft F  Acme Drills  90  Voltage 18 V, a draft: never counted
 *   Rake G   Bolt Garden  30  Material Oak
 */
let ctx: TestContext;
const ids: Record<string, number> = {};
const groups: Record<string, number> = {};

const visit = (url: string) => ctx.as().get(url);
const query = async <T>(text: string, values: unknown[] = []) =>
  (await ctx.database.pool.query(text, values)).rows as T[];

type Spec = { label: string; value: string; unit?: string };
/** A product kept by key, with no SKU, and its specs (a unit left out is sent empty) in one group. */
async function product(key: string, payload: object, specs: Spec[]) {
  const p = await createProduct(ctx.admin, { sku: undefined, ...payload });
  ids[key] = p.id;
  if (specs.length > 0)
    groups[key] = (
      await createSpecGroup(
        ctx.admin,
        p.id,
        specs.map((s) => ({ unit: '', ...s })),
        { name: 'Specifications' },
      )
    ).id;
}

const cardNames = (html: string) =>
  [...html.matchAll(/<h2 class="card-title"><a href="\/shop\/[^"]+">([^<]*)<\/a><\/h2>/g)].map((m) => m[1]);

/** A spec facet's values as "value (count)", in the order shown. */
function facetValues(html: string, key: string): string[] | null {
  const fieldset = new RegExp(
    `<fieldset class="facet">\\s*<legend>${key}</legend>([\\s\\S]*?)</fieldset>`,
  ).exec(html);
  if (!fieldset) return null;
  return [
    ...fieldset[1].matchAll(
      /<input type="checkbox"[^>]*> ([^<]*) <span class="facet-count">\((\d+)\)<\/span>/g,
    ),
  ].map((m) => `${m[1]} (${m[2]})`);
}

/** The brand select's options with their counts. */
const brandOptions = (html: string) =>
  [
    ...(/<select id="brand-select"[\s\S]*?<\/select>/.exec(html)?.[0] ?? '').matchAll(
      /<option value="[^"]+"[^>]*>([^<]*)</g,
    ),
  ].map((m) => m[1]);

const priceHint = (html: string) =>
  /<legend>Price<\/legend>\s*<p class="facet-hint">([^<]*)<\/p>/.exec(html)?.[1];
const decode = (href: string) => href.replace(/&amp;/g, '&');

beforeAll(async () => {
  ctx = await createTestContext();
  const tools = await createCategory(ctx.admin, { name: 'Tools' });
  const drills = await createCategory(ctx.admin, { name: 'Drills', parent_id: tools.id });
  const garden = await createCategory(ctx.admin, { name: 'Garden' });
  Object.assign(ids, { tools: tools.id, drills: drills.id, garden: garden.id });
  const acme = (await createBrand(ctx.admin, { name: 'Acme' })).id;
  const bolt = (await createBrand(ctx.admin, { name: 'Bolt' })).id;
  ids.boltBrand = bolt;
  await product('a', { name: 'Drill A', mrp: 100, brand_id: acme, category_id: drills.id }, [
    { label: 'Voltage', value: '18', unit: 'V' },
    { label: 'Material', value: 'Steel' },
  ]);
  await product('b', { name: 'Drill B', mrp: 150, brand_id: acme, category_id: drills.id }, [
    { label: 'Voltage', value: '12V' },
    { label: ' material ', value: 'Steel' },
  ]);
  await product('c', { name: 'Drill C', mrp: 80, brand_id: bolt, category_id: drills.id }, [
    { label: 'Voltage', value: '18 V' },
    { label: 'Chuck', value: '10', unit: 'mm' },
  ]);
  await product('d', { name: 'Saw D', mrp: 60, brand_id: bolt, category_id: tools.id }, [
    { label: 'Voltage', value: '18', unit: 'V' },
    { label: 'Material', value: 'Aluminium' },
    { label: 'Length', value: '40 mm' },
  ]);
  await product('e', { name: 'Saw E', mrp: 200, brand_id: acme, category_id: tools.id }, [
    { label: 'Length', value: '100', unit: 'mm' },
    { label: 'Material', value: 'Steel' },
  ]);
  await product('f', { name: 'Draft F', mrp: 90, brand_id: acme, category_id: drills.id, status: 'draft' }, [
    { label: 'Voltage', value: '18', unit: 'V' },
  ]);
  await product('g', { name: 'Rake G', mrp: 30, brand_id: bolt, category_id: garden.id }, [
    { label: 'Material', value: 'Oak' },
  ]);
});
afterAll(() => ctx.close());

describe('facet counts', () => {
  it("counts a category's brands, price range and shared spec keys, numbers in numeric order", async () => {
    const html = (await visit('/shop?category=tools')).body;
    expect(cardNames(html)).toEqual(['Saw E', 'Saw D', 'Drill C', 'Drill B', 'Drill A']);
    expect(brandOptions(html)).toEqual(['Acme (3)', 'Bolt (2)']);
    expect(priceHint(html)).toBe('$60.00 – $200.00');
    expect(facetValues(html, 'Voltage')).toEqual(['12 V (1)', '18 V (3)']);
    expect(facetValues(html, 'Material')).toEqual(['Steel (3)', 'Aluminium (1)']);
    // 40 before 100: as numbers, not as text.
    expect(facetValues(html, 'Length')).toEqual(['40 mm (1)', '100 mm (1)']);
    // One product names a chuck: no key the products share.
    expect(facetValues(html, 'Chuck')).toBeNull();
    // The shared keys, most named first.
    const keys = [...html.matchAll(/<fieldset class="facet">\s*<legend>([^<]*)<\/legend>/g)].map((m) => m[1]);
    expect(keys).toEqual(['Price', 'Material', 'Voltage', 'Length']);
  });

  it('counts a search the same way, and the whole shop without spec keys', async () => {
    const searched = (await visit('/shop?q=drill')).body;
    expect(cardNames(searched)).toEqual(['Drill C', 'Drill B', 'Drill A']);
    expect(facetValues(searched, 'Voltage')).toEqual(['12 V (1)', '18 V (2)']);
    expect(brandOptions(searched)).toEqual(['Acme (2)', 'Bolt (1)']);
    const all = (await visit('/shop')).body;
    expect(brandOptions(all)).toEqual(['Acme (3)', 'Bolt (3)']);
    expect(priceHint(all)).toBe('$30.00 – $200.00');
    expect(facetValues(all, 'Voltage')).toBeNull();
  });

  it("applies every active filter to a facet's counts but its own", async () => {
    const one = (await visit('/shop?category=tools&spec.Voltage=18%20V')).body;
    expect(cardNames(one)).toEqual(['Saw D', 'Drill C', 'Drill A']);
    expect(facetValues(one, 'Voltage')).toEqual(['12 V (1)', '18 V (3)']);
    expect(brandOptions(one)).toEqual(['Acme (1)', 'Bolt (2)']);
    expect(facetValues(one, 'Material')).toEqual(['Aluminium (1)', 'Steel (1)']);
    expect(priceHint(one)).toBe('$60.00 – $100.00');

    const two = (await visit('/shop?category=tools&spec.Voltage=18%20V&brand=acme')).body;
    expect(cardNames(two)).toEqual(['Drill A']);
    expect(brandOptions(two)).toEqual(['Acme (1)', 'Bolt (2)']);
    expect(facetValues(two, 'Voltage')).toEqual(['12 V (1)', '18 V (1)']);

    // Two values of a key: either; two keys: both. The key's name in any case and spacing.
    const either = (await visit('/shop?category=tools&spec.voltage=12V&spec.VOLTAGE=18%20v')).body;
    expect(cardNames(either)).toEqual(['Saw D', 'Drill C', 'Drill B', 'Drill A']);
    const both = (await visit('/shop?category=tools&spec.Voltage=18%20V&spec.Material=steel')).body;
    expect(cardNames(both)).toEqual(['Drill A']);
    expect(facetValues(both, 'Material')).toEqual(['Aluminium (1)', 'Steel (1)']);
    expect(facetValues(both, 'Voltage')).toEqual(['12 V (1)', '18 V (1)']);

    const priced = (await visit('/shop?category=tools&price_min=70&price_max=150')).body;
    expect(cardNames(priced)).toEqual(['Drill C', 'Drill B', 'Drill A']);
    expect(priceHint(priced)).toBe('$60.00 – $200.00');
    expect(brandOptions(priced)).toEqual(['Acme (2)', 'Bolt (1)']);
  });

  it('filters numeric values by range, either end open, or-ed with the values of the key', async () => {
    const names = async (url: string) => cardNames((await visit(url)).body);
    expect(await names('/shop?category=tools&spec.Length=50..')).toEqual(['Saw E']);
    expect(await names('/shop?category=tools&spec.Length=..40')).toEqual(['Saw D']);
    expect(await names('/shop?category=tools&spec.Length=10..40&spec.Length=100%20mm')).toEqual([
      'Saw E',
      'Saw D',
    ]);
    expect(await names('/shop?category=tools&spec.Voltage=12..18')).toEqual([
      'Saw D',
      'Drill C',
      'Drill B',
      'Drill A',
    ]);
    // A value that names neither end is a word no product has.
    expect(await names('/shop?category=tools&spec.Length=..')).toEqual([]);
    const html = (await visit('/shop?category=tools&spec.Length=10..40')).body;
    expect(html).toContain('<input type="text" name="spec.Length" inputmode="decimal"');
    expect(html).toContain('value="10..40"');
    expect(html).toContain(SHOP_TEXT.specRangeChip('Length', '10', '40'));
  });
});

describe('a search read once', () => {
  it('finds its matches once for its page, its exact total and the facets no filter touches', async () => {
    const searches: string[] = [];
    const real = ctx.database.db;
    const db = new Proxy(real, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver);
        return (query: SQL) => {
          const text = new PgDialect().sqlToQuery(query).sql;
          if (text.includes('to_tsquery')) searches.push(text);
          return real.execute(query);
        };
      },
    }) as Db;
    const shop = createShopService(db);
    const filter = {
      q: 'drill',
      categoryIds: null,
      brandId: null,
      priceMin: null,
      priceMax: null,
      specs: [],
    };
    const page = await shop.catalogue({ ...filter, sort: 'relevance', page: 1 });
    expect(page.cards.map((c) => c.name)).toEqual(['Drill C', 'Drill B', 'Drill A']);
    expect([page.total, page.exact, page.suggestion]).toEqual([3, true, null]);
    expect(page.facets.brands.map((b) => `${b.name} ${b.count}`)).toEqual(['Acme 2', 'Bolt 1']);
    expect(
      page.facets.specs.find((f) => f.key === 'Voltage')?.values.map((v) => `${v.value} ${v.count}`),
    ).toEqual(['12 V 1', '18 V 2']);
    expect(searches).toHaveLength(1);

    // A brand chosen: its own counts leave it out, so that facet reads the matches once more.
    searches.length = 0;
    const narrowed = await shop.catalogue({ ...filter, brandId: ids.boltBrand, sort: 'price', page: 1 });
    expect(narrowed.cards.map((c) => c.name)).toEqual(['Drill C']);
    expect(narrowed.facets.brands.map((b) => `${b.name} ${b.count}`)).toEqual(['Acme 2', 'Bolt 1']);
    expect(searches).toHaveLength(2);
  });
});

describe('sorting', () => {
  const names = async (url: string) => cardNames((await visit(url)).body);
  it('sorts by price either way, by name and newest first; relevance needs a search', async () => {
    expect(await names('/shop?category=tools&sort=price')).toEqual([
      'Saw D',
      'Drill C',
      'Drill A',
      'Drill B',
      'Saw E',
    ]);
    expect(await names('/shop?category=tools&sort=price_desc')).toEqual([
      'Saw E',
      'Drill B',
      'Drill A',
      'Drill C',
      'Saw D',
    ]);
    expect(await names('/shop?category=tools&sort=name')).toEqual([
      'Drill A',
      'Drill B',
      'Drill C',
      'Saw D',
      'Saw E',
    ]);
    const newest = ['Saw E', 'Saw D', 'Drill C', 'Drill B', 'Drill A'];
    expect(await names('/shop?category=tools&sort=newest')).toEqual(newest);
    expect(await names('/shop?category=tools&sort=relevance')).toEqual(newest);
    const plain = (await visit('/shop?category=tools')).body;
    expect(plain).not.toContain('value="relevance"');
    expect(plain).toContain('<option value="newest" selected>');
    const searched = (await visit('/shop?q=drill')).body;
    expect(searched).toContain(`<option value="relevance" selected>${SHOP_TEXT.sorts.relevance}</option>`);
  });
});

describe('the filters in the URL', () => {
  it('keeps every filter in each link and form, checks what is chosen, and drops one per chip', async () => {
    const url =
      '/shop?category=tools&brand=acme&price_min=50&spec.Voltage=18%20V&spec.Voltage=12V&sort=price';
    const res = await visit(url);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(cardNames(html)).toEqual(['Drill A', 'Drill B']);
    expect(html).toMatch(/<input type="checkbox" name="spec.Voltage" value="18 V" id="[^"]+" checked>/);
    expect(html).toMatch(/<input type="checkbox" name="spec.Voltage" value="12 V" id="[^"]+" checked>/);
    expect(html).toContain(
      '<input type="number" name="price_min" min="0" step="0.01" inputmode="decimal" value="50.00"',
    );
    // The sort form carries the filters; the facet form carries the rest but its own fields.
    const sortForm = /<form class="sort-form"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    for (const field of [
      'name="category" value="tools"',
      'name="brand" value="acme"',
      'name="price_min" value="50.00"',
    ])
      expect(sortForm).toContain(field);
    expect(sortForm).toContain('name="spec.Voltage" value="18 V"');
    const facetForm = /<form class="facet-form"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
    expect(facetForm).toContain('<input type="hidden" name="sort" value="price">');
    expect(facetForm).not.toContain('type="hidden" name="spec.Voltage"');
    // Four filters in the panel: the category, the brand, the price and one key.
    expect(html).toContain('<summary class="filters-toggle">Filters (4)</summary>');
    // Each chip's link drops its own filter and keeps the others.
    const chips = [...html.matchAll(/<a class="chip" href="([^"]+)">/g)].map((m) => decode(m[1]));
    expect(chips).toContain('/shop?category=tools&brand=acme&price_min=50.00&spec.Voltage=12+V&sort=price');
    expect(chips).toContain('/shop?category=tools&brand=acme&spec.Voltage=18+V&spec.Voltage=12+V&sort=price');
    const followed = await visit(
      '/shop?category=tools&brand=acme&price_min=50.00&spec.Voltage=12+V&sort=price',
    );
    expect(cardNames(followed.body)).toEqual(['Drill B']);
    // A faceted page is not one for search engines; its canonical URL drops the order.
    expect(html).toContain('<meta name="robots" content="noindex, follow">');
    expect(html).toMatch(
      /<link rel="canonical" href="[^"]*\/shop\?category=tools&amp;brand=acme&amp;price_min=50.00&amp;spec.Voltage=18\+V&amp;spec.Voltage=12\+V">/,
    );
  });

  it("answers bad filter values with the shop's 400 page, and ignores blanks and unknown keys", async () => {
    const long = 'x'.repeat(SPEC_FILTER_LIMITS.valueLength + 1);
    const manyKeys = Array.from({ length: SPEC_FILTER_LIMITS.keys + 1 }, (_, i) => `spec.K${i}=1`).join('&');
    const manyValues = Array.from(
      { length: SPEC_FILTER_LIMITS.valuesPerKey + 1 },
      (_, i) => `spec.K=${i}`,
    ).join('&');
    for (const url of [
      '/shop?price_min=abc',
      '/shop?price_max=-1',
      '/shop?price_min=1.999',
      '/shop?sort=cheapest',
      '/shop?sort=price&sort=name',
      `/shop?spec.Voltage=${long}`,
      `/shop?spec.${'k'.repeat(SPEC_FILTER_LIMITS.keyLength + 1)}=1`,
      `/shop?${manyKeys}`,
      `/shop?${manyValues}`,
    ]) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.body).toContain(SHOP_TEXT.badRequestTitle);
    }
    for (const url of [
      '/shop?price_min=&price_max=&sort=&spec.Voltage=',
      '/shop?spec.=18&spec.%20=1',
      '/shop?category=tools&spec.Nothing=at%20all',
      "/shop?category=tools&spec.Voltage=%22'%5C%7B%7D,",
      '/shop?category=tools&spec.Length=1e9..',
      '/shop?category=tools&price_min=300&price_max=10',
    ]) {
      const res = await visit(url);
      expect(res.statusCode, url).toBe(200);
    }
    expect(cardNames((await visit('/shop?category=tools&spec.Nothing=at%20all')).body)).toEqual([]);
  });
});

describe('spec values in the URL and in the database', () => {
  it('parses keys and values as migration 0036 does', async () => {
    const samples: [string, string][] = [
      ['18', 'V'],
      ['18 V', ''],
      ['18V', ''],
      [' 018.50 ', 'kg'],
      ['-0.0', ''],
      ['2.5 kg', ''],
      ['230 V AC', ''],
      ['10x20', ''],
      ['M8', ''],
      ['Stainless  Steel', ''],
      ['approx. 5', 'kg'],
      ['40 mm', 'mm'],
      ['1,5', ''],
      ['.5', ''],
    ];
    for (const [value, unit] of samples) {
      const [row] = await query<{ shown: string; norm: string; unit: string; num: string | null }>(
        'select shown, norm, unit, num::text as num from stockroom_spec_value($1, $2)',
        [value, unit],
      );
      expect(parseSpecValue(value, unit), `${value} | ${unit}`).toEqual(row);
    }
    for (const label of ['Voltage', '  Cutting   depth ', 'MATERIAL'])
      expect(specKeyNorm(label)).toBe(
        (await query<{ k: string }>('select stockroom_spec_key($1) as k', [label]))[0].k,
      );
  });
});

describe('writes', () => {
  it('follows writes: a spec edited, a product moved, unpublished and deleted', async () => {
    const voltage = async () => facetValues((await visit('/shop?category=tools')).body, 'Voltage');
    const put = await ctx.as(ctx.adminToken).put(`/api/products/${ids.c}/spec-groups/${groups.c}`, {
      name: 'Specifications',
      specs: [{ label: 'Voltage', value: '12', unit: 'V' }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await voltage()).toEqual(['12 V (2)', '18 V (2)']);
    const bulk = (body: object) => ctx.as(ctx.adminToken).post('/api/products/bulk', body);
    const moved = await bulk({ ids: [ids.a], action: 'set_category', category_id: ids.garden });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await voltage()).toEqual(['12 V (2)', '18 V (1)']);
    const hidden = await bulk({ ids: [ids.b], action: 'unpublish' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(await voltage()).toEqual(['12 V (1)', '18 V (1)']);
    expect((await ctx.as(ctx.adminToken).delete(`/api/products/${ids.d}`)).statusCode).toBe(204);
    // One value left on one product: no key the products share.
    expect(await voltage()).toBeNull();
    // The counts kept ahead equal a count of the rows now.
    const kept = await query(`select category_id, key_norm, value_norm, n from category_spec_counts
      where n > 0 order by 1, 2, 3`);
    const fresh = await query(`select p.category_id, key_norm, value_norm, count(*)::int as n
      from product_spec_values s join products p on p.id = s.product_id
      where p.status = 'published' and p.category_id is not null group by 1, 2, 3 order by 1, 2, 3`);
    expect(kept).toEqual(fresh);
  });
});
