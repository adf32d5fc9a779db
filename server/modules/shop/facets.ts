import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { centsToDecimal, toCents } from '#domain/money';
import type { SpecFilter } from '#domain/shop';
import type { Db } from '../../db/client';
import { limitInText } from '../../db/query/sql';
import { products } from '../../db/schema';

/** What narrows the shop's products: the URL's filters, with its slugs resolved to ids. */
export type ShopFilter = {
  q: string;
  categoryIds: number[] | null;
  brandId: number | null;
  /** Bounds on the final price, in cents. */
  priceMin: number | null;
  priceMax: number | null;
  specs: SpecFilter[];
};

/**
 * A filter as SQL over products, one condition per facet, so that each facet's counts can leave
 * out its own: the rest (published, the category, the search) always applies.
 */
export type ShopConditions = {
  base: SQL[];
  brand: SQL | null;
  price: SQL | null;
  /** By the key's normalised name. */
  specs: Map<string, SQL>;
};

/** Which facet a statement leaves out, if any. */
type Except = { kind: 'brand' } | { kind: 'price' } | { kind: 'spec'; norm: string } | null;

/** Every condition but the one excepted, as one WHERE over products. */
export function whereOf(conditions: ShopConditions, except: Except = null): SQL {
  const parts: SQL[] = [...conditions.base];
  if (conditions.brand && except?.kind !== 'brand') parts.push(conditions.brand);
  if (conditions.price && except?.kind !== 'price') parts.push(conditions.price);
  for (const [norm, condition] of conditions.specs)
    if (!(except?.kind === 'spec' && except.norm === norm)) parts.push(condition);
  return and(...parts) as SQL;
}

/**
 * A key's filter: the products with any of the values asked for, or a number in any of the
 * ranges, each branch found from its own index (product_spec_values_value_idx, _num_idx).
 */
function specCondition(filter: SpecFilter): SQL {
  const branches: SQL[] = [];
  const norms = `{${filter.values.map((v) => `"${v.toLowerCase().replace(/["\\]/g, '\\$&')}"`).join(',')}}`;
  // An option's: the products with an active variant of any of the values (migration 0059's rows).
  if (filter.option)
    return sql`${products.id} in (select o.product_id from product_option_facets o
      where o.name_norm = ${filter.norm.slice('option:'.length)} and o.value_norm = any(${norms}::text[]))`;
  if (filter.values.length > 0) {
    branches.push(sql`select s.product_id from product_spec_values s
      where s.key_norm = ${filter.norm} and s.value_norm = any(${norms}::text[])`);
  }
  for (const range of filter.ranges)
    branches.push(sql`select s.product_id from product_spec_values s
      where s.key_norm = ${filter.norm} and s.num is not null
        ${range.min !== null ? sql`and s.num >= ${range.min}::numeric` : sql``}
        ${range.max !== null ? sql`and s.num <= ${range.max}::numeric` : sql``}`);
  return sql`${products.id} in (${sql.join(branches, sql` union all `)})`;
}

/** The filter's conditions, around the given base (published, category, search). */
export function shopConditions(base: SQL[], filter: ShopFilter): ShopConditions {
  const { priceMin, priceMax } = filter;
  const price = and(
    priceMin !== null ? sql`${products.price_final} >= ${centsToDecimal(priceMin)}::numeric` : undefined,
    priceMax !== null ? sql`${products.price_final} <= ${centsToDecimal(priceMax)}::numeric` : undefined,
  );
  return {
    base,
    brand: filter.brandId !== null ? eq(products.brand_id, filter.brandId) : null,
    price: price ?? null,
    specs: new Map(filter.specs.map((f) => [f.norm, specCondition(f)])),
  };
}

/** A facet's value with the products it would show. */
type FacetValue = { value: string; count: number; num: string | null };

