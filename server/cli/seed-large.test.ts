import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../db/migrate';
import { diskImageStore } from '../images/store';
import { createTestContext, type TestContext } from '../test/harness';
import { seedLargeCatalogue } from './seed-large';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // The harness adds one admin; the catalogue tables start empty.
  await runMigrations(ctx.database);
});
// The app's own uploads folder, so the harness's orphan check covers the seeded files too.
afterAll(() => ctx.close());

const one = async (query: string) => (await ctx.database.pool.query(query)).rows[0];

describe('npm run seed:large', () => {
  it('fills a consistent catalogue of the asked size that the API can serve, and refuses to run twice', async () => {
    await seedLargeCatalogue(ctx.database.db, diskImageStore(ctx.uploadsDir), {
      products: 300,
      sections: 10,
      images: 4,
    });
    expect(
      await one(
        `select count(*)::int as n, count(distinct depth)::int as depths, max(depth)::int as deepest from categories`,
      ),
    ).toEqual({
      n: 1010,
      depths: 3,
      deepest: 2,
    });
    // Paths follow the tree: each child's path is its parent's plus its own slug.
    expect(
      await one(`select count(*)::int as bad from categories c join categories p on p.id = c.parent_id
      where c.path <> p.path || '/' || c.slug or c.depth <> p.depth + 1`),
    ).toEqual({ bad: 0 });
    expect(
      await one(`select (select count(*) from products)::int as products, (select count(*) from brands)::int as brands,
      (select count(*) from discounts)::int as discounts, (select count(*) from inquiries)::int as inquiries`),
    ).toEqual({
      products: 300,
      brands: 500,
      discounts: 60,
      inquiries: 600,
    });
    // Ten sections per product, positions unique per product, and the two fixed blocks first.
    expect(
      await one(`select count(*)::int as blocks, count(distinct (product_id, position))::int as positions
      from product_layout_blocks`),
    ).toEqual({ blocks: 300 * 12, positions: 300 * 12 });
    // Its section documents were deferred while it loaded, then each built from its rows.
    expect(
      await one(`select count(*)::int as stale from products p left join product_contents c on c.product_id = p.id
      where c.body is null or c.body::text <> stockroom_product_content(p.id)::text`),
    ).toEqual({ stale: 0 });
    expect(
      await one(`select json_array_length(body->'lists')::int as lists from product_contents limit 1`),
    ).toEqual({
      lists: 4,
    });
    // Spec keys shared by every product, each with a few values, for the shop's facets to count.
    const specs = await one(`select count(distinct label)::int as keys,
      count(*) filter (where label = 'Voltage')::int as voltages,
      count(distinct value) filter (where label = 'Voltage')::int as voltage_values,
      count(*) filter (where value = 'stainless steel')::int as stainless from product_specs`);
    expect(specs).toMatchObject({ keys: 9, voltages: 300, voltage_values: 5 });
    expect(specs.stainless).toBeGreaterThan(30);
    // Every gallery row points at a stored image whose reference count matches.
    expect(
      await one(`select count(*)::int as bad from images i
      where i.ref_count <> (select count(*) from product_images p where p.url = '/uploads/' || i.key || '.webp')`),
    ).toEqual({
      bad: 0,
    });

    // Without --variants, each product has its one default variant: its SKU and price, no options.
    expect(
      await one(`select count(*)::int as variants, (select count(*) from product_options)::int as options,
        count(*) filter (where v.sku is distinct from p.sku or v.mrp <> p.mrp)::int as apart
        from product_variants v join products p on p.id = v.product_id`),
    ).toEqual({ variants: 300, options: 0, apart: 0 });

    const list = await ctx.as(ctx.adminToken).get('/api/products?limit=5');
    expect(list.json().meta.total).toBe(300);
    const slug = list.json().data[0].slug;
    const bundle = await ctx.as().get(`/api/public/products/slug/${slug}/bundle`);
    expect(bundle.json().layout.blocks).toHaveLength(12);

    await expect(
      seedLargeCatalogue(ctx.database.db, diskImageStore(ctx.uploadsDir), {
        products: 10,
        sections: 1,
        images: 1,
      }),
    ).rejects.toThrow(/already has products/);
  });
});

describe('npm run seed:large -- --variants 3', () => {
  let small: TestContext;
  beforeAll(async () => {
    small = await createTestContext();
  });
  afterAll(() => small.close());

  it('gives each product a Size option in three values and a variant of each, some priced apart', async () => {
    await seedLargeCatalogue(small.database.db, diskImageStore(small.uploadsDir), {
      products: 30,
      sections: 1,
      images: 1,
      variants: 3,
    });
    const row = async (query: string) => (await small.database.pool.query(query)).rows[0];
    expect(
      await row(`select count(*)::int as variants, count(distinct sku)::int as skus,
        count(distinct product_id)::int as products,
        count(*) filter (where option1_value_id is null)::int as without_value,
        (select count(*) from product_options where name = 'Size')::int as options,
        (select string_agg(value, ',' order by position) from product_option_values
          where option_id = (select min(id) from product_options)) as sizes
        from product_variants`),
    ).toEqual({ variants: 90, skus: 90, products: 30, without_value: 0, options: 30, sizes: 'S,M,L' });
    // Each product's price is its lowest variant's, and its highest is set where they differ.
    expect(
      await row(`select count(*) filter (where p.mrp <> s.low)::int as off_low,
        count(*) filter (where p.mrp_max is distinct from nullif(s.high, s.low))::int as off_high,
        count(*) filter (where p.mrp_max is not null)::int as ranged,
        count(*) filter (where p.price_final is null)::int as unpriced
        from products p join (select product_id, min(mrp) as low, max(mrp) as high from product_variants
          group by product_id) s on s.product_id = p.id`),
    ).toEqual({ off_low: 0, off_high: 0, ranged: 20, unpriced: 0 });
    expect(
      await row(`select sku from product_variants where sku like 'SKU-0000001-%' order by position`),
    ).toEqual({
      sku: 'SKU-0000001-S',
    });
  });
});
