import { z } from 'zod';
import { MAX_PAGE } from './constants';
import { queryInt, searchText } from './paging';
import { priceBound } from './product-list';
import { SLUG_MAX_LENGTH } from './slug';
import { parseSpecRange, parseSpecValue, type SpecRange, specKeyNorm, specKeyShown } from './spec-values';

/** Products per page of the shop's catalogue. */
export const SHOP_PAGE_SIZE = 24;

/**
 * Paths under /shop/ that are the shop's own pages: a product may not take one as its slug, or
 * its page could never be reached (server/db/slugs.ts numbers it instead).
 */
export const SHOP_RESERVED_SLUGS: readonly string[] = ['quote'];

// A GET form sends its empty fields as empty strings: they mean "no filter", not a bad value.
const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value);

const slugFilter = (field: string) =>
  z.preprocess(
    blankIsAbsent,
    z
      .string({ error: `${field} must be text` })
      .max(SLUG_MAX_LENGTH, { error: `${field} must be at most ${SLUG_MAX_LENGTH} characters` })
      .optional(),
  );

/** The catalogue's orders. Relevance needs a search; without one the shop lists newest first. */
export const SHOP_SORTS = ['relevance', 'price', 'price_desc', 'newest', 'name'] as const;
export type ShopSort = (typeof SHOP_SORTS)[number];

/** What a URL's spec filters may hold: beyond these a link is no visitor's (a 400). */
export const SPEC_FILTER_LIMITS = { keys: 10, valuesPerKey: 20, keyLength: 100, valueLength: 100 } as const;

/** The query keys that filter by a spec: `spec.<key>=<value>` (repeated: any of them), or a range. */
export const SPEC_PARAM_PREFIX = 'spec.';

/**
 * The query keys that filter by a variant's option: `option.<name>=<value>` (repeated: any of
 * them) keeps the products with an active variant of that value.
 */
export const OPTION_PARAM_PREFIX = 'option.';

/**
 * A spec filter of the URL: one key (as written), the values asked for and the ranges
 * (`spec.Length=10..40`, `10..`, `..40`, on the numbers whatever their unit). A product passes
 * when its value for the key is any of them; several keys must all pass. An option's filter
 * (`option`) has values only, and its norm starts "option:", apart from the specs'.
 */
export type SpecFilter = {
  key: string;
  norm: string;
  values: string[];
  ranges: SpecRange[];
  option?: true;
};

/** An option's name as its filters and facets compare it. */
const optionNorm = (name: string) => `option:${name.trim().toLowerCase()}`;

type Issues = { addIssue(issue: { code: 'custom'; message: string; input?: unknown }): void };

/**
 * The URL's spec.* keys as filters (or option.* ones, `option`): keys of the same meaning merged,
 * blank values dropped.
 */
function specFilters(raw: Record<string, unknown>, ctx: Issues, option = false): SpecFilter[] {
  const byNorm = new Map<string, SpecFilter>();
  const { keys, valuesPerKey, keyLength, valueLength } = SPEC_FILTER_LIMITS;
  const prefix = option ? OPTION_PARAM_PREFIX : SPEC_PARAM_PREFIX;
  for (const [param, given] of Object.entries(raw)) {
    if (!param.startsWith(prefix)) continue;
    const key = option ? param.slice(prefix.length).trim() : specKeyShown(param.slice(prefix.length));
    const values = (Array.isArray(given) ? given : [given]).filter((v) => v !== '');
    if (key === '' || values.length === 0) continue;
    if (key.length > keyLength) {
      ctx.addIssue({
        code: 'custom',
        message: `A spec filter's name must be at most ${keyLength} characters`,
      });
      continue;
    }
    const norm = option ? optionNorm(key) : specKeyNorm(key);
    const filter: SpecFilter = byNorm.get(norm) ?? {
      key,
      norm,
      values: [],
      ranges: [],
      ...(option && { option }),
    };
    byNorm.set(norm, filter);
    for (const value of values) {
      if (typeof value !== 'string' || value.length > valueLength) {
        ctx.addIssue({
          code: 'custom',
          message: `The filter ${key} must be text of at most ${valueLength} characters`,
        });
        continue;
      }
      const range = option ? null : parseSpecRange(value);
      if (option) {
        if (value.trim() !== '') filter.values.push(value.trim());
      } else if (range) filter.ranges.push(range);
      else if (value.trim() !== '') filter.values.push(parseSpecValue(value).shown);
    }
    filter.values = [...new Set(filter.values)];
    if (filter.values.length + filter.ranges.length > valuesPerKey)
      ctx.addIssue({ code: 'custom', message: `The filter ${key} may name at most ${valuesPerKey} values` });
  }
  const filters = [...byNorm.values()].filter((f) => f.values.length + f.ranges.length > 0);
  if (filters.length > keys)
    ctx.addIssue({ code: 'custom', message: `At most ${keys} spec filters can apply at once` });
  return filters;
}

const priceFilter = (field: string) => z.preprocess(blankIsAbsent, priceBound(field));

/**
 * The catalogue's query (/shop?q=&category=&brand=&price_min=&price_max=&spec.<key>=&sort=&page=).
 * Not strict, unlike the API's: links from elsewhere carry keys of their own (utm_source,
 * fbclid…) and must still show the shop. Prices are in cents once parsed, bounds on the price a
 * visitor pays (after discounts).
 */
export const shopListQuery = z
  .looseObject({
    q: searchText,
    category: slugFilter('Category'),
    brand: slugFilter('Brand'),
    price_min: priceFilter('price_min'),
    price_max: priceFilter('price_max'),
    sort: z.preprocess(
      blankIsAbsent,
      z.enum(SHOP_SORTS, { error: `sort must be one of: ${SHOP_SORTS.join(', ')}` }).optional(),
    ),
    page: z.preprocess(blankIsAbsent, queryInt('page', 1, MAX_PAGE).optional()),
  })
  .transform((v, ctx) => ({
    q: (v.q ?? '').trim(),
    category: v.category ?? null,
    brand: v.brand ?? null,
    priceMin: v.price_min ?? null,
    priceMax: v.price_max ?? null,
    specs: [...specFilters(v, ctx), ...specFilters(v, ctx, true)],
    /** As asked; shopSort says which order applies. */
    sort: v.sort ?? null,
    page: v.page ?? 1,
  }));
export type ShopListQuery = z.output<typeof shopListQuery>;

/** The order a catalogue query lists in: relevance only with a search, and by default then. */
export function shopSort(query: Pick<ShopListQuery, 'q' | 'sort'>): ShopSort {
  if (query.sort === 'relevance' || query.sort === null) return query.q ? 'relevance' : 'newest';
  return query.sort;
}
