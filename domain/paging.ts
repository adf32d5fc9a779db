import { z } from 'zod';
import { MAX_PAGE, PAGING, SORT_ORDERS, TEXT_LIMITS } from './constants';
import { positiveIdString } from './fields';

/**
 * A whole number from a query string within [min, max]; 'abc', '1.5' and '1e3' are not whole
 * numbers, and '-1' or a number past max is refused with the bound it missed.
 */
export const queryInt = (field: string, min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d+$/, { error: `${field} must be a whole number` })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `${field} must be at least ${min}` })
        .max(max, { error: `${field} must be at most ${max}` }),
    );

/** The free-text search every list takes. */
export const searchText = z
  .string({ error: 'Search must be text' })
  .max(TEXT_LIMITS.search, { error: `Search must be at most ${TEXT_LIMITS.search} characters` })
  .optional();

/** Path ids: positive integers that fit PostgreSQL's integer. */
export const idParam = z.object({ id: positiveIdString('Id') });

/**
 * The query every paged list accepts. Unknown keys are refused, not ignored,
 * so a typo in a client shows up as a 400 instead of a silently different list.
 */
export function listQuery<const K extends readonly [string, ...string[]]>(opts: {
  sortKeys: K;
  defaultSort: K[number];
  defaultOrder: (typeof SORT_ORDERS)[number];
  defaultLimit: number;
  limitKey?: 'limit' | 'perPage';
  /** Further filters a list accepts (each optional), passed through as parsed. */
  extra?: Record<string, z.ZodOptional<z.ZodType<string>>>;
}) {
  const limitKey = opts.limitKey ?? 'limit';
  const limit = queryInt(limitKey, 1, PAGING.maxLimit).optional();
  const shape = {
    q: searchText,
    page: queryInt('page', 1, MAX_PAGE).optional(),
    sortBy: z.enum(opts.sortKeys, { error: `sortBy must be one of: ${opts.sortKeys.join(', ')}` }).optional(),
    order: z.enum(SORT_ORDERS, { error: 'order must be asc or desc' }).optional(),
  };
  return z
    .strictObject({ ...shape, ...opts.extra, [limitKey]: limit } as typeof shape & { limit: typeof limit })
    .transform(
      (v): ListParams<K[number]> => ({
        filters: Object.fromEntries(
          Object.keys(opts.extra ?? {}).map((k) => [
            k,
            (v as Record<string, unknown>)[k] as string | undefined,
          ]),
        ),
        q: (v.q ?? '').trim(),
        page: v.page ?? 1,
        limit: ((v as Record<string, unknown>)[limitKey] as number | undefined) ?? opts.defaultLimit,
        sortBy: (v.sortBy ?? opts.defaultSort) as K[number],
        order: v.order ?? opts.defaultOrder,
      }),
    );
}

export type ListParams<K extends string = string> = {
  q: string;
  /** The list's own filters, as given (absent ones undefined). */
  filters: Record<string, string | undefined>;
  page: number;
  limit: number;
  sortBy: K;
  order: 'asc' | 'desc';
};

export const listMeta = z.object({
  total: z.number(),
  /** False when total is an estimate (more matches than PAGING.exactCountCap). */
  total_exact: z.boolean(),
  page: z.number(),
  limit: z.number(),
});
export type ListMeta = z.infer<typeof listMeta>;

/** Number of pages for a total, never less than 1 so 'Page 1 / 1' shows on an empty list. */
export const pageCount = (total: number, limit: number) => Math.max(1, Math.ceil(total / limit));

/** After a delete, stay in range (deleting the last row of a page moves back). */
export const pageAfterDelete = (page: number, totalAfter: number, limit: number) =>
  Math.min(page, pageCount(totalAfter, limit));
