import { sql } from 'drizzle-orm';
import { API_ERROR, VALIDATION } from '#domain/messages';
import { SHOP_RESERVED_SLUGS } from '#domain/shop';
import { slugify } from '#domain/slug';
import { badRequest, conflict } from '../errors/app-error';
import type { Db } from './client';
import { isUniqueViolation } from './errors';

type Executor = Pick<Db, 'execute'>;
export type SluggedTable = 'categories' | 'brands' | 'products';

/**
 * The slug a row gets (made by slugify, domain/slug.ts): an explicit one is normalised and kept as it is
 * (a collision is the caller's 409); an empty one is generated from the name, with -2, -3 … added
 * until it is free.
 */
export async function resolveSlug(
  db: Executor,
  table: SluggedTable,
  input: { slug: string | null; name: string; fallback: string },
  excludeId?: number,
): Promise<string> {
  if (input.slug) {
    const slug = slugify(input.slug);
    if (!slug) throw badRequest(VALIDATION.invalidSlug, { slug: VALIDATION.invalidSlug });
    return slug;
  }
  const base = slugify(input.name) || input.fallback;
  // Writers generating from the same base take turns (until their transaction ends), so the
  // next one sees the number the previous one committed instead of colliding with it.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${table}:${base}`}))`);
  const pattern = `^${base.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}-[0-9]+$`;
  const { rows } = await db.execute<{ slug: string }>(
    sql`select slug from ${sql.identifier(table)}
        where (slug = ${base} or slug ~ ${pattern}) ${excludeId ? sql`and id <> ${excludeId}` : sql``}`,
  );
  const taken = new Set(rows.map((r) => r.slug));
  // A product's page is /shop/{slug}: the shop's own pages there are never a product's slug.
  if (table === 'products') for (const reserved of SHOP_RESERVED_SLUGS) taken.add(reserved);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * Runs a write, turning a slug's unique violation into the 409 a person can act on. When the slug
 * was generated (the caller gave none), a collision only means another request took that number
 * first: the write runs again and picks the next one.
 */
export async function withSlugConflict<T>(
  constraint: string,
  work: () => Promise<T>,
  opts: { generated: boolean },
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isUniqueViolation(err, constraint)) throw err;
      if (!opts.generated || attempt >= 10)
        throw conflict(API_ERROR.slugTaken, { slug: API_ERROR.slugTaken });
    }
  }
}
