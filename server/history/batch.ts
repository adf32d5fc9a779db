import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  CURRENT_ACTOR_SQL,
  CURRENT_TOKEN_SQL,
  changeContextSql,
  setChangeContext,
} from '../db/change-context';
import type { Tx } from '../db/client';
import type { Query } from '../jobs/jobs.service';

/**
 * A batch's own entry: a bulk edit or a CSV import logs one entry for the whole batch (entity
 * 'product', no entity id) besides the one per row it changed, and each row's entry carries the
 * batch's id. The id is drawn before the rows are written, so they can carry it; the entry itself
 * is written after them, in the same transaction, when what the batch did is known.
 */
export type BatchAction = 'bulk' | 'import';
/** What the batch did, as the entry's changes: each value becomes { before: null, after: value }. */
export type BatchSummary = Record<string, string | number | boolean | null>;

const reserveSql = sql`select nextval(pg_get_serial_sequence('change_log', 'id'))::text as id`;
const entrySql = (id: number, action: BatchAction, summary: BatchSummary) => {
  const changes = Object.fromEntries(
    Object.entries(summary).map(([field, value]) => [field, { before: null, after: value }]),
  );
  return sql`insert into change_log (id, actor_id, token_id, entity_type, entity_id, action, changes)
    values (${id}, ${CURRENT_ACTOR_SQL}, ${CURRENT_TOKEN_SQL}, 'product', null,
      ${action}, ${JSON.stringify(changes)}::jsonb)`;
};

/**
 * Starts a batch in a transaction: the rows it writes from here on carry the batch's id; end()
 * writes the batch's entry, once they are written. A batch that changed nothing is not logged.
 */
export async function startBatch(tx: Tx, action: BatchAction) {
  const { rows } = await tx.execute<{ id: string }>(reserveSql);
  const id = Number(rows[0].id);
  await setChangeContext(tx, { batchId: id });
  return {
    id,
    end: async (summary: BatchSummary & { count: number }) => {
      if (summary.count > 0) await tx.execute(entrySql(id, action, summary));
    },
  };
}

const dialect = new PgDialect();
const run = (q: Query, statement: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return q(text, params);
};

/**
 * The same for a transaction on a client of its own (an import's): begin() in the transaction
 * before the rows are written, end() after them.
 */
export async function beginBatch(q: Query, action: BatchAction) {
  const { rows } = await run(q, reserveSql);
  const id = Number((rows[0] as { id: string }).id);
  await run(q, changeContextSql({ batchId: id }) as SQL);
  return {
    id,
    end: async (summary: BatchSummary) => {
      await run(q, entrySql(id, action, summary));
    },
  };
}
