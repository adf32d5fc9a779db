import type { FoundPage } from '../db/query/counting';
import { type CatalogueCache, type CatalogueFreshness, createCatalogueCaches } from './catalogue-cache';

/** The NOTIFY channel migration 0066's triggers announce writes to requests and their lines on. */
export const INBOX_CHANNEL = 'stockroom_inbox';

/** A search of the inbox as found: its page's ids and total, and its counts per status. */
export type InboxSearchPage = { found: FoundPage; counts: Record<string, number> };

export type InboxPages = {
  freshness: CatalogueFreshness;
  pages: CatalogueCache<InboxSearchPage> | undefined;
};

/**
 * The inbox's search pages this process keeps, under the catalogue caches' freshness rules (a
 * write through this process clears them before its answer, any other process's reaches them by
 * NOTIFY, nothing is kept while that connection is down), in a group of their own: requests come
 * in all day, and each would otherwise empty the catalogue's caches too. Staff ask the same few
 * searches again as they page, sort, come back from a request and type in the palette; a kept
 * page leaves the search's statements out and reads only the page's rows. With no entries,
 * nothing is kept.
 */
export function createInboxPages(entries: number): InboxPages {
  const group = createCatalogueCaches();
  return { freshness: group, pages: entries > 0 ? group.cache<InboxSearchPage>(entries) : undefined };
}
