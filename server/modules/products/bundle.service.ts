import { API_ERROR } from '#domain/messages';
import { PRODUCT_MESSAGES } from '#domain/products';
import { type CatalogueCaches, createCatalogueCaches } from '../../cache/catalogue-cache';
import { strongEtag } from '../../cache/etag';
import { badRequest, notFound } from '../../errors/app-error';
import { localizeBundle } from '../translations';
import { type Queryable, readBundle } from './bundle.query';

/** A bundle ready to send: its JSON text, a strong ETag over it, and when it goes stale by itself. */
export type ServedBundle = { body: string; etag: string; expiresAt: number | null; published: boolean };

/**
 * The public product bundle, assembled in one query and cached in process under the catalogue's
 * freshness rules (server/cache/catalogue-cache.ts). Given `caches`, its cache is one of that group, cleared
 * with the group's other caches (the shop's pages); `invalidate` and `onChannelEvent` are the
 * group's.
 */
export function createBundleService(
  db: Queryable,
  opts: { maxEntries?: number; now?: () => number; caches?: CatalogueCaches } = {},
) {
  const caches = opts.caches ?? createCatalogueCaches({ now: opts.now });
  const entries = caches.cache<ServedBundle>(opts.maxEntries ?? 5000);

  /**
   * The bundle in a translated locale (none: the default language). Each locale is an entry of its
   * own, keyed `slug@locale` (a slug holds no @), so one language's answer never serves another.
   */
  async function get(slug: string, locale?: string): Promise<ServedBundle> {
    // The same answer a NUL gets everywhere else (there, from the database's refusal).
    if (slug.includes('\u0000')) throw badRequest(API_ERROR.nulCharacter);
    return entries.get(locale ? `${slug}@${locale}` : slug, async () => {
      const result = await readBundle(db, slug, new Date(caches.now()));
      if (!result) throw notFound(PRODUCT_MESSAGES.productNotFound);
      const body = locale ? await localizeBundle(db, result.body, locale) : result.body;
      const served: ServedBundle = {
        body,
        etag: strongEtag(body),
        expiresAt: result.changesAt,
        published: result.published,
      };
      return { value: served, expiresAt: result.changesAt };
    });
  }

  return {
    /** The freshness group this cache belongs to: other caches of catalogue data join it. */
    caches,
    invalidate: caches.invalidate,
    onChannelEvent: caches.onChannelEvent,

    /** Entries held now (for tests and the benchmark's report). */
    get size() {
      return entries.size;
    },

    /** A published product's bundle, as visitors get it: a draft is not found. */
    async getPublished(slug: string, locale?: string): Promise<ServedBundle> {
      const served = await get(slug, locale);
      if (!served.published) throw notFound(PRODUCT_MESSAGES.productNotFound);
      return served;
    },

    get,
  };
}

export type BundleService = ReturnType<typeof createBundleService>;
