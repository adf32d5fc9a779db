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
