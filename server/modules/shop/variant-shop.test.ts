import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP_TEXT } from '#domain/shop-texts';
import { createCategory, createProduct } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/harness';
import { giveVariants } from '../../test/variants';

/**
 * The shop with variants through the real app: the product page as a chosen variant (no script
 * needed), the lists' "from" price, option values as facets, and variant SKUs and option values
 * found by the search.
 *
 * Bolt Hex (Fasteners): Size M8/M10 × Length 40mm/60mm, four variants, M10/60mm discontinued.
 * Gloves (Safety): Size S/M/L, prices 5/6/7, M with its own spec "Grip: Strong".
 * Plain hammer (Fasteners): no options.
 */
let ctx: TestContext;
const ids: Record<string, number> = {};
const slugs: Record<string, string> = {};
let bolt: Map<string, number>;
let gloves: Map<string, number>;

const visit = (url: string) => ctx.as().get(url);

async function product(key: string, payload: object) {
  const p = await createProduct(ctx.admin, payload);
  ids[key] = p.id;
  slugs[key] = p.slug;
}

const cardLinks = (html: string) =>
  [...html.matchAll(/<h2 class="card-title"><a href="([^"]+)">([^<]*)<\/a><\/h2>/g)].map((m) => ({
    href: m[1].replace(/&amp;/g, '&'),
    name: m[2],
  }));

beforeAll(async () => {
  ctx = await createTestContext();
  const fasteners = await createCategory(ctx.admin, { name: 'Fasteners' });
  const safety = await createCategory(ctx.admin, { name: 'Safety' });
  await product('bolt', { name: 'Hex bolt', sku: 'BLT', mrp: 1, category_id: fasteners.id });
  await product('hammer', { name: 'Plain hammer', sku: 'HAM-1', mrp: 20, category_id: fasteners.id });
  await product('gloves', { name: 'Work gloves', sku: 'GLV', mrp: 5, category_id: safety.id });
  bolt = (
    await giveVariants(ctx.database.db, ids.bolt, {
      options: { Size: ['M8', 'M10'], Length: ['40mm', '60mm'] },
      variants: [
        { sku: 'BLT-M8-40', options: { Size: 'M8', Length: '40mm' }, mrp: 1 },
        { sku: 'BLT-M8-60', options: { Size: 'M8', Length: '60mm' }, mrp: 1.5 },
        { sku: 'BLT-M10-40', options: { Size: 'M10', Length: '40mm' }, mrp: 2 },
        { sku: 'BLT-M10-60', options: { Size: 'M10', Length: '60mm' }, mrp: 9, status: 'discontinued' },
      ],
    })
  ).variantIds;
  gloves = (
    await giveVariants(ctx.database.db, ids.gloves, {
      options: { Size: ['S', 'M', 'L'] },
      variants: [
        { sku: 'GLV-S', options: { Size: 'S' }, mrp: 5 },
        { sku: 'GLV-M', options: { Size: 'M' }, mrp: 6 },
        { sku: 'GLV-L', options: { Size: 'L' }, mrp: 7 },
      ],
    })
  ).variantIds;
  await ctx.database.pool.query(
    `update product_variants set spec_values = '[{"label":"Grip","value":"Strong","unit":""}]' where id = $1`,
    [gloves.get('GLV-M')],
  );
});

afterAll(() => ctx?.close());

