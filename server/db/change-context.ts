import { type SQL, sql } from 'drizzle-orm';
import type { ChangeAction } from '#domain/history';
import type { Tx } from './client';

/**
 * The author of this connection's writes (server/history/actor.ts sets it), for the entries the
 * app writes itself beside the triggers' (a batch's own entry, a purge).
 */
export const CURRENT_ACTOR_SQL = sql`nullif(current_setting('stockroom.actor', true), '')::integer`;

/** The API token of this connection's writes, beside CURRENT_ACTOR_SQL (null for a person). */
export const CURRENT_TOKEN_SQL = sql`nullif(current_setting('stockroom.token', true), '')::integer`;

type ChangeContext = { action?: ChangeAction; batchId?: number };

/** The statement that sets a change context, or null when it names nothing. */
export function changeContextSql(context: ChangeContext): SQL | null {
  const settings: SQL[] = [];
  if ('action' in context) settings.push(sql`set_config('stockroom.action', ${context.action ?? ''}, true)`);
  if ('batchId' in context)
    settings.push(
      sql`set_config('stockroom.batch', ${context.batchId === undefined ? '' : String(context.batchId)}, true)`,
    );
  return settings.length ? sql`select ${sql.join(settings, sql`, `)}` : null;
}

/**
 * What the writes of this transaction are, when not a plain create, update or delete (a move to
 * the trash, a restore, a bulk edit's rows), and the batch entry they belong to. Both last until
 * the transaction ends; each is set only when named, so a batch's id and a trash's action can be
 * set apart, in either order, in one transaction.
 */
export async function setChangeContext(tx: Tx, context: ChangeContext) {
  const statement = changeContextSql(context);
  if (statement) await tx.execute(statement);
}
