/**
 * Where deep pages of the products list begin, remembered per database.
 *
 * The API pages by number, so a deep page of the list is a large OFFSET: an index-only walk of
 * every (created_at, id) entry before it, on every request. Once a page has been read, the row it
 * starts at is known, and a later page at or past it can seek to that row in the index and walk
 * only the rest: the same page again walks one page of entries, the next one two.
 *
 * A start is only right while no product has been added, removed or moved in the order since it
 * was read. table_counts.version (migration 0013) changes in the transaction of every such write,
 * and the page's own statement reads it: if it differs from the start's, the page is read again by
 * its offset. Other processes' writes are caught the same way, so nothing here needs invalidating.
 */
import { LRUCache } from 'lru-cache';

/** Pages that start this deep seek to a remembered start; shallower walks cost less than a miss. */
export const PAGE_STARTS = { fromOffset: 1_000, kept: 256 } as const;

/** The first row of a page: its offset in the list, its sort key, and the version it was read at. */
export type PageStart = { offset: number; createdAt: string; id: number; version: string };

type Kept = { version: string | null; starts: LRUCache<number, PageStart> };
const kept = new WeakMap<object, Kept>();

function keptFor(db: object): Kept {
  let k = kept.get(db);
  if (!k) {
    k = { version: null, starts: new LRUCache({ max: PAGE_STARTS.kept }) };
    kept.set(db, k);
  }
  return k;
}

/**
 * The nearest remembered start at or before `offset`, of the latest version this process has
 * seen; null when none would save a walk.
 */
export function startBefore(db: object, offset: number): PageStart | null {
  if (offset < PAGE_STARTS.fromOffset) return null;
  const k = keptFor(db);
  let best: PageStart | null = null;
  for (const start of k.starts.values())
    if (start.offset <= offset && (!best || start.offset > best.offset)) best = start;
  return best;
}

/**
 * What a page's statement saw: the version, always; and its first row, kept if the page is deep
 * enough to be worth remembering. A new version forgets every start of the old one.
 */
export function rememberPage(db: object, version: string, first: Omit<PageStart, 'version'>) {
  const k = keptFor(db);
  if (k.version !== version) {
    k.version = version;
    k.starts.clear();
  }
  if (first.offset < PAGE_STARTS.fromOffset) return;
  k.starts.set(first.offset, { ...first, version });
}

/** Drops a database's remembered starts (tests that count statements start from none). */
export function forgetPageStarts(db: object) {
  kept.delete(db);
}
