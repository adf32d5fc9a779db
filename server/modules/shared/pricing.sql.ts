import { type SQL, sql } from 'drizzle-orm';
import { type Price, type PricingDiscount, priceProduct } from '#domain/pricing';

/** A discount as productPricing lists it: its fields in this order (arrays, not objects, below). */
type CandidateRow = [
  id: number,
  type: PricingDiscount['type'],
  value: string,
  applies_to: PricingDiscount['applies_to'],
  product_id: number | null,
  category_id: number | null,
  brand_id: number | null,
  starts_at: string | null,
  ends_at: string | null,
];

/** What productPricing's column holds: the category chain and the discounts aimed at the product. */
export type PricingJson = [category_ids: number[], candidates: CandidateRow[]];

/**
 * One product's pricing inputs as a JSON column of the statement that reads the product
 * (the products list and the public bundle each price in the same statement as their rows). The
 * column holds its category and every ancestor, and every active discount aimed at the product,
 * that chain or its brand; domain/pricing then picks the best (the one pricing rule).
 *
 * - `productRow` and `categoryRow` name the products row and its category's row (left-joined)
 *   in the enclosing query.
 * - `liveAt` keeps only discounts live at that moment (a list), without their windows: they are
 *   live, and the list prices at that same moment. The bundle passes null, since it also needs
 *   the ones whose window is still to come, to know when its cached price goes stale.
 *
 * The category's chain is kept on its row (migration 0011): walking up the tree here instead, a
 * recursive CTE per product, was a large share of a search page's planning and execution. The
 * chain reaches the discounts as an array, not as `in (select ...)`: a hashed subplan cannot drive
 * an index, so every discount would be scanned. Arrays, not objects, for the discounts: naming
 * every field of every candidate on a page cost measurable time to build and parse.
 */
export function productPricing(
  productRow: string,
  categoryRow: string,
  liveAt: Date | null,
): SQL<PricingJson> {
  const product = sql.identifier(productRow);
  const chain = sql`${sql.identifier(categoryRow)}.chain`;
  // Each arm keeps the discounts that are live at liveAt, or, for the bundle, every active one.
  const kept = liveAt ? discountLiveAt(null, liveAt) : sql`active`;
  // Kept by that filter, a list's candidates are live at liveAt, the moment the list then prices
  // at: their windows would only be printed here and parsed again there, two dates per candidate.
  const window = liveAt ? sql`null, null` : sql`d.starts_at, d.ends_at`;
  // One arm per aim, each read from its own partial index alone (discounts_*_pricing_idx; the
  // target check makes the other two ids null). As one OR, a bitmap scan visited the heap for
  // every candidate, which was most of the statement's time.
  return sql<PricingJson>`json_build_array(
      coalesce(to_json(${chain}), '[]'::json),
      coalesce((
        select json_agg(json_build_array(d.id, d.type, d.value::text, d.applies_to, d.product_id,
          d.category_id, d.brand_id, ${window}))
        from (
          select id, type, value, 'product' as applies_to, product_id, null::int as category_id,
            null::int as brand_id, starts_at, ends_at
          from discounts
          where ${kept} and applies_to = 'product' and product_id = ${product}.id
          union all
          select id, type, value, 'brand', null, null, brand_id, starts_at, ends_at
          from discounts
          where ${kept} and applies_to = 'brand' and brand_id = ${product}.brand_id
          union all
          select id, type, value, 'category', null, category_id, null, starts_at, ends_at
          from discounts
          where ${kept} and applies_to = 'category' and category_id = any(${chain})
        ) d
      ), '[]'::json))`;
}

/**
 * "The discount is live at `at`" in SQL, the rule domain/pricing's isLive states for JavaScript:
 * active, and `at` inside the window, its start and its end included (either may be null, open).
 * `alias` names the discounts row, or null for its bare columns; `at` is an instant, sent as a
 * parameter, or an SQL timestamptz such as `now()`. Every statement that asks which discounts
 * are live asks through this; discounts-live.test.ts holds it to isLive at the windows' edges.
 */
export function discountLiveAt(alias: string | null, at: Date | SQL): SQL<boolean> {
  const column = (name: string) =>
    alias ? sql`${sql.identifier(alias)}.${sql.identifier(name)}` : sql.identifier(name);
  const t = at instanceof Date ? sql`${at.toISOString()}::timestamptz` : at;
  const [active, startsAt, endsAt] = [column('active'), column('starts_at'), column('ends_at')];
  return sql<boolean>`(${active} and (${startsAt} is null or ${startsAt} <= ${t})
    and (${endsAt} is null or ${endsAt} >= ${t}))`;
}

/**
 * A product priced by the one rule from productPricing's column, with the candidates it was
 * priced from (the bundle's cache needs their windows).
 */
export function priceByColumn(
  product: { id: number; mrp: string; brand_id: number | null },
  pricing: PricingJson,
  now: Date,
): { price: Price; candidates: PricingDiscount[] } {
  const { category_ids, candidates } = readPricing(pricing);
  return { price: priceProduct({ ...product, category_ids }, candidates, now), candidates };
}

/** productPricing's column as domain/pricing takes it. */
export function readPricing([category_ids, candidates]: PricingJson): {
  category_ids: number[];
  candidates: PricingDiscount[];
} {
  return {
    category_ids,
    candidates: candidates.map(
      ([id, type, value, applies_to, product_id, category_id, brand_id, starts_at, ends_at]) => ({
        id,
        type,
        value,
        applies_to,
        product_id,
        category_id,
        brand_id,
        starts_at,
        ends_at,
        // The statement lists active discounts only.
        active: true,
      }),
    ),
  };
}
