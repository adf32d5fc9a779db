/**
 * `npm run seed:large -- --products 100000`: a large catalogue for benchmarks, shaped as follows:
 * ~1,000 categories three levels deep, 500 brands, N products with on average 10 content sections
 * and 4 gallery images, N/5 discounts and 2N inquiries. With `--variants 3` each product has an
 * option "Size" in 3 values and a variant of each (2 products in 3 priced by size, so their lists
 * say "from"); without it each has its one default variant. Set-based SQL (generate_series), so
 * 100,000 products take seconds, not hours; gallery rows share a small pool of real image files.
 * Uses DATABASE_URL or the embedded database in DATA_DIR, and refuses a database with products.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { VARIANT_LIMITS } from '#domain/variants';
import type { Db } from '../db/client';
import { createImagesService } from '../images/images.service';
import { IMAGE_MESSAGES } from '../images/messages';
import { prepareImage } from '../images/process';
import { diskImageStore, type ImageStore } from '../images/store';
import { withConfiguredDatabase } from './with-database';

export type LargeSeedOptions = { products: number; sections: number; images: number; variants?: number };

/** Size names for --variants, in order; past them a size is numbered. */
const SIZES = ['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'];

export async function seedLargeCatalogue(db: Db, store: ImageStore, opts: LargeSeedOptions) {
  const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from products`);
  if (rows[0].n > 0)
    throw new Error('The database already has products; seed:large fills an empty catalogue only.');
  const n = opts.products;
  const stepOn =
    (executor: Pick<Db, 'execute'>) =>
    async (label: string, ...queries: ReturnType<typeof sql>[]) => {
      const t0 = Date.now();
      // One statement per query: the extended protocol refuses several with parameters.
      for (const query of queries) await executor.execute(query);
      console.log(`  ${label} (${Date.now() - t0} ms)`);
    };
  const step = stepOn(db);

  // A pool of 16 real pictures, stored once through the pipeline and shared by every gallery.
  const images = createImagesService(db, store);
  const pool: string[] = [];
  await images.transaction(async (_tx, ops) => {
    for (let i = 0; i < 16; i++) {
      const png = await sharp({
        create: { width: 64, height: 64, channels: 3, background: `hsl(${i * 22}, 60%, 55%)` },
      })
        .png()
        .toBuffer();
      pool.push(await ops.attach(await prepareImage(png, IMAGE_MESSAGES.product)));
    }
  });
  const poolArray = sql`array[${sql.join(
    pool.map((u) => sql`${u}`),
    sql`, `,
  )}]::text[]`;

  await step(
    '10 + 100 + 900 categories',
    sql`insert into categories (name, slug, parent_id, depth, sort_order, path, description)
        select 'Department ' || r, 'dept-' || r, null, 0, r, 'dept-' || r, 'Top-level department ' || r
        from generate_series(1, 10) r`,
    sql`insert into categories (name, slug, parent_id, depth, sort_order, path)
        select 'Aisle ' || p.sort_order || '.' || c, p.slug || '-aisle-' || c, p.id, 1, c, p.path || '/' || p.slug || '-aisle-' || c
        from categories p cross join generate_series(1, 10) c where p.depth = 0`,
    sql`insert into categories (name, slug, parent_id, depth, sort_order, path)
        select 'Shelf ' || p.id || '.' || c, p.slug || '-shelf-' || c, p.id, 2, c, p.path || '/' || p.slug || '-shelf-' || c
        from categories p cross join generate_series(1, 9) c where p.depth = 1`,
  );
  await step(
    '500 brands',
    sql`insert into brands (name, slug, description)
        select 'Brand ' || b, 'brand-' || b, 'Maker number ' || b from generate_series(1, 500) b`,
  );
  // Products and their sections in one transaction that defers their section documents
  // (migration 0012) and builds each once at the end: the triggers would otherwise rewrite every
  // product's document after each statement below.
  await db.transaction(async (tx) => {
    const inTx = stepOn(tx);
    await tx.execute(sql`select set_config('stockroom.contents', 'deferred', true)`);
    // Ids picked from arrays by position: constant time per row, whatever the table sizes.
    await inTx(
      `${n} products`,
      sql`with ids as (
            select (select array_agg(id order by id) from categories where depth = 2) as leaves,
                   (select array_agg(id order by id) from brands) as makers
          )
          insert into products (name, slug, sku, description, brand_id, category_id, mrp, created_at, updated_at)
          select
            (array['Compact','Pro','Heavy-Duty','Cordless','Classic','Ultra','Smart','Eco'])[1 + i % 8] || ' '
              || (array['Drill','Lamp','Chair','Kettle','Hose','Saw','Table','Mower','Knife','Fan'])[1 + (i / 8) % 10] || ' ' || i,
            'product-' || i, 'SKU-' || lpad(i::text, 7, '0'),
            'A dependable product, number ' || i || ', for benchmarks: '
              || (array['rust-proof','lightweight','weatherproof','quiet','brushless','ergonomic','insulated',
                        'portable','rechargeable','industrial','foldable','washable'])[1 + (i * 7) % 12] || ' and '
              || (array['durable','precise','compact','balanced','powerful','efficient','sturdy'])[1 + (i * 11) % 7]
              || ', for ' || (array['workshop','garden','kitchen','building site','warehouse','office','garage',
                        'farm','boat','studio'])[1 + (i * 13) % 10] || ' use.',
            case when i % 50 = 0 then null else ids.makers[1 + i % cardinality(ids.makers)] end,
            case when i % 70 = 0 then null else ids.leaves[1 + i % cardinality(ids.leaves)] end,
            (1 + (i * 7919) % 99999) / 100.0 + 5,
            now() - make_interval(mins => i), now() - make_interval(mins => i)
          from generate_series(1, ${n}) i cross join ids`,
    );
    const variants = opts.variants ?? 1;
    // Each statement below would refresh the option facets and search rows of every product it
    // touches, planned over tables this transaction has just filled and no statistics describe:
    // their triggers are held, the tables analysed, and the facets and documents refreshed once, by
    // the same function the triggers call.
    const searched = [
      ['product_options', 'product_options_searched_in'],
      ['product_option_values', 'product_option_values_searched_in'],
      ['product_variants', 'product_variants_searched_in'],
      ['product_variants', 'product_variants_searched_moved'],
    ] as const;
    const triggers = (state: 'enable' | 'disable') =>
      searched.map(([table, trigger]) => sql.raw(`alter table ${table} ${state} trigger ${trigger}`));
    // The products and their default variants, just written in this transaction, are analysed
    // first: the variants' price trigger is planned over them, and without statistics the planner
    // takes them for nearly empty (200,000 new variants ran for over nine minutes where 20,000 took
    // seconds).
    if (variants > 1)
      await inTx('option triggers held', ...triggers('disable'), sql`analyze products, product_variants`);
    // The new variants' own triggers are held as well: the history of a generated catalogue is
    // not needed, and their price summary is written once below. With them, 200,000 variants in one
    // statement read their transition tables back from disk for over ten minutes.
    const held = [
      sql`select set_config('stockroom.history', 'off', true)`,
      sql.raw('alter table product_variants disable trigger product_variants_priced_in'),
    ];
    const released = [
      sql`select set_config('stockroom.history', 'on', true)`,
      sql.raw('alter table product_variants enable trigger product_variants_priced_in'),
    ];
    if (variants > 1)
      await inTx(
        `${variants} variants per product`,
        ...held,
        sql`insert into product_options (product_id, name, position) select id, 'Size', 1 from products order by id`,
        sql`insert into product_option_values (option_id, value, position)
            select o.id, coalesce((${sql`array[${sql.join(
              SIZES.map((size) => sql`${size}`),
              sql`, `,
            )}]::text[]`})[k + 1], 'Size ' || (k + 1)), k
            from product_options o cross join generate_series(0, ${variants - 1}) k order by o.id, k`,
        // Each product's default variant (migration 0056's trigger) becomes its first size.
        sql`update product_variants v set sku = p.sku || '-' || val.value, option1_value_id = val.id
            from products p join product_options o on o.product_id = p.id
            join product_option_values val on val.option_id = o.id and val.position = 0
            where v.product_id = p.id`,
        sql`insert into product_variants (product_id, sku, mrp, position, option1_value_id, created_at, updated_at)
            select p.id, p.sku || '-' || val.value,
              case when p.id % 3 = 0 then p.mrp else round(p.mrp * (10 + val.position) / 10, 2) end,
              val.position, val.id, p.created_at, p.updated_at
            from products p join product_options o on o.product_id = p.id
            join product_option_values val on val.option_id = o.id and val.position > 0
            order by p.id, val.position`,
        ...released,
        // What the held price trigger writes: each product's lowest and highest active price.
        sql`update products p set mrp = s.low, mrp_max = nullif(s.top, s.low)
            from (select product_id, min(mrp) as low, max(mrp) as top from product_variants
                  where status = 'active' group by product_id) s
            where p.id = s.product_id and (p.mrp <> s.low or p.mrp_max is distinct from nullif(s.top, s.low))`,
      );
    if (variants > 1)
      await inTx(
        'option facets and search rows',
        ...triggers('enable'),
        sql`analyze product_options, product_option_values, product_variants`,
        sql`select stockroom_option_facets_refresh(array(select id from products order by id))`,
      );
    await inTx(
      'layout: basic and images blocks',
      sql`insert into product_layout_blocks (product_id, block_type, position)
          select id, t.block_type, t.position from products, (values ('basic', 0), ('images', 1)) t(block_type, position)`,
    );
    await inTx(
      `${opts.images} images per product`,
      sql`insert into product_images (product_id, url, alt, position)
          select p.id, (${poolArray})[1 + (p.id + k) % ${pool.length}], p.name, k
          from products p cross join generate_series(0, ${opts.images - 1}) k where p.id % 25 <> 0
          order by p.id, k`,
      // The pool's attach counted one reference no row holds: the gallery rows are the references.
      sql`update images set ref_count = c.n
          from (select url, count(*)::int as n from product_images group by url) c
          where '/uploads/' || images.key || '.webp' = c.url`,
    );
    // Sections: 40 % lists, 30 % spec groups, 30 % tables, appended after the two fixed blocks.
    const lists = Math.round(opts.sections * 0.4);
    const groups = Math.round(opts.sections * 0.3);
    const tables = opts.sections - lists - groups;
    await inTx(
      `${lists} lists per product`,
      sql`insert into product_lists (product_id, title)
          select p.id, 'Highlights ' || k from products p cross join generate_series(1, ${lists}) k order by p.id, k`,
      sql`insert into product_list_items (list_id, caption, position)
          select l.id, 'Point ' || j || ' of list ' || l.id, j from product_lists l cross join generate_series(0, 2) j
          order by l.id, j`,
      sql`insert into product_layout_blocks (product_id, block_type, ref_id, position)
          select product_id, 'list', id, 1 + row_number() over (partition by product_id order by id) from product_lists`,
    );
    await inTx(
      `${groups} spec groups per product`,
      sql`insert into product_spec_groups (product_id, name, intro)
          select p.id, 'Specifications ' || k, 'Measured in the lab.' from products p cross join generate_series(1, ${groups}) k
          order by p.id, k`,
      // Each product's groups in turn: dimensions, then power, then build, so a category's
      // products share spec keys with a few common values each, as a shop's facets would show.
      sql`insert into product_specs (group_id, label, value, unit, position)
          select g.id,
            (array['Weight','Width','Height','Voltage','Power','Length','Material','Thread','Colour'])[1 + g.kind * 3 + j],
            case g.kind * 3 + j
              when 0 then (1 + g.product_id % 30)::text
              when 1 then (10 + (g.product_id * 7) % 90)::text
              when 2 then (10 + (g.product_id * 13) % 90)::text
              when 3 then (array['12','18','18','24','36','230'])[1 + g.product_id % 6]
              when 4 then (array['250','500','750','1000','1500'])[1 + (g.product_id / 6) % 5]
              when 5 then (array['20','25','30','40','40','50','60','80','100'])[1 + (g.product_id / 3) % 9]
              when 6 then (array['stainless steel','steel','aluminium','brass','plastic','oak'])[1 + (g.product_id / 7) % 6]
              when 7 then (array['M4','M5','M6','M8','M8','M10','M12'])[1 + (g.product_id / 11) % 7]
              else (array['black','grey','red','blue','green','yellow','orange','white'])[1 + (g.product_id / 5) % 8]
            end,
            (array['kg','cm','cm','V','W','mm','','',''])[1 + g.kind * 3 + j], j
          from (select id, product_id, (row_number() over (partition by product_id order by id) - 1)::int % 3 as kind
                from product_spec_groups) g
          cross join generate_series(0, 2) j order by g.id, j`,
      sql`insert into product_layout_blocks (product_id, block_type, ref_id, position)
          select product_id, 'spec_group', id, 1 + ${lists} + row_number() over (partition by product_id order by id)
          from product_spec_groups`,
    );
    await inTx(
      `${tables} tables per product`,
      sql`insert into product_tables (product_id, heading, columns_json, rows_json)
          select p.id, 'Sizes ' || k, '["Size","Length"]', '[["S","10 cm"],["M","20 cm"],["L","30 cm"]]'
          from products p cross join generate_series(1, ${tables}) k order by p.id, k`,
      sql`insert into product_layout_blocks (product_id, block_type, ref_id, position)
          select product_id, 'table', id, 1 + ${lists + groups} + row_number() over (partition by product_id order by id)
          from product_tables`,
    );
    await inTx('section documents', sql`select stockroom_refresh_contents(array(select id from products))`);
  });
  const discountCount = Math.max(1, Math.round(n / 5));
  await step(
    `${discountCount} discounts`,
    sql`with ids as (
          select (select array_agg(id order by id) from products) as products,
                 (select array_agg(id order by id) from categories) as categories,
                 (select array_agg(id order by id) from brands) as brands
        )
        insert into discounts (name, type, value, applies_to, product_id, category_id, brand_id, starts_at, ends_at, active)
        select 'Deal ' || d,
          case when d % 2 = 0 then 'percent' else 'amount' end,
          case when d % 2 = 0 then 5 + d % 40 else 1 + d % 20 end,
          (array['product','category','brand'])[1 + d % 3],
          case when d % 3 = 0 then ids.products[1 + (d * 13) % cardinality(ids.products)] end,
          case when d % 3 = 1 then ids.categories[1 + (d * 7) % cardinality(ids.categories)] end,
          case when d % 3 = 2 then ids.brands[1 + (d * 11) % cardinality(ids.brands)] end,
          case when d % 5 = 0 then now() + interval '10 days' when d % 5 = 1 then now() - interval '60 days' end,
          case when d % 5 = 1 then now() - interval '30 days' when d % 5 = 2 then now() + interval '5 days' end,
          d % 7 <> 0
        from generate_series(1, ${discountCount}) d cross join ids`,
  );
  // The discounts made their products' stored prices due (migration 0022): priced now, in one
  // statement, with the trigram indexes taking the rewritten rows in one merge, so that the first
  // list sorted by price does not do it.
  await step(
    'stored prices',
    sql`do $$ begin
      alter index products_name_trgm set (fastupdate = on);
      alter index products_sku_trgm set (fastupdate = on);
      perform stockroom_refresh_prices(now());
      perform gin_clean_pending_list('products_name_trgm'::regclass);
      perform gin_clean_pending_list('products_sku_trgm'::regclass);
      alter index products_name_trgm set (fastupdate = off);
      alter index products_sku_trgm set (fastupdate = off);
    end $$`,
  );
  await step(
    `${n * 2} inquiries`,
    sql`with ids as (select array_agg(id order by id) as products from products)
        insert into inquiries (name, email, phone, subject, message, product_id, created_at)
        select 'Visitor ' || q, 'visitor' || q || '@example.com',
          case when q % 3 = 0 then null else '+1 555 ' || lpad((q % 10000)::text, 4, '0') end,
          'Quote for product ' || (1 + q % ${n}), 'Please quote ' || (1 + q % 20) || ' units.',
          ids.products[1 + q % cardinality(ids.products)],
          now() - make_interval(mins => (q * 37) % (60 * 24 * 60))
        from generate_series(1, ${n * 2}) q cross join ids`,
  );
  // A catalogue that has been live a while has been vacuumed; right after a bulk load, nothing is
  // marked all-visible, and index-only scans visit every row's heap page, so a benchmark on the
  // seeded catalogue would measure that instead.
  await step('vacuum analyze', sql`vacuum analyze`);
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      sections: { type: 'string', default: '10' },
      images: { type: 'string', default: '4' },
      variants: { type: 'string', default: '1' },
    },
  });
  const opts = {
    products: Number(values.products),
    sections: Number(values.sections),
    images: Number(values.images),
    variants: Number(values.variants),
  };
  if (
    !Object.values(opts).every((v) => Number.isInteger(v) && v >= 1 && v <= 10_000_000) ||
    opts.variants > VARIANT_LIMITS.values
  ) {
    console.error(
      `Usage: npm run seed:large -- --products 100000 [--sections 10] [--images 4] [--variants 1..${VARIANT_LIMITS.values}]`,
    );
    return 2;
  }
  return withConfiguredDatabase(
    async (database, config) => {
      console.log(
        `Seeding ${opts.products} products${opts.variants > 1 ? ` of ${opts.variants} variants` : ''} into ${database.kind === 'pglite' ? config.dataDir : 'PostgreSQL'}...`,
      );
      const t0 = Date.now();
      await seedLargeCatalogue(database.db, diskImageStore(path.join(config.dataDir, 'uploads')), opts);
      console.log(
        `Done in ${((Date.now() - t0) / 1000).toFixed(1)} s. Start the server on the same settings to use it.`,
      );
      return 0;
    },
    { migrate: true },
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().then((code) => process.exit(code));
}
