import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { PAGING, type SortOrder, type UserSortKey } from '../../../domain/constants';
import type { UserListParams } from '../../api/users';

const SEARCH_DEBOUNCE_MS = 300;

/** The Users list's controls; any change other than the page itself starts again at page 1. */
export function useUserListState() {
  const [search, setSearchText] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimitValue] = useState<number>(PAGING.users.defaultLimit);
  const [sortBy, setSortByValue] = useState<UserSortKey>(PAGING.users.defaultSort);
  const [order, setOrderValue] = useState<SortOrder>(PAGING.users.defaultOrder);
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  const params: UserListParams = { q, page, limit, sortBy, order };

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
  };
}