/** A spec key's facet: its values (numbers in order), and the range of its numbers, if any. */
export type SpecFacet = {
  key: string;
  norm: string;
  /** A variant option's values (`option.<key>=`), not a spec's. */
  option: boolean;
  /** Its values' counts summed: how often the set's products name the key (ranks the keys). */
  count: number;
  values: FacetValue[];
  numeric: { min: string; max: string; unit: string } | null;
};

export type ShopFacets = {
  brands: { slug: string; name: string; count: number }[];
  /** The lowest and highest price of the products the other filters give, in cents. */
  price: { min: number; max: number } | null;
  specs: SpecFacet[];
};

/** How many spec keys the panel shows, and how many values of each (the most common). */
const FACET_LIMITS = { keys: 8, values: 12, minProducts: 2 } as const;

/**
 * What one statement reads: brands, the price range, spec values (of every key, of one, or none),
 * and whether the spec values are the set's own rows or, for a category before any other filter,
 * the counts kept ahead per category (migration 0036's category_spec_counts).
 */
type Parts = { brands: boolean; price: boolean; specs: 'all' | string | null; counted: number[] | null };
/** A spec value's row: key (normalised, shown), value, products, number, unit. */
type SpecRow = [string, string, string, number, string | null, string];
type Row = {
  brands: [string, string, number][] | null;
  price: [string | null, string | null] | null;
  specs: SpecRow[] | null;
  n: number | null;
  ids: number[] | null;
};

/**
 * A page of the set read beside its facets (a search's list, a category's): the set's size and
 * the page come from the statement that reads the set for its facets, where a statement each
 * read it again. Ordered by the rank (higher first), then the sort key and the id in the direction
 * asked for. A search's page is sorted from its matches; a category's (`walk`) is found walking
 * the list's own index, as the set is read from an index that does not hold the sort key.
 */
export type SetPage = {
  key: SQLWrapper;
  rank: SQL | undefined;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
  walk: boolean;
};
/** The set's size (exact: the set is read whole for its facets) and one page of its ids. */
export type FoundSet = { total: number; ids: number[] };

/**
 * The spec values' counts, each value named as its oldest product names it (from the value index);
 * and the option values', always from the set itself, their keys "option:<name>".
 */
function specCounts(parts: Parts): SQL {
  const oneKey = (column: SQL) =>
    parts.specs !== null && parts.specs !== 'all' ? sql`and ${column} = ${parts.specs}` : sql``;
  const options = sql`select json_build_array('option:' || g.name_norm, d.name, d.value, g.n, null, '')
    from (select o.name_norm, o.value_norm, count(*)::int as n from m join product_option_facets o on o.product_id = m.id
      where true ${oneKey(sql`'option:' || o.name_norm`)} group by o.name_norm, o.value_norm) g
    cross join lateral (select x.name, x.value from product_option_facets x
      where x.name_norm = g.name_norm and x.value_norm = g.value_norm order by x.product_id limit 1) d`;
  const grouped = parts.counted
    ? sql`select key_norm, value_norm, sum(n)::int as n from category_spec_counts
        where category_id = any(${`{${parts.counted.join(',')}}`}::int[]) and n > 0 ${oneKey(sql`key_norm`)}
        group by key_norm, value_norm`
    : sql`select s.key_norm, s.value_norm, count(*)::int as n from m join product_spec_values s on s.product_id = m.id
        where true ${oneKey(sql`s.key_norm`)} group by s.key_norm, s.value_norm`;
  return sql`(select json_agg(r) from (select json_build_array(g.key_norm, d.key, d.value, g.n, d.num::text, d.unit) as r
    from (${grouped}) g cross join lateral (select x.key, x.value, x.unit, x.num from product_spec_values x
      where x.key_norm = g.key_norm and x.value_norm = g.value_norm order by x.product_id limit 1) d
    union all ${options}) rows)`;
}