describe('the product page of a product with options', () => {
  it('shows the variant ?variant= names, in the HTML, with links to the others', async () => {
    const m = gloves.get('GLV-M') as number;
    const res = await visit(`/shop/${slugs.gloves}?variant=${m}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<span data-variant-sku>GLV-M</span>');
    expect(html).toMatch(/<strong class="price-final">[^<]*<span[^>]*>[^<]*<\/span>\$6\.00<\/strong>/);
    expect(html).not.toContain('data-variant-sku>GLV-S<');
    // The chosen value is the checked radio; the others link to their variants.
    expect(html).toMatch(/data-value="M" data-state="chosen" aria-checked="true"/);
    expect(html).toContain(`href="/shop/${slugs.gloves}?variant=${gloves.get('GLV-L')}"`);
    expect(html).toMatch(/role="radiogroup" aria-labelledby="option-0-label"/);
    // Its own spec value shows; the basket form carries the variant.
    expect(html).toContain('<dt>Grip</dt><dd>Strong</dd>');
    expect(html).toContain(`data-variant-id="${m}" data-options="Size: M"`);
    expect(html).toContain('data-price="6"');
  });

  it("shows the first active variant for no, an unknown or another product's ?variant=", async () => {
    for (const q of ['', '?variant=999999', `?variant=${bolt.get('BLT-M8-60')}`, '?variant=abc']) {
      const res = await visit(`/shop/${slugs.gloves}${q}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.body, q).toContain('<span data-variant-sku>GLV-S</span>');
      expect(res.body, q).toContain('$5.00');
    }
  });

  it('marks a combination that is no active variant, and never links to a discontinued one', async () => {
    const res = await visit(`/shop/${slugs.bolt}?variant=${bolt.get('BLT-M10-40')}`);
    const html = res.body;
    expect(html).toContain('<span data-variant-sku>BLT-M10-40</span>');
    // M10 with 60mm is discontinued: 60mm leads to M8/60mm, marked as changing the size.
    expect(html).toMatch(
      new RegExp(
        `data-value="60mm" data-state="other" aria-checked="false" href="/shop/${slugs.bolt}\\?variant=${bolt.get('BLT-M8-60')}"`,
      ),
    );
    expect(html).toContain(SHOP_TEXT.valueWithOthers);
    expect(html).not.toContain(`variant=${bolt.get('BLT-M10-60')}"`);
  });

  it('keeps a product without options as it was: no selectors, its own SKU', async () => {
    const html = (await visit(`/shop/${slugs.hammer}`)).body;
    expect(html).not.toContain('data-variant-picker');
    expect(html).toContain('<dt>SKU</dt><dd>HAM-1</dd>');
    expect(html).not.toContain('data-variant-id');
  });

  it("puts a variant's spec value over the product's own in its spec table", async () => {
    await ctx.admin.ok('POST', `/api/products/${ids.gloves}/spec-groups`, {
      name: 'Specifications',
      specs: [{ label: 'Grip', value: 'Normal', unit: '' }],
    });
    const m = (await visit(`/shop/${slugs.gloves}?variant=${gloves.get('GLV-M')}`)).body;
    expect(m).toContain('<td data-spec="grip" data-base="Normal">Strong</td>');
    expect(m).not.toContain('<dt>Grip</dt>');
    const s = (await visit(`/shop/${slugs.gloves}?variant=${gloves.get('GLV-S')}`)).body;
    expect(s).toContain('<td data-spec="grip" data-base="Normal">Normal</td>');
  });

  it('follows a variant price edit at once (the page cache is emptied with the bundles)', async () => {
    const l = gloves.get('GLV-L') as number;
    expect((await visit(`/shop/${slugs.gloves}?variant=${l}`)).body).toContain('$7.00');
    await ctx.database.pool.query('update product_variants set mrp = 7.5 where id = $1', [l]);
    // The NOTIFY of the write empties the caches; it arrives a moment later.
    await expect
      .poll(async () => (await visit(`/shop/${slugs.gloves}?variant=${l}`)).body.includes('$7.50'))
      .toBe(true);
  });
});

describe('lists', () => {
  it('say "From" before the lowest price where the variants\' prices differ', async () => {
    const html = (await visit('/shop')).body;
    const card = (name: string) => {
      const at = html.indexOf(`>${name}</a>`);
      return html.slice(at, html.indexOf('</li>', at));
    };
    expect(card('Work gloves')).toContain(`${SHOP_TEXT.fromPrice} `);
    expect(card('Work gloves')).toContain('$5.00');
    expect(card('Plain hammer')).not.toContain(`${SHOP_TEXT.fromPrice} `);
  });
});

