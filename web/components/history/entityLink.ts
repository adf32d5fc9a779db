import { TEXT_LIMITS } from '#domain/constants';
import type { HistoryEntry } from '#domain/history';

const LIST_PATHS: Partial<Record<HistoryEntry['entity_type'], string>> = {
  product: '/products',
  category: '/categories',
  brand: '/brands',
  discount: '/discounts',
  user: '/users',
  api_token: '/settings/integrations',
};

const search = (path: string, name: string) =>
  `${path}?${new URLSearchParams({ q: name.slice(0, TEXT_LIMITS.search) })}`;

/**
 * Where an entry's entity is seen: its list searched for its name (entries carry ids, and the
 * product editor's address is a slug that may have changed since), the inbox with the request
 * open, or the trash for what was moved there. Null when there is nothing to open.
 */
export function entityPath(
  entry: Pick<HistoryEntry, 'entity_type' | 'entity_id' | 'entity_name' | 'action'>,
): string | null {
  if (entry.entity_id === null || entry.action === 'purge') return null;
  if (entry.entity_type === 'inquiry') return `/inquiries?selected=${entry.entity_id}`;
  // A customer keeps its row when merged, so its page always answers (and points on if merged).
  if (entry.entity_type === 'customer') return `/customers?selected=${entry.entity_id}`;
  if (entry.entity_type === 'company') return `/companies?selected=${entry.entity_id}`;
  // A list's page is its own address; a deleted list is gone for good (lists have no trash).
  if (entry.entity_type === 'price_list')
    return entry.action === 'delete' ? null : `/price-lists/${entry.entity_id}`;
  const name = entry.entity_name?.trim();
  if (!name) return null;
  if (entry.action === 'trash') return search('/trash', name);
  const path = LIST_PATHS[entry.entity_type];
  return path ? search(path, name) : null;
}