/** A page's ids in the list's order (SetPage), from the set `m` or walking the list's index. */
function pageIds(page: SetPage, where: SQL): SQL {
  const dir = sql.raw(page.dir === 'asc' ? 'asc' : 'desc');
  const bounds = sql`limit ${limitInText(page.limit)} offset ${page.offset}`;
  return page.walk
    ? sql`array(select ${products.id} from ${products} where ${where}
        order by ${page.key} ${dir}, ${products.id} ${dir} ${bounds})`
    : sql`array(select id from m order by r desc, k ${dir}, id ${dir} ${bounds})`;
}

/**
 * One statement for the facets a set of products gives: its brands and their counts, its price
 * range, and its spec values with their counts (all keys, or one). The products are read once
 * (the CTE), from the filter's own indexes; their spec rows from the table's primary key alone.
 */
async function readParts(
  db: Pick<Db, 'execute'>,
  where: SQL,
  parts: Parts,
  whole: boolean,
  page?: SetPage,
): Promise<Row> {
  const none = sql`null`;
  // The whole shop: counted from products_published_brand_idx alone, and the price range read at
  // the two ends of products_price_idx, where a CTE of every product took several times as long.
  const source = whole
    ? sql`(select ${products.brand_id} as brand_id from ${products} where ${where}) m`
    : sql`m`;
  const price = whole
    ? sql`json_build_array((select min(${products.price_final}) from ${products} where ${where})::text,
        (select max(${products.price_final}) from ${products} where ${where})::text)`
    : sql`(select json_build_array(min(price)::text, max(price)::text) from m)`;
  const { rows } = await db.execute<Row>(sql`
    with m as materialized (
      select ${products.id} as id, ${products.brand_id} as brand_id, ${products.price_final} as price
        ${page && !page.walk ? sql`, ${page.key} as k, ${page.rank ?? sql`0`} as r` : sql``}
      from ${products} where ${whole ? sql`false` : where}
    )
    select
      ${page ? sql`(select count(*)::int from m)` : none} as n,
      ${page ? pageIds(page, where) : none} as ids,
      ${
        parts.brands
          ? sql`(select json_agg(json_build_array(b.slug, b.name, x.n) order by lower(b.name), b.id)
              from (select brand_id, count(*)::int as n from ${source} where brand_id is not null group by brand_id) x
              join brands b on b.id = x.brand_id)`
          : none
      } as brands,
      ${parts.price ? price : none} as price,
      ${parts.specs !== null ? specCounts(parts) : none} as specs`);
  return rows[0];
}

/** A key's facet from its rows: the values the panel shows, and the range of its numbers. */
function specFacet(rows: SpecRow[], active: SpecFilter | undefined): SpecFacet {
  const numeric = rows.length > 0 && rows.every((r) => r[4] !== null);
  const chosen = new Set(active?.values.map((v) => v.toLowerCase()));
  const common = [...rows].sort((a, b) => b[3] - a[3] || a[2].localeCompare(b[2]));
  const shown = common.filter((r, i) => i < FACET_LIMITS.values || chosen.has(r[2].toLowerCase()));
  const values: FacetValue[] = shown.map(([, , value, n, num]) => ({ value, count: n, num }));
  // A value asked for that no product here has still shows, with 0, so it can be cleared.
  for (const value of active?.values ?? [])
    if (!values.some((v) => v.value.toLowerCase() === value.toLowerCase()))
      values.push({ value, count: 0, num: null });
  if (numeric) values.sort((a, b) => compareNumbers(a.num, b.num) || a.value.localeCompare(b.value));
  const nums = rows.map((r) => r[4] as string).sort(compareNumbers);
  const units = new Set(rows.map((r) => r[5]));
  const norm = active?.norm ?? rows[0]?.[0] ?? '';
  return {
    key: active?.key ?? rows[0]?.[1] ?? '',
    norm,
    option: norm.startsWith('option:'),
    count: rows.reduce((sum, r) => sum + r[3], 0),
    values,
    numeric: numeric
      ? { min: nums[0], max: nums[nums.length - 1], unit: units.size === 1 ? rows[0][5] : '' }
      : null,
  };
}

