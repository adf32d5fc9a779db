import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * GET /api/products's filters and sorts on real rows: each filter alone and combined, each sort
 * both ways, and the stored final price across a discount window's edge that passed with no write.
 */
let ctx: TestContext;
let token: string;
const ids: Record<string, number> = {};
let brandA: number;
let brandB: number;
let root: number;
let child: number;
let other: number;

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);

type Item = { id: number; name: string; price: { mrp: number; final: number }; status: string };
async function list(query: string): Promise<{ data: Item[]; meta: { total: number } }> {
  const res = await ctx
    .as(token)
    .get(`/api/products?${query.includes('limit=') ? '' : 'limit=100&'}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const names = async (query: string) => (await list(query)).data.map((p) => p.name);

/** Name, MRP, brand, category, status; the images and discounts are added below. */
const CATALOGUE = [
  ['Anchor', '10.00', 'A', 'root', 'published'],
  ['bolt', '25.50', 'A', 'child', 'draft'],
  ['Clamp', '5.00', 'B', 'other', 'published'],
  ['drill', '99.99', null, 'child', 'published'],
  ['Epoxy', '42.00', 'A', null, 'draft'],
] as const;

beforeAll(async () => {
  ctx = await createTestContext();
  token = (await ctx.makeUser({ name: 'List Editor', email: 'list-editor@example.com' })).token;
  brandA = (await ctx.as(token).post('/api/brands', { name: 'Filter Brand A' })).json().id;
  brandB = (await ctx.as(token).post('/api/brands', { name: 'Filter Brand B' })).json().id;
  root = (await ctx.as(token).post('/api/categories', { name: 'Filter Root' })).json().id;
  child = (await ctx.as(token).post('/api/categories', { name: 'Filter Child', parent_id: root })).json().id;
  other = (await ctx.as(token).post('/api/categories', { name: 'Filter Other' })).json().id;
  const brands = { A: brandA, B: brandB } as const;
  const categories = { root, child, other } as const;
  for (const [name, mrp, brand, category, status] of CATALOGUE) {
    const res = await ctx.as(token).post('/api/products', {
      name,
      sku: `F-${name.toUpperCase()}`,
      mrp,
      brand_id: brand ? brands[brand] : null,
      category_id: category ? categories[category] : null,
      status,
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[name] = res.json().id;
  }
  // Anchor and Clamp have a gallery image (the image triggers keep image_count).
  for (const name of ['Anchor', 'Clamp'])
    await q(`insert into product_images (product_id, url) values ($1, '/uploads/none.webp')`, [ids[name]]);
  // bolt: 20 % off by product; Clamp: 1.00 off by its brand; root's products and those of the
  // category under it: 50 % off (bolt's 12.75 beats its own 5.10).

  await q(
    `insert into discounts (name, type, value, applies_to, product_id, category_id, brand_id)
    values ('bolt 20', 'percent', 20, 'product', $1, null, null),
           ('brand B 1', 'amount', 1, 'brand', null, null, $2),
           ('root 50', 'percent', 50, 'category', null, $3, null)`,
    [ids.bolt, brandB, root],
  );
});
afterAll(() => ctx.close());

describe('filters', () => {
  it('each filter alone keeps exactly its products', async () => {
    const cases: [string, string[]][] = [
      ['', ['Epoxy', 'drill', 'Clamp', 'bolt', 'Anchor']],
      ['q=cl', ['Clamp']],
      ['q=F-DR', ['drill']],
      [`category_id=${root}`, ['drill', 'bolt', 'Anchor']],
      [`category_id=${child}`, ['drill', 'bolt']],
      [`brand_id=${brandA}`, ['Epoxy', 'bolt', 'Anchor']],
      ['status=draft', ['Epoxy', 'bolt']],
      ['status=published', ['drill', 'Clamp', 'Anchor']],
      // Final prices: Anchor 5.00, bolt 12.75, Clamp 4.00, drill 49.99 (a saving of 49.995,
      // half-up to 50.00), Epoxy 42.00.
      ['price_min=10', ['Epoxy', 'drill', 'bolt']],
      ['price_max=5', ['Clamp', 'Anchor']],
      ['price_min=12.75&price_max=42', ['Epoxy', 'bolt']],
      ['price_min=50', []],
      ['discounted=1', ['drill', 'Clamp', 'bolt', 'Anchor']],
      ['no_image=1', ['Epoxy', 'drill', 'bolt']],
      ['no_category=1', ['Epoxy']],
      ['no_brand=1', ['drill']],
    ];
    for (const [query, expected] of cases) expect(await names(query), query).toEqual(expected);
    const drill = (await list('q=drill')).data[0];
    expect(drill.price).toEqual({ mrp: 99.99, final: 49.99 });
  });

  it('combine with and, and meta.total counts the matches', async () => {
    const cases: [string, string[]][] = [
      [`category_id=${root}&status=published`, ['drill', 'Anchor']],
      [`category_id=${root}&discounted=1&no_image=1`, ['drill', 'bolt']],
      [`brand_id=${brandB}&price_max=4`, ['Clamp']],
      [`brand_id=${brandA}&discounted=1&sortBy=price&order=desc`, ['bolt', 'Anchor']],
      ['status=draft&no_category=1&q=epo', ['Epoxy']],
      [`brand_id=${brandA}&no_brand=1`, []],
    ];
    for (const [query, expected] of cases) {
      const { data, meta } = await list(query);
      expect(
        data.map((p) => p.name),
        query,
      ).toEqual(expected);
      expect(meta.total, query).toBe(expected.length);
    }
  });

  it('refuses an unknown key or a bad value with 400', async () => {
    for (const query of [
      'colour=red',
      'status=archived',
      'price_min=1.234',
      'price_max=-1',
      'discounted=yes',
      'no_image=0',
      'category_id=abc',
      'sortBy=sku',
      'order=up',
    ]) {
      const res = await ctx.as(token).get(`/api/products?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    // An id out of range says which bound it missed; the largest id is still an id.
    for (const [query, message] of [
      ['category_id=-1', 'category_id must be at least 1'],
      ['brand_id=2147483648', 'brand_id must be at most 2147483647'],
      ['category_id=1.5', 'category_id must be a whole number'],
    ]) {
      const res = await ctx.as(token).get(`/api/products?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toBe(message);
    }
    const largest = await ctx.as(token).get('/api/products?brand_id=2147483647');
    expect(largest.statusCode, largest.body).toBe(200);
    expect(largest.json().meta.total).toBe(0);
  });
});

describe('sorts', () => {
  it('each sort in both orders, the id breaking ties', async () => {
    const byName = ['Anchor', 'bolt', 'Clamp', 'drill', 'Epoxy'];
    const byPrice = ['Clamp', 'Anchor', 'bolt', 'Epoxy', 'drill'];
    const byCreated = ['Anchor', 'bolt', 'Clamp', 'drill', 'Epoxy'];
    expect(await names('sortBy=name&order=asc')).toEqual(byName);
    expect(await names('sortBy=name&order=desc')).toEqual([...byName].reverse());
    expect(await names('sortBy=price&order=asc')).toEqual(byPrice);
    expect(await names('sortBy=price&order=desc')).toEqual([...byPrice].reverse());
    expect(await names('sortBy=created_at&order=asc')).toEqual(byCreated);
    expect(await names('sortBy=created_at')).toEqual([...byCreated].reverse());
    // An edit moves a product to the end of the updated order.
    const res = await ctx.as(token).put(`/api/products/${ids.Anchor}`, {
      name: 'Anchor',
      sku: 'F-ANCHOR',
      brand_id: brandA,
      category_id: root,
      status: 'published',
      pricing: { mrp: '10.00' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = await names('sortBy=updated_at&order=asc');
    expect(updated.at(-1)).toBe('Anchor');
    expect(await names('sortBy=updated_at&order=desc')).toEqual([...updated].reverse());
    // Sorted and filtered, paged.
    const page2 = await list(`sortBy=price&order=asc&category_id=${root}&limit=1&page=2`);
    expect(page2.data.map((p) => p.name)).toEqual(['bolt']);
    expect(page2.meta.total).toBe(3);
  });
});

describe('the stored price', () => {
  it('follows writes: a new MRP, a new discount, a category moved under a discounted one', async () => {
    await q(`update products set mrp = 200 where id = $1`, [ids.Epoxy]);
    expect(await names('price_min=100')).toEqual(['Epoxy']);
    await q(
      `insert into discounts (name, type, value, applies_to, product_id)
      values ('epoxy 150 off', 'amount', 150, 'product', $1)`,
      [ids.Epoxy],
    );
    expect(await names('price_min=100')).toEqual([]);
    expect(await names('price_min=50&price_max=50')).toEqual(['Epoxy']);
    // Clamp's category moves under root, whose 50 % beats its brand's 1.00 off.
    await q('update categories set parent_id = $1 where id = $2', [root, other]);
    const clamp = (await list('q=clamp&price_max=2.50')).data;
    expect(clamp.map((p) => [p.name, p.price.final])).toEqual([['Clamp', 2.5]]);
    await q(`delete from discounts where name = 'epoxy 150 off'`);
    await q(`update products set mrp = 42 where id = $1`, [ids.Epoxy]);
    await q('update categories set parent_id = null where id = $1', [other]);
    expect(await names('price_max=4')).toEqual(['Clamp']);
  });

  it('changes when a window edge passes, with no write: one discount starts, another ends', async () => {
    const soon = new Date(Date.now() + 1500).toISOString();
    await q(
      `insert into discounts (name, type, value, applies_to, product_id, starts_at, ends_at)
       values ('anchor soon', 'percent', 80, 'product', $1, $3, null),
              ('epoxy until soon', 'amount', 2, 'product', $2, null, $3)`,
      [ids.Anchor, ids.Epoxy, soon],
    );
    expect(await names('price_min=5&price_max=5')).toEqual(['Anchor']);
    expect(await names('price_min=40&price_max=40')).toEqual(['Epoxy']);
    expect(await names('discounted=1&sortBy=name&order=asc')).toEqual([
      'Anchor',
      'bolt',
      'Clamp',
      'drill',
      'Epoxy',
    ]);
    await new Promise((resolve) => setTimeout(resolve, Date.parse(soon) - Date.now() + 50));
    expect(await names('price_max=2')).toEqual(['Anchor']);
    expect(await names('price_min=42&price_max=42')).toEqual(['Epoxy']);
    expect(await names('discounted=1&sortBy=name&order=asc')).toEqual(['Anchor', 'bolt', 'Clamp', 'drill']);
    // The list's own price, priced at the request, says the same.
    const anchor = (await list('q=anchor')).data[0];
    expect(anchor.price).toEqual({ mrp: 10, final: 2 });
    const stored = await q(`select price_final::text as final from products where id = $1`, [ids.Anchor]);
    expect(stored.rows[0].final).toBe('2.00');
  });
});
