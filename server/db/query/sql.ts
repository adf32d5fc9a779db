import { sql } from 'drizzle-orm';

/** Escapes LIKE wildcards so a search for '50%' finds the text '50%', not everything. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A LIMIT written into the statement's text instead of sent as a parameter. PostgreSQL
 * plans a named statement five times with its values, then keeps one generic plan if that plan
 * looks no dearer. A LIMIT parameter is costed as a tenth of the table, so a list's generic plan
 * always looked dearer and every request was planned again, a large part of a page's time. With
 * the limit in the text the generic plan is kept. Page sizes are few (the schemas bound them), so
 * they add few statement names; offsets stay parameters, since every page number would be a
 * statement of its own.
 *
 * Drizzle's `limit()` takes a number or a placeholder and writes any SQL object as it is, hence
 * the cast.
 */
export function limitInText(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`not a row limit: ${n}`);
  return sql.raw(String(n)) as unknown as number;
}
