import { eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { ADVISORY_LOCKS } from '../../db/locks';
import { categories } from '../../db/schema';
import type { Query } from '../../jobs/jobs.service';

/**
 * Takes the category tree's lock for the rest of the transaction. Every structural write to the
 * tree (a create, a move, a reparent, a delete, a restore, an import's new categories) takes it
 * first, so two at once can never make a cycle or compute a path from a parent that is moving.
 * A drizzle transaction or a raw client's query (the import's own connection) can take it.
 */
export async function lockCategoryTree(tx: Tx | Query): Promise<void> {
  if (typeof tx === 'function') await tx('select pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.categoryTree]);
  else await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.categoryTree})`);
}

/**
 * Recomputes depth and path for the given categories and everything below them, from their
 * parents' current values, in one statement.
 */
export async function recomputeSubtrees(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    with recursive t(id, depth, path) as (
      select c.id, coalesce(p.depth + 1, 0), case when p.id is null then c.slug else p.path || '/' || c.slug end
      from categories c left join categories p on p.id = c.parent_id
      where c.id in (${sql.join(ids, sql`, `)})
      union all
      select c.id, t.depth + 1, t.path || '/' || c.slug from categories c join t on c.parent_id = t.id
    )
    update categories c set depth = t.depth, path = t.path from t where c.id = t.id`);
}

export const childrenOf = (parentId: number | null) =>
  parentId === null ? isNull(categories.parent_id) : eq(categories.parent_id, parentId);

/** The sort order after the last of a parent's children, so a new category joins at the end. */
export async function nextSortOrder(tx: Tx, parentId: number | null): Promise<number> {
  const [last] = await tx
    .select({ next: sql<number>`coalesce(max(${categories.sort_order}) + 1, 0)::int` })
    .from(categories)
    .where(childrenOf(parentId));
  return Number(last?.next ?? 0);
}

/**
 * The sort orders a move leaves the siblings with (in the list's order): the mover and its
 * neighbour trade values. Tied values would trade to no effect, so siblings holding a tie are
 * first numbered 0..n-1 in their current order.
 */
export function swappedOrders(orders: readonly number[], index: number, other: number): number[] {
  const tied = orders.some((value, i) => i > 0 && value === orders[i - 1]);
  const values = tied ? orders.map((_, i) => i) : [...orders];
  [values[index], values[other]] = [values[other], values[index]];
  return values;
}

/** Whether candidateId is rootId or lies below it. */
export async function isInSubtree(tx: Tx, rootId: number, candidateId: number): Promise<boolean> {
  const { rows } = await tx.execute<{ found: boolean }>(sql`
    with recursive t(id) as (
      select ${rootId}::int union all select c.id from categories c join t on c.parent_id = t.id
    )
    select exists(select 1 from t where id = ${candidateId}) as found`);
  return rows[0]?.found === true;
}
