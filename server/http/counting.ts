import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { PAGING } from '../../domain/constants';
import type { Db } from '../db/client';

export type ListTotal = { total: number; total_exact: boolean };

/**
 * A list's meta.total without scanning the world (issue 8): matches are counted exactly up to
 * PAGING.exactCountCap, which costs at most that many index entries; past the cap the planner's
 * estimate stands in (from the table's statistics, scaled to its current size) and the answer
 * says so, so the screen can show "about".
 */
export async function countMatches(
  db: Pick<Db, 'execute'>,
  table: PgTable,
  where: SQL | undefined,
  cap: number = PAGING.exactCountCap,
): Promise<ListTotal> {
  const filter = where ? sql`where ${where}` : sql``;
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${table} ${filter} limit ${cap + 1}) capped`,
  );
  const n = rows[0].n;
  if (n <= cap) return { total: n, total_exact: true };
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    sql`explain (format json) select 1 from ${table} ${filter}`,
  );
  const estimate = Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
  // The estimate can undershoot what was just counted; never report fewer than we saw.
  return { total: Math.max(estimate, n), total_exact: false };
}
