import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { MAX_PAGE, SORT_ORDERS, type SortOrder, TEXT_LIMITS } from '#domain/constants';
import type { ListControls } from '../api/listQuery';

export const SEARCH_DEBOUNCE_MS = 300;

/** A filter value the URL may hold: a fixed set of values, or a test of the text. */
export type FilterRule = readonly string[] | ((value: string) => boolean);

export type ListStateOptions<K extends string, F extends string> = {
  defaultLimit: number;
  defaultSort: K;
  defaultOrder: SortOrder;
  /** URL values outside these fall back to the default sort. */
  sortKeys?: readonly K[];
  /** The per-page choices; any other value falls back to defaultLimit. */
  limits?: readonly number[];
  /** The API's own name for the page size, used in the URL too. */
  limitKey?: 'limit' | 'perPage';
  /** Further URL keys, named as the API's parameters. */
  filters?: readonly F[];
  /** What a filter's value may be; one that breaks its rule reads as unset, so it never reaches the API. */
  accept?: Partial<Record<F, FilterRule>>;
};

type Replace = { replace?: boolean };
type State<K extends string, F extends string> = ListControls<K> & { filters: Record<F, string | undefined> };

const positiveInt = (text: string | null): number | null =>
  text !== null && /^[1-9]\d{0,6}$/.test(text) ? Number(text) : null;

const allowed = (rule: FilterRule | undefined, value: string) =>
  rule === undefined || (typeof rule === 'function' ? rule(value) : rule.includes(value));

/** What the URL says, each value checked; anything unknown or malformed falls back to its default. */
function readListUrl<K extends string, F extends string>(
  params: URLSearchParams,
  opts: ListStateOptions<K, F>,
): State<K, F> {
  const page = positiveInt(params.get('page'));
  const limit = positiveInt(params.get(opts.limitKey ?? 'limit'));
  const sortBy = params.get('sortBy');
  const order = params.get('order');
  const filters = {} as Record<F, string | undefined>;
  for (const name of opts.filters ?? []) {
    const value = params.get(name)?.trim();
    filters[name] = value && allowed(opts.accept?.[name], value) ? value : undefined;
  }
  return {
    q: (params.get('q') ?? '').trim().slice(0, TEXT_LIMITS.search),
    page: page !== null && page <= MAX_PAGE ? page : 1,
    limit: limit !== null && (opts.limits ?? [opts.defaultLimit]).includes(limit) ? limit : opts.defaultLimit,
    sortBy:
      sortBy !== null && (opts.sortKeys ?? [opts.defaultSort]).includes(sortBy as K)
        ? (sortBy as K)
        : opts.defaultSort,
    order: (SORT_ORDERS as readonly string[]).includes(order ?? '')
      ? (order as SortOrder)
      : opts.defaultOrder,
    filters,
  };
}

/**
 * The URL for a state: the list's own keys are rewritten, defaults left out; keys the list does
 * not own (a screen's view toggle, say) are kept as they were.
 */
function writeListUrl<K extends string, F extends string>(
  current: URLSearchParams,
  state: State<K, F>,
  opts: ListStateOptions<K, F>,
): URLSearchParams {
  const out = new URLSearchParams(current);
  const set = (key: string, value: string | number | undefined, fallback?: string | number) => {
    if (value === undefined || value === '' || value === fallback) out.delete(key);
    else out.set(key, String(value));
  };
  set('q', state.q.trim());
  for (const name of opts.filters ?? []) set(name, state.filters[name]);
  set('sortBy', state.sortBy, opts.defaultSort);
  set('order', state.order, opts.defaultOrder);
  set(opts.limitKey ?? 'limit', state.limit, opts.defaultLimit);
  set('page', state.page, 1);
  return out;
}

/**
 * A paged list's controls, kept in the URL with the API's parameter names, so a reload, Back and
 * a pasted link show the same list. Steps the user takes (page, sort, per page, filters) are
 * history entries; the typed search replaces the entry once typing pauses, so Back does not walk
 * through every keystroke. Any change other than the page itself starts again at page 1.
 */
