import { z } from 'zod';
import { MAX_PAGE } from './constants';
import { queryInt, searchText } from './paging';
import { SLUG_MAX_LENGTH } from './slug';

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

/**
 * The catalogue's query (/shop?q=&category=&brand=&page=). Not strict, unlike the API's: links
 * from elsewhere carry keys of their own (utm_source, fbclid…) and must still show the shop.
 */
export const shopListQuery = z
  .object({
    q: searchText,
    category: slugFilter('Category'),
    brand: slugFilter('Brand'),
    page: z.preprocess(blankIsAbsent, queryInt('page', 1, MAX_PAGE).optional()),
  })
  .transform((v) => ({
    q: (v.q ?? '').trim(),
    category: v.category ?? null,
    brand: v.brand ?? null,
    page: v.page ?? 1,
  }));
export type ShopListQuery = z.output<typeof shopListQuery>;
