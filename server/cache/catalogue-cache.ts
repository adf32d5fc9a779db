import { LRUCache } from 'lru-cache';

/** The NOTIFY channel migration 0005's triggers announce catalogue writes on. */
export const CATALOGUE_CHANNEL = 'stockroom_catalogue';

/** What the LISTEN connection on the catalogue channel reports (db/client.ts listen()). */
export type CatalogueEvent = { type: 'notify' | 'up' | 'down' };

/** A value read from the catalogue, and the moment it goes stale by itself (or null: never). */
export type Fresh<V> = { value: V; expiresAt: number | null };

/**
 * What a process keeps from the catalogue (the public bundles, the shop's product pages), under
 * one set of freshness rules, so that every cache built here forgets at the same moments:
 * - a catalogue write through this process clears them before its response is sent
 *   (`invalidate`, called by the app's write hook), so the writer reads its own change;
 * - a write by any other process (or a script) reaches every process through PostgreSQL's NOTIFY
 *   from migration 0005's triggers, sent at commit (`onChannelEvent`);
 * - while the LISTEN connection is down, notifications may be missed, so nothing is cached until
 *   it is back (and then everything cached before is dropped);
 * - a read that started before an invalidation never stores its result (generation check), so a
 *   slow read cannot put back what a write just cleared;
 * - an entry expires by itself at the moment its reader gave (a discount window opens or closes);
 * - requests for a key that is being read wait for that read rather than start their own (ten
 *   visitors on a page nobody has asked for since the last write cost one read, not ten), unless
 *   an invalidation came since it began.
 */
export function createCatalogueCaches(opts: { now?: () => number } = {}) {
  const now = opts.now ?? Date.now;
  const members = new Set<{ clear(): void }>();
  let generation = 0;
  let listening = false;

  function invalidate() {
    generation += 1;
    for (const member of members) member.clear();
  }

  return {
    now,
    invalidate,

    /** Follows the LISTEN connection: caching only while it is up. */
    onChannelEvent(event: CatalogueEvent) {
      if (event.type === 'up') listening = true;
      if (event.type === 'down') listening = false;
      invalidate();
    },

    /**
     * An LRU of up to maxEntries values by key, under the rules above; with maxEntries 0 it
     * stores nothing and every get reads.
     */
    cache<V extends {}>(maxEntries: number): CatalogueCache<V> {
      // max must be at least 1; with maxEntries 0 nothing is ever stored (see get).
      const entries = new LRUCache<string, Fresh<V>>({ max: Math.max(1, maxEntries) });
      /** Reads under way, with the generation each began in. */
      const reading = new Map<string, { generation: number; read: Promise<Fresh<V>> }>();
      members.add(entries);
      return {
        /** Entries held now (for tests and the benchmark's report). */
        get size() {
          return entries.size;
        },

        /** The fresh value for key, or what read gives, kept if nothing changed while it read. */
        async get(key: string, read: () => Promise<Fresh<V>>): Promise<V> {
          const hit = entries.get(key);
          if (hit && (hit.expiresAt === null || now() < hit.expiresAt)) return hit.value;
          if (hit) entries.delete(key);
          const under = reading.get(key);
          if (under && under.generation === generation && listening && maxEntries > 0)
            return (await under.read).value;
          const startedAt = generation;
          const pending = read();
          reading.set(key, { generation: startedAt, read: pending });
          try {
            const fresh = await pending;
            if (listening && startedAt === generation && maxEntries > 0) entries.set(key, fresh);
            return fresh.value;
          } finally {
            if (reading.get(key)?.read === pending) reading.delete(key);
          }
        },
      };
    },
  };
}

export type CatalogueCaches = ReturnType<typeof createCatalogueCaches>;

/** What the app's write hook and LISTEN connection need of the caches: when to forget. */
export type CatalogueFreshness = Pick<CatalogueCaches, 'invalidate' | 'onChannelEvent'>;
export type CatalogueCache<V extends {}> = {
  readonly size: number;
  get(key: string, read: () => Promise<Fresh<V>>): Promise<V>;
};
