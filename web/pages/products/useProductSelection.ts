import { useMemo, useState } from 'react';
import type { ProductListItem } from '#domain/products';
import type { ProductFilterValues } from '../../api/keys';
import { selectionScope } from './productFilters';
import { NO_SELECTION, type Selection, selectedCount } from './selection';

/**
 * The rows picked for a bulk action. A selection belongs to the rows it was made among: another
 * search or filter starts afresh.
 */
export function useProductSelection(
  q: string,
  values: ProductFilterValues,
  items: readonly ProductListItem[] | undefined,
  total: number,
) {
  const scope = selectionScope(q, values);
  const [picked, setPicked] = useState<{ scope: string; selection: Selection }>({
    scope,
    selection: NO_SELECTION,
  });
  const selection = picked.scope === scope ? picked.selection : NO_SELECTION;
  const pageIds = useMemo(() => items?.map((p) => p.id) ?? [], [items]);
  return {
    selection,
    select: (next: Selection) => setPicked({ scope, selection: next }),
    pageIds,
    count: selectedCount(selection, total),
  };
}

export type ProductSelection = ReturnType<typeof useProductSelection>;
