import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useStaffOptions } from '../../api/users';
import { SEARCH_DEBOUNCE_MS } from '../../components/useListState';
import { usePermissions } from '../../session/usePermissions';
import type { InquiryTableQuery } from './useInquiryTableQuery';

/**
 * The inbox's search box and the staff its owner filter offers. The box holds what is typed; the
 * URL gets it once typing pauses. Back or a link updates the box.
 */
export function useInquiryTableFilters({
  state,
  correctRef,
}: Pick<InquiryTableQuery, 'state' | 'correctRef'>) {
  const { has } = usePermissions();
  const staff = useStaffOptions(has('user.manage'));
  const [search, setSearch] = useState(state.q);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const written = useRef(state.q);
  useEffect(() => {
    if (debounced === written.current) return;
    written.current = debounced;
    correctRef.current(() => ({ q: debounced }));
  }, [debounced, correctRef]);
  if (state.q !== written.current) {
    written.current = state.q;
    setSearch(state.q);
  }
  return { search, setSearch, staff: staff.data ?? [] };
}

export type InquiryTableFilters = ReturnType<typeof useInquiryTableFilters>;
