import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { API_ERROR } from '../../../domain/messages';
import { PRODUCT_MESSAGES } from '../../../domain/products';
import { badRequest, notFound } from '../../errors/app-error';
import { type Queryable, readBundle } from './bundle.query';

/** The NOTIFY channel migration 0005's triggers announce catalogue writes on. */
export const CATALOGUE_CHANNEL = 'stockroom_catalogue';

/** A bundle ready to send: its JSON text, a strong ETag over it, and when it goes stale by itself. */
export type ServedBundle = { body: string; etag: string; expiresAt: number | null; published: boolean };

/**
 * The public product bundle, assembled in one query and cached in process.
 *
 * Staleness rules, all of them needed:
 * - a catalogue write through this process clears the cache before its response is sent
 *   (`invalidate`, called by the app's write hook), so the writer reads its own change;
 * - a write by any other process (or a script) reaches every process through PostgreSQL's NOTIFY
 *   from migration 0005's triggers, sent at commit;
 * - while the LISTEN connection is down, notifications may be missed, so nothing is cached until
 *   it is back (and then everything cached before is dropped);
 * - a read that started before an invalidation never stores its result (generation check), so a
 *   slow read cannot put back what a write just cleared;
 * - an entry expires by itself when a discount window it depends on opens or closes.
 */
export function createBundleService(db: Queryable, opts: { maxEntries?: number; now?: () => number } = {}) {
  const maxEntries = opts.maxEntries ?? 5000;
  const now = opts.now ?? Date.now;
  // max must be at least 1; with maxEntries 0 nothing is ever stored (see get).
  const entries = new LRUCache<string, ServedBundle>({ max: Math.max(1, maxEntries) });
  let generation = 0;
  let listening = false;

  function invalidate() {
    generation += 1;
    entries.clear();
  }

  return {
    invalidate,

    /** Follows the LISTEN connection: caching only while it is up. */
    onChannelEvent(event: { type: 'notify' | 'up' | 'down' }) {
      if (event.type === 'up') listening = true;
      if (event.type === 'down') listening = false;
      invalidate();
    },

    /** Entries held now (for tests and the benchmark's report). */
    get size() {
      return entries.size;
    },

    /** A published product's bundle, as visitors get it: a draft is not found. */
    async getPublished(slug: string): Promise<ServedBundle> {
      const served = await this.get(slug);
      if (!served.published) throw notFound(PRODUCT_MESSAGES.productNotFound);
      return served;
    },

    async get(slug: string): Promise<ServedBundle> {
      const hit = entries.get(slug);
      if (hit && (hit.expiresAt === null || now() < hit.expiresAt)) return hit;
      if (hit) entries.delete(slug);
      // The same answer a NUL gets everywhere else (there, from the database's refusal).
      if (slug.includes('\u0000')) throw badRequest(API_ERROR.nulCharacter);
      const startedAt = generation;
      const result = await readBundle(db, slug, new Date(now()));
      if (!result) throw notFound(PRODUCT_MESSAGES.productNotFound);
      const { body } = result;
      const served: ServedBundle = {
        body,
        etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
        expiresAt: result.changesAt,
        published: result.published,
      };
      if (listening && startedAt === generation && maxEntries > 0) {
        entries.set(slug, served);
      }
      return served;
    },
  };
}

export type BundleService = ReturnType<typeof createBundleService>;
