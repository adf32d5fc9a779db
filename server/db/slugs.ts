import { sql } from 'drizzle-orm';
import { API_ERROR, VALIDATION } from '../../domain/messages';
import { slugify } from '../../domain/slug';
import { badRequest, conflict } from '../http/errors';
import { isUniqueViolation } from '../http/sql';
import type { Db } from './client';

type Executor = Pick<Db, 'execute'>;
export type SluggedTable = 'categories' | 'brands' | 'products';

/**
 * The slug a row gets (DESIGN.md §4 Slugs): an explicit one is normalised and kept as it is
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
  const pattern = `^${base.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}-[0-9]+$`;
  const { rows } = await db.execute<{ slug: string }>(
    sql`select slug from ${sql.identifier(table)}
        where (slug = ${base} or slug ~ ${pattern}) ${excludeId ? sql`and id <> ${excludeId}` : sql``}`,
  );
  const taken = new Set(rows.map((r) => r.slug));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** Runs a write, turning a slug's unique violation into the 409 a person can act on. */
export async function withSlugConflict<T>(constraint: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, constraint)) throw conflict(API_ERROR.slugTaken);
    throw err;
  }
}
