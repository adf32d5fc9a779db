import type { BrandSortKey } from '#domain/constants';

export const BRAND_SORT_LABELS: Record<BrandSortKey, string> = {
  created_at: 'Created',
  updated_at: 'Updated',
  name: 'Name',
  slug: 'Slug',
};
