import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { limitInText } from './sql';

/** Rows per statement of a streamed read: memory stays flat however many rows match. */
export const STREAM_BATCH = 2000;

/**
 * The order a streamed read walks: a sort key that is never null, its SQL type (the cursor travels
 * as text and is cast back), the id as the tie-breaker, and the direction.
 */
export type KeysetOrder = {
  key: PgColumn | SQL;
  type: 'text' | 'numeric' | 'timestamptz' | 'integer';
  id: PgColumn;
  order: 'asc' | 'desc';
};

/** What one batch's statement is given: where to start, the order, the cursor's column, the size. */
export type KeysetBatch = {
  /** Rows after the previous batch's last one; undefined for the first batch. */
  after: SQL | undefined;
  orderBy: SQL;
  /** Select it as `sort_key`: the next batch starts after the last row's. */
  sortKey: SQL<string>;
  limit: number;
};

/**
 * Every row of a query in its order, a batch at a time. Each batch is its own statement that
 * starts after the last row sent (a keyset: the sort key and the id, compared as a row, which an
 * index on both reads as a range), so the connection is free between batches, no cursor or
 * transaction stays open, and a deep position costs what the first page costs, where an OFFSET
 * would read every row before it again.
 */
export async function* keysetBatches<R extends { id: number; sort_key: string }>(
  order: KeysetOrder,
  read: (batch: KeysetBatch) => Promise<R[]>,
  size: number = STREAM_BATCH,
): AsyncGenerator<R[]> {
  const dir = order.order === 'asc' ? sql`asc` : sql`desc`;
  const past = order.order === 'asc' ? sql`>` : sql`<`;
  const orderBy = sql`${order.key} ${dir}, ${order.id} ${dir}`;
  const sortKey = sql<string>`(${order.key})::text`;
  let last: R | null = null;
  for (;;) {
    const after: SQL | undefined = last
      ? sql`(${order.key}, ${order.id}) ${past} (cast(${last.sort_key} as ${sql.raw(order.type)}), ${last.id})`
      : undefined;
    const rows: R[] = await read({ after, orderBy, sortKey, limit: limitInText(size) });
    if (rows.length) yield rows;
    if (rows.length < size) return;
    last = rows[rows.length - 1];
  }
}
