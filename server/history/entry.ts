import { sql } from 'drizzle-orm';
import type { EntityType } from '#domain/history';
import type { Db } from '../db/client';

/** A change as the log keeps it: { field: { before, after } }. */
export type LoggedFields = Record<string, { before: unknown; after: unknown }>;

/**
 * An update entry the application writes itself, where a trigger would cost too much: a price
 * list's prices, which may be 100,000 rows, log one summary on the list. It goes through the
 * triggers' own statement (stockroom_log_entry, migration 0064), so it carries the same author,
 * token, action and batch, and merges into the entity's entry of this transaction.
 */
export async function logEntry(
  tx: Pick<Db, 'execute'>,
  entity: EntityType,
  id: number,
  changes: LoggedFields,
) {
  await tx.execute(sql`select stockroom_log_entry(${entity}, ${id}, ${JSON.stringify(changes)}::jsonb)`);
}
