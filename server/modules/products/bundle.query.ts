import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { fromCents, toCents } from '#domain/money';
import { type PricingDiscount, windowEdges } from '#domain/pricing';
import type { ProductBundle } from '#domain/products';
import { isSlug } from '#domain/slug';
import { type PricingJson, priceByColumn, productPricing } from '../shared/pricing.sql';
import { optionsJson, type VariantJson, variantsJson } from '../shared/variants.sql';
import { toVariantSet } from './variant-read';

/** What the bundle's statement hands back: the product's head and its sections' document text. */
type BundleRow = {
  head: {
    base: Omit<ProductBundle['base'], 'mrp'> & { mrp: string };
    mrp_max: string | null;
    own: { type: 'percent' | 'amount'; value: string } | null;
    /** Every active discount aimed at the product, its category chain or its brand, live or not. */
    pricing: PricingJson;
  } & VariantJson;
  /** product_contents.body as text: {"images":…,"lists":…,"specGroups":…,"tables":…,"layout":…}. */
  content: string;
};

/**
 * The whole public bundle in ONE statement (no N+1, a fixed number of queries). The
 * product's sections come as the JSON document migration 0012's triggers keep beside it (the
 * sections' own assembly, about fifteen index scans, took half of PostgreSQL's time per bundle);
 * the product, its brand and category names and the discounts that could apply are read live,
 * so the price comes from the one pricing rule in domain/pricing. The fallback builds a document
 * that is missing, which only a product written with the triggers deferred could lack.
 */
const bundle = sql`
  select json_build_object(
    'base', json_build_object(
      'id', p.id, 'name', p.name, 'slug', p.slug, 'sku', p.sku, 'brand', b.name, 'category', c.name,
      'description', p.description, 'brand_id', p.brand_id, 'category_id', p.category_id,
      'mrp', p.mrp::text, 'status', p.status),
    'own', (
      select json_build_object('type', d.type, 'value', d.value::text)
      from discounts d where d.product_id = p.id and d.editor_owned),
    'pricing', ${productPricing('p', 'c', null)},
    'mrp_max', p.mrp_max::text,
    'options', ${optionsJson('p')},
    'variants', ${variantsJson('p')}
  ) as head,
  coalesce(pc.body, stockroom_product_content(p.id))::text as content
  from products p
  left join brands b on b.id = p.brand_id
  left join categories c on c.id = p.category_id
  left join product_contents pc on pc.product_id = p.id
  where p.slug = ${sql.placeholder('slug')}`;

/** The text of the bundle's named statement; its one parameter, $1, is the slug. */
export const BUNDLE_SQL = new PgDialect().sqlToQuery(bundle).sql;

export type AssembledBundle = {
  /** The bundle's JSON text (a ProductBundle), ready to send. */
  body: string;
  /** When the price may change on its own (a discount window opens or closes), in ms; or null. */
  changesAt: number | null;
  /** Whether visitors may see it; staff see drafts too. */
  published: boolean;
};

/** What readBundle needs: a pg Pool (or anything that answers pg's query config). */
export type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Reads and prices one product's bundle; null when no product has the slug. A named statement:
 * each connection plans it once, since planning it costs several times what running it does.
 */
export async function readBundle(db: Queryable, slug: string, now = new Date()) {
  // Every stored slug comes from slugify, so anything else cannot match; it never reaches the
  // database, where a value it cannot hold (a NUL) would fail the statement's first Bind.
  if (!isSlug(slug)) return null;
  const { rows } = await queryBundle(db, slug);
  if (rows.length === 0) return null;
  return assemble(rows[0], now);
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
    return await db.query<BundleRow>({
      name: BUNDLE_STATEMENT,
      text: BUNDLE_SQL,
      values: [slug],
    });
  } catch (err) {
    if ((err as { code?: unknown }).code !== DUPLICATE_PREPARED_STATEMENT) throw err;
    return await db.query<BundleRow>({ text: BUNDLE_SQL, values: [slug] });
  }
}

const DUPLICATE_PREPARED_STATEMENT = '42P05';

function assemble({ head, content }: BundleRow, now: Date): AssembledBundle {
  const pricedAs = { id: head.base.id, mrp: head.base.mrp, brand_id: head.base.brand_id };
  const { price, candidates } = priceByColumn(pricedAs, head.pricing, now);
  const first: Pick<ProductBundle, 'base' | 'price' | 'discounts' | 'options' | 'variants' | 'price_range'> =
    {
      base: { ...head.base, mrp: fromCents(toCents(head.base.mrp)) },
      price: { mrp: price.mrp, final: price.final },
      discounts: {
        best: price.best,
        own: head.own ? { type: head.own.type, value: toCents(head.own.value) / 100 } : null,
      },
      // Each variant's price by the same rule and candidates as the product's.
      ...toVariantSet(head, { mrp: head.base.mrp, mrp_max: head.mrp_max }, (mrp) => {
        const variant = priceByColumn({ ...pricedAs, mrp }, head.pricing, now).price;
        return { mrp: variant.mrp, final: variant.final };
      }),
    };
  // The document is an object's JSON text: its members join the head's in one object as they
  // are, not parsed here and printed again, which was a large share of the server's CPU per bundle.
  const body = `${JSON.stringify(first).slice(0, -1)},${content.slice(1)}`;
  return { body, changesAt: nextWindowEdge(candidates, now), published: head.base.status === 'published' };
}

/** The first moment after now at which one of the discounts starts or stops being live. */
function nextWindowEdge(discounts: PricingDiscount[], now: Date): number | null {
  const t = now.getTime();
  let next: number | null = null;
  for (const d of discounts)
    for (const edge of windowEdges(d))
      if (edge !== null && edge > t && (next === null || edge < next)) next = edge;
  return next;
}