/** A set's spec rows by key. */
function byKey(rows: SpecRow[] | null): Map<string, SpecRow[]> {
  const keys = new Map<string, SpecRow[]>();
  for (const row of rows ?? []) keys.set(row[0], [...(keys.get(row[0]) ?? []), row]);
  return keys;
}

/** Decimal texts in numeric order (no float is trusted with a spec's digits beyond its range). */
function compareNumbers(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return Number(a) - Number(b) || a.localeCompare(b);
}

/**
 * The facets of a set of products, each counted as faceted search engines count: a facet's
 * counts apply every active filter but its own, so a visitor sees what choosing another value
 * would give. One statement for the facets no filter touches, one more per active facet. Spec keys
 * are read only where asked (a category or a search): across the whole catalogue they would be
 * every key of every kind of product. Given a page, the statement of the facets no filter touches
 * (whose set is the list's) also gives the set's size and that page's ids.
 */
export async function readFacets(
  db: Pick<Db, 'execute'>,
  conditions: ShopConditions,
  filter: ShopFilter,
  withSpecs: boolean,
  page?: SetPage,
): Promise<{ facets: ShopFacets; set: FoundSet | null }> {
  const brandActive = conditions.brand !== null;
  const priceActive = conditions.price !== null;
  // Whether a statement's products are the base's alone: no other filter left in it.
  const baseOnly = (except: Except) =>
    (!brandActive || except?.kind === 'brand') &&
    (!priceActive || except?.kind === 'price') &&
    filter.specs.every((f) => except?.kind === 'spec' && except.norm === f.norm);
  const read = (except: Except, parts: Omit<Parts, 'counted'>, setPage?: SetPage) => {
    const only = baseOnly(except);
    // The counts kept per category serve a category's products, unfiltered.
    const counted = only && filter.q === '' ? filter.categoryIds : null;
    const whole = only && filter.q === '' && filter.categoryIds === null;
    return readParts(db, whereOf(conditions, except), { ...parts, counted }, whole, setPage);
  };
  const main = read(
    null,
    { brands: !brandActive, price: !priceActive, specs: withSpecs ? 'all' : null },
    page,
  );
  const brandOnly = brandActive ? read({ kind: 'brand' }, { brands: true, price: false, specs: null }) : null;
  const priceOnly = priceActive ? read({ kind: 'price' }, { brands: false, price: true, specs: null }) : null;
  const specOnly = filter.specs.map((f) =>
    read({ kind: 'spec', norm: f.norm }, { brands: false, price: false, specs: withSpecs ? f.norm : null }),
  );
  const [all, byBrand, byPrice, ...bySpec] = await Promise.all([main, brandOnly, priceOnly, ...specOnly]);
  const brands = (byBrand ?? all).brands ?? [];
  const [min, max] = (byPrice ?? all).price ?? [null, null];

  const specs: SpecFacet[] = [];
  if (withSpecs) {
    const activeNorms = new Set(filter.specs.map((f) => f.norm));
    filter.specs.forEach((f, i) => {
      specs.push(specFacet(byKey(bySpec[i].specs).get(f.norm) ?? [], f));
    });
    const others = [...byKey(all.specs)]
      .filter(([norm]) => !activeNorms.has(norm))
      .map(([, rows]) => specFacet(rows, undefined))
      .filter((f) => f.count >= FACET_LIMITS.minProducts)
      // A product's options first: what its variants differ in is what a buyer chooses by.
      .sort((a, b) => Number(b.option) - Number(a.option) || b.count - a.count || a.key.localeCompare(b.key))
      .slice(0, Math.max(0, FACET_LIMITS.keys - activeNorms.size));
    specs.push(...others);
  }
  return {
    facets: {
      brands: brands.map(([slug, name, count]) => ({ slug, name, count })),
      price: min !== null && max !== null ? { min: toCents(min), max: toCents(max) } : null,
      specs,
    },
    set: page ? { total: all.n ?? 0, ids: all.ids ?? [] } : null,
  };
}