export function useListState<K extends string, F extends string = never>(opts: ListStateOptions<K, F>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const state = readListUrl(searchParams, opts);

  // Two changes in one event both build on the first's result, not on the render's URL.
  const latest = useRef(searchParams);
  latest.current = searchParams;
  const setRef = useRef(setSearchParams);
  setRef.current = setSearchParams;
  // React Router resolves a search-only change against this list's route, whatever the address is
  // by then; one left over while a link to another screen is under way would carry this list's
  // query there, so it is dropped unless the list is still the address.
  const path = location.pathname;
  const inBrowser = typeof window !== 'undefined' && window.location.pathname === path;
  const here = useRef({ path, inBrowser });
  here.current = { path, inBrowser };

  const change = useCallback(
    (patch: (s: State<K, F>) => Partial<State<K, F>>, { replace = false }: Replace = {}) => {
      if (here.current.inBrowser && window.location.pathname !== here.current.path) return;
      const o = optsRef.current;
      const current = readListUrl(latest.current, o);
      const diff = patch(current);
      const next = { ...current, ...diff, filters: { ...current.filters, ...diff.filters } };
      const resets = Object.keys(diff).some((k) => k !== 'page');
      if (resets && diff.page === undefined) next.page = 1;
      const url = writeListUrl(latest.current, next, o);
      if (url.toString() === latest.current.toString()) return;
      latest.current = url;
      setRef.current(url, { replace });
    },
    [],
  );

  // The box holds what is typed; the URL gets it once typing pauses. Back or a link updates the box.
  const [search, setSearchText] = useState(state.q);
  const [debounced] = useDebouncedValue(search.trim().slice(0, TEXT_LIMITS.search), SEARCH_DEBOUNCE_MS);
  const written = useRef(state.q);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    change(() => ({ q: debounced }), { replace: true });
  }, [debounced, change]);
  if (state.q !== written.current) {
    written.current = state.q;
    setSearchText(state.q);
  }

  const setters = useMemo(() => {
    const setFilters = (patch: Partial<Record<F, string | undefined>>) =>
      change(() => ({ filters: patch as Record<F, string | undefined> }));
    return {
      setPage: (page: number, how?: Replace) => change(() => ({ page }), how),
      setLimit: (limit: number) => change(() => ({ limit })),
      setSortBy: (sortBy: K) => change(() => ({ sortBy })),
      setOrder: (order: SortOrder) => change(() => ({ order })),
      setFilter: (name: F, value: string | undefined) =>
        setFilters({ [name]: value } as Partial<Record<F, string | undefined>>),
      setFilters,
      clearFilters: () =>
        setFilters(
          Object.fromEntries((optsRef.current.filters ?? []).map((f) => [f, undefined])) as Partial<
            Record<F, string | undefined>
          >,
        ),
      /** Wraps a setter of state kept outside the URL so it, too, goes back to page 1. */
      resetting:
        <T>(set: (v: T) => void) =>
        (value: T) => {
          set(value);
          change(() => ({ page: 1 }), { replace: true });
        },
    };
  }, [change]);

  const { filters, ...controls } = state;
  const params: ListControls<K> = controls;
  // The choices the list accepts, for its sort and per-page selects.
  const sortKeys: readonly K[] = opts.sortKeys ?? [opts.defaultSort];
  const limits = opts.limits ?? [opts.defaultLimit];
  return { params, search, setSearch: setSearchText, filters, sortKeys, limits, ...setters };
}

/**
 * Someone else may have removed rows since this page was chosen; never sit past the last page.
 * The correction replaces the history entry, so Back does not return to the empty page.
 */
export function useKeepPageInRange(
  page: number,
  pages: number,
  loaded: boolean,
  setPage: (p: number, how?: Replace) => void,
) {
  useEffect(() => {
    if (loaded && page > pages) setPage(pages, { replace: true });
  }, [loaded, page, pages, setPage]);
}