describe('the staff products list', () => {
  it("gives each product its variants' price range (the L glove's price was raised to 7.50 above)", async () => {
    const res = await ctx.as(ctx.adminToken).get('/api/products?limit=50');
    expect(res.statusCode, res.body).toBe(200);
    const byName = new Map(
      (res.json().data as { name: string; price_range: unknown }[]).map((p) => [p.name, p.price_range]),
    );
    expect(byName.get('Work gloves')).toEqual({ min: 5, max: 7.5 });
    expect(byName.get('Plain hammer')).toEqual({ min: 20, max: 20 });
  });
});

describe('facets', () => {
  it('count option values of active variants, and option.<name>= keeps the products with one', async () => {
    const all = (await visit('/shop?category=fasteners')).body;
    expect(all).toMatch(
      /<legend>Size<\/legend>[\s\S]*?value="M8"[^>]*> M8 <span class="facet-count">\(1\)<\/span>/,
    );
    const m10 = (await visit('/shop?category=fasteners&option.Size=M10')).body;
    expect(cardLinks(m10).map((c) => c.name)).toEqual(['Hex bolt']);
    // The only 60mm M10 is discontinued: no product has an active one... but M8/60mm is active.
    const sixty = (await visit('/shop?q=bolt&option.Length=60mm')).body;
    expect(cardLinks(sixty).map((c) => c.name)).toEqual(['Hex bolt']);
    const none = (await visit('/shop?q=gloves&option.Size=XL')).body;
    expect(cardLinks(none)).toEqual([]);
    const m = (await visit('/shop?q=gloves&option.size=m')).body;
    expect(cardLinks(m).map((c) => c.name)).toEqual(['Work gloves']);
  });

  it("forget a discontinued variant's values", async () => {
    const { rows } = await ctx.database.pool.query(
      `select name, value from product_option_facets where product_id = $1 order by name, value`,
      [ids.bolt],
    );
    expect(rows).toEqual([
      { name: 'Length', value: '40mm' },
      { name: 'Length', value: '60mm' },
      { name: 'Size', value: 'M10' },
      { name: 'Size', value: 'M8' },
    ]);
    await ctx.database.pool.query(`update product_variants set status = 'discontinued' where id = $1`, [
      bolt.get('BLT-M10-40'),
    ]);
    const after = await ctx.database.pool.query(
      `select value from product_option_facets where product_id = $1 and name = 'Size'`,
      [ids.bolt],
    );
    expect(after.rows).toEqual([{ value: 'M8' }]);
    await ctx.database.pool.query(`update product_variants set status = 'active' where id = $1`, [
      bolt.get('BLT-M10-40'),
    ]);
  });
});

describe('search', () => {
  it("finds a variant's SKU, with or without separators, first, linking to the variant", async () => {
    const id = bolt.get('BLT-M8-60') as number;
    for (const q of ['BLT-M8-60', 'bltm860', 'BLT M8 60']) {
      const html = (await visit(`/shop?q=${encodeURIComponent(q)}`)).body;
      const cards = cardLinks(html);
      expect(cards[0], q).toEqual({ name: 'Hex bolt', href: `/shop/${slugs.bolt}?variant=${id}` });
    }
  });

  it('reads option values as words: "bolt m8 40mm"', async () => {
    const cards = cardLinks((await visit('/shop?q=bolt+m8+40mm')).body);
    expect(cards.map((c) => c.name)).toEqual(['Hex bolt']);
    expect(cardLinks((await visit('/shop?q=gloves+xl')).body)).toEqual([]);
  });

  it('follows a renamed value', async () => {
    await ctx.database.pool.query(`update product_option_values set value = 'Large' where value = 'L'`);
    expect(cardLinks((await visit('/shop?q=gloves+large')).body).map((c) => c.name)).toEqual(['Work gloves']);
  });
});
