import { type SQL, sql } from 'drizzle-orm';
import type { ChangeAction } from '#domain/history';
import type { Tx } from '../db/client';

/**
 * What the writes of this transaction are, when not a plain create, update or delete (a move to
 * the trash, a restore, a bulk edit's rows), and the batch entry they belong to. Both last until
 * the transaction ends; each is set only when named, so a batch's id and a trash's action can be
 * set apart, in either order, in one transaction.
 */
export async function setChangeContext(tx: Tx, context: { action?: ChangeAction; batchId?: number }) {
  const settings: SQL[] = [];
  if ('action' in context) settings.push(sql`set_config('stockroom.action', ${context.action ?? ''}, true)`);
  if ('batchId' in context)
    settings.push(
      sql`set_config('stockroom.batch', ${context.batchId === undefined ? '' : String(context.batchId)}, true)`,
    );
  if (settings.length) await tx.execute(sql`select ${sql.join(settings, sql`, `)}`);
}
