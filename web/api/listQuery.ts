import type { SortOrder } from '#domain/constants';

/** What every paged list screen sends (the paging query of domain/paging.ts). */
export type ListControls<K extends string> = {
  q: string;
  page: number;
  limit: number;
  sortBy: K;
  order: SortOrder;
};

type QueryValue = string | number | null | undefined;

/**
 * The server refuses unknown keys and empty values it does not expect, so only the set ones go
 * out: text is trimmed and dropped when blank, null and undefined are dropped.
 */
export function toListQuery(params: Record<string, QueryValue>): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed) query[key] = trimmed;
    } else {
      query[key] = value;
    }
  }
  return query;
}

/**
 * How many options a searching select asks the server for at a time (brands, categories,
 * products): enough to scroll through, small enough to fetch on every keystroke pause.
 */
export const SELECT_PAGE = 50;
