import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { fromCents, toCents } from '../../../domain/money';
import type { PricingDiscount } from '../../../domain/pricing';
import type { ProductBundle } from '../../../domain/products';
import { isSlug } from '../../../domain/slug';
import { type PricingJson, priceByColumn, productPricing } from '../discounts/pricing.sql';

/** One bundle as the database assembles it: the JSON of the page plus what pricing needs. */
type BundleRow = {
  base: Omit<ProductBundle['base'], 'mrp'> & { mrp: string };
  images: ProductBundle['images'];
  lists: ProductBundle['lists'];
  specGroups: ProductBundle['specGroups'];
  tables: ProductBundle['tables'];
  blocks: ProductBundle['layout']['blocks'];
  own: { type: 'percent' | 'amount'; value: string } | null;
  /** Every active discount aimed at the product, its category chain or its brand, live or not. */
  pricing: PricingJson;
};

/**
 * The whole public bundle in ONE statement (issue 8: no N+1, a fixed number of queries): the
 * database nests sections, items, specs, images and blocks into JSON, and hands back the
 * discounts that could apply so the price comes from the one pricing rule in domain/pricing.
 * Lists, spec groups and tables keep the order they were added in (id).
 */
const bundle = sql`
  select json_build_object(
    'base', json_build_object(
      'id', p.id, 'name', p.name, 'slug', p.slug, 'sku', p.sku, 'brand', b.name, 'category', c.name,
      'description', p.description, 'brand_id', p.brand_id, 'category_id', p.category_id,
      'mrp', p.mrp::text),
    'images', coalesce((
      select json_agg(json_build_object('id', i.id, 'url', i.url, 'alt', i.alt) order by i.position, i.id)
      from product_images i where i.product_id = p.id), '[]'::json),
    'lists', coalesce((
      select json_agg(json_build_object('id', l.id, 'title', l.title, 'description', l.description,
        'items', coalesce((
          select json_agg(json_build_object('id', li.id, 'caption', li.caption) order by li.position, li.id)
          from product_list_items li where li.list_id = l.id), '[]'::json)) order by l.id)
      from product_lists l where l.product_id = p.id), '[]'::json),
    'specGroups', coalesce((
      select json_agg(json_build_object('id', g.id, 'name', g.name, 'intro', g.intro,
        'specs', coalesce((
          select json_agg(json_build_object('id', s.id, 'label', s.label, 'value', s.value, 'unit', s.unit)
            order by s.position, s.id)
          from product_specs s where s.group_id = g.id), '[]'::json)) order by g.id)
      from product_spec_groups g where g.product_id = p.id), '[]'::json),
    'tables', coalesce((
      select json_agg(json_build_object('id', t.id, 'heading', t.heading, 'intro', t.intro,
        'columns_json', t.columns_json, 'rows_json', t.rows_json, 'note', t.note) order by t.id)
      from product_tables t where t.product_id = p.id), '[]'::json),
    'blocks', coalesce((
      select json_agg(json_build_object('id', lb.id, 'block_type', lb.block_type, 'ref_id', lb.ref_id,
        'position', lb.position) order by lb.position)
      from product_layout_blocks lb where lb.product_id = p.id), '[]'::json),
    'own', (
      select json_build_object('type', d.type, 'value', d.value::text)
      from discounts d where d.product_id = p.id and d.editor_owned),
    'pricing', ${productPricing('p', 'c', null)}
  ) as bundle
  from products p
  left join brands b on b.id = p.brand_id
  left join categories c on c.id = p.category_id
  where p.slug = ${sql.placeholder('slug')}`;

/** The text of the bundle's named statement; its one parameter, $1, is the slug. */
export const BUNDLE_SQL = new PgDialect().sqlToQuery(bundle).sql;

export type AssembledBundle = {
  bundle: ProductBundle;
  /** When the price may change on its own (a discount window opens or closes), in ms; or null. */
  changesAt: number | null;
};

/** What readBundle needs: a pg Pool (or anything that answers pg's query config). */
export type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Reads and prices one product's bundle; null when no product has the slug. A named statement:
 * each connection plans it once (planning cost 3× the execution on a 100,000-product catalogue).
 */
export async function readBundle(db: Queryable, slug: string, now = new Date()) {
  // Every stored slug comes from slugify, so anything else cannot match; it never reaches the
  // database, where a value it cannot hold (a NUL) would fail the statement's first Bind.
  if (!isSlug(slug)) return null;
  const { rows } = await queryBundle(db, slug);
  if (rows.length === 0) return null;
  return assemble(rows[0].bundle, now);
}

export const BUNDLE_STATEMENT = 'stockroom-bundle';

/**
 * Embedded PGlite drops the ParseComplete of a pipeline whose Bind then fails, so node-postgres
 * forgets a statement the server kept, and every later Parse of it on that connection answers
 * 42P05 "already exists". Should that ever happen, the query still answers, unnamed (planned
 * each time), instead of the bundle failing until the process restarts.
 */
async function queryBundle(db: Queryable, slug: string) {
  try {
    return await db.query<{ bundle: BundleRow }>({
      name: BUNDLE_STATEMENT,
      text: BUNDLE_SQL,
      values: [slug],
    });
  } catch (err) {
    if ((err as { code?: unknown }).code !== DUPLICATE_PREPARED_STATEMENT) throw err;
    return await db.query<{ bundle: BundleRow }>({ text: BUNDLE_SQL, values: [slug] });
  }
}

const DUPLICATE_PREPARED_STATEMENT = '42P05';

function assemble(row: BundleRow, now: Date): AssembledBundle {
  const { price, candidates } = priceByColumn(
    { id: row.base.id, mrp: row.base.mrp, brand_id: row.base.brand_id },
    row.pricing,
    now,
  );
  const bundle: ProductBundle = {
    base: { ...row.base, mrp: fromCents(toCents(row.base.mrp)) },
    price: { mrp: price.mrp, final: price.final },
    discounts: {
      best: price.best,
      own: row.own ? { type: row.own.type, value: toCents(row.own.value) / 100 } : null,
    },
    images: row.images,
    lists: row.lists,
    specGroups: row.specGroups,
    tables: row.tables,
    layout: { blocks: row.blocks },
  };
  return { bundle, changesAt: nextWindowEdge(candidates, now) };
}

/** The first moment after now at which one of the discounts starts or stops being live. */
function nextWindowEdge(discounts: PricingDiscount[], now: Date): number | null {
  const t = now.getTime();
  let next: number | null = null;
  for (const d of discounts) {
    const start = d.starts_at === null ? null : new Date(d.starts_at).getTime();
    // A window includes its end, so the price changes just after it.
    const end = d.ends_at === null ? null : new Date(d.ends_at).getTime() + 1;
    for (const edge of [start, end])
      if (edge !== null && edge > t && (next === null || edge < next)) next = edge;
  }
  return next;
}
