import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { images } from '../db/schema';
import type { PreparedImage } from './process';
import { type ImageStore, imageUrl, keyOfUrl } from './store';

/** What a write that owns images may do inside its transaction. */
export type ImageOps = {
  /** Stores the image (files first, then a reference in this transaction) and returns its URL. */
  attach(image: PreparedImage): Promise<string>;
  /** Drops this row's reference to url; the files go once nothing refers to them. */
  detach(url: string | null | undefined): Promise<void>;
  /**
   * detach for many rows at once (a bulk delete): each URL with how many rows let go of it, in
   * one statement however many there are.
   */
  detachMany(refs: [url: string, count: number][]): Promise<void>;
  /**
   * Adds a reference to an image already stored, for a new row that shows it too (a copied
   * product's gallery): its files then stay until every row showing them has let go. A URL that
   * is not a stored image is left alone.
   */
  share(url: string | null | undefined): Promise<void>;
};

/**
 * Images are shared by content (same bytes, same key), so each key carries a reference count.
 * Files are written before the transaction commits and removed after it: a failed write removes
 * the files it added unless something else refers to them, so no orphan file survives.
 */
export function createImagesService(db: Db, store: ImageStore) {
  async function removeIfUnreferenced(keys: Iterable<string>) {
    for (const key of new Set(keys)) {
      const [row] = await db.select({ key: images.key }).from(images).where(eq(images.key, key));
      if (!row) await store.remove(key);
    }
  }

  return {
    async transaction<T>(work: (tx: Tx, ops: ImageOps) => Promise<T>): Promise<T> {
      const written: string[] = [];
      const released: string[] = [];
      try {
        const result = await db.transaction(async (tx) =>
          work(tx, {
            async attach(image) {
              // Noted before writing: a write that fails halfway (one file of two) is cleaned up too.
              written.push(image.key);
              await store.write(image.key, image.main, image.thumb);
              await tx
                .insert(images)
                .values({
                  key: image.key,
                  width: image.width,
                  height: image.height,
                  bytes: image.main.length,
                  ref_count: 1,
                })
                .onConflictDoUpdate({ target: images.key, set: { ref_count: sql`${images.ref_count} + 1` } });
              return imageUrl(image.key);
            },
            async share(url) {
              const key = keyOfUrl(url);
              if (!key) return;
              await tx
                .update(images)
                .set({ ref_count: sql`${images.ref_count} + 1` })
                .where(eq(images.key, key));
            },
            async detachMany(refs) {
              const byKey = new Map<string, number>();
              for (const [url, count] of refs) {
                const key = keyOfUrl(url);
                if (key) byKey.set(key, (byKey.get(key) ?? 0) + count);
              }
              if (byKey.size === 0) return;
              // Keys are hex and counts integers: both travel as one array literal each.
              const keys = `{${[...byKey.keys()].join(',')}}`;
              const counts = `{${[...byKey.values()].join(',')}}`;
              const { rows } = await tx.execute<{ key: string; ref_count: number }>(sql`update ${images} i
                set ref_count = i.ref_count - k.n from unnest(${keys}::text[], ${counts}::int[]) as k(key, n)
                where i.key = k.key returning i.key, i.ref_count`);
              const gone = rows.filter((r) => r.ref_count <= 0).map((r) => r.key);
              if (gone.length === 0) return;
              await tx.execute(sql`delete from ${images} where key = any(${`{${gone.join(',')}}`}::text[])`);
              released.push(...gone);
            },
            async detach(url) {
              const key = keyOfUrl(url);
              if (!key) return;
              const [row] = await tx
                .update(images)
                .set({ ref_count: sql`${images.ref_count} - 1` })
                .where(eq(images.key, key))
                .returning({ ref_count: images.ref_count });
              if (row && row.ref_count <= 0) {
                await tx.delete(images).where(eq(images.key, key));
                released.push(key);
              }
            },
          }),
        );
        await removeIfUnreferenced(released);
        return result;
      } catch (err) {
        await removeIfUnreferenced(written);
        throw err;
      }
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
