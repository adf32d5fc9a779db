import type { CategorySortKey } from '#domain/constants';

export const CATEGORY_SORT_LABELS: Record<CategorySortKey, string> = {
  sort_order: 'Sort Order',
  name: 'Name',
  slug: 'Slug',
  depth: 'Depth',
  created_at: 'Created',
};
