import { useState } from 'react';
import { useCategory } from '../../api/categories';
import type { ParentFilterChoice } from './ParentFilter';
import { FILTER_FIXED, urlToParentFilter } from './parentOptions';

/**
 * The Parent filter's choice for the URL's parent_id, with the label to show: the one picked in
 * the select, or, for a category that came in by a link or Back, its name from the server.
 */
export function useParentChoice(parentId: string | undefined) {
  const value = urlToParentFilter(parentId);
  const [picked, remember] = useState<ParentFilterChoice | null>(null);
  const fixed = FILTER_FIXED.find((o) => o.value === value);
  const known = fixed ?? (picked?.value === value ? picked : null);
  const category = useCategory(known ? null : Number(value));
  const label = known?.label ?? category.data?.name ?? `#${value}`;
  return { value, label, remember };
}
