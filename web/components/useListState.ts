import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import type { SortOrder } from '#domain/constants';
import type { ListControls } from '../api/listQuery';

const SEARCH_DEBOUNCE_MS = 300;

type Defaults<K extends string> = { defaultLimit: number; defaultSort: K; defaultOrder: SortOrder };

/** A paged list's controls; any change other than the page itself starts again at page 1. */
export function useListState<K extends string>(defaults: Defaults<K>) {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimitValue] = useState<number>(defaults.defaultLimit);
  const [sortBy, setSortByValue] = useState<K>(defaults.defaultSort);
  const [order, setOrderValue] = useState<SortOrder>(defaults.defaultOrder);
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const params: ListControls<K> = { q, page, limit, sortBy, order };

  /** Wraps a setter of a further filter so it, too, goes back to page 1. */
  const resetting =
    <T>(set: (v: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };

  return {
    params,
    search,
    setSearch: resetting(setSearchText),
    setPage,
    setLimit: resetting(setLimitValue),
    setSortBy: resetting(setSortByValue),
    setOrder: resetting(setOrderValue),
    resetting,
  };
}

/** Someone else may have removed rows since this page was chosen; never sit past the last page. */
export function useKeepPageInRange(
  page: number,
  pages: number,
  loaded: boolean,
  setPage: (p: number) => void,
) {
  useEffect(() => {
    if (loaded && page > pages) setPage(pages);
  }, [loaded, page, pages, setPage]);
}
