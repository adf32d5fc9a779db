import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Entries deleted per statement: each is a short transaction, so writers never wait long on one. */
const PRUNE_CHUNK = 5_000;

/**
 * Deletes the change log's entries older than `retentionDays`, oldest first, a chunk per
 * statement (along the log's (at, id) index), until none is left; answers how many went.
 */
export async function pruneHistory(db: Db, retentionDays: number, chunk = PRUNE_CHUNK): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.execute<{ n: number }>(sql`
      with gone as (
        delete from change_log where id in (
          select id from change_log where at < now() - make_interval(days => ${retentionDays}::int)
          order by at, id limit ${chunk}::int)
        returning 1)
      select count(*)::int as n from gone`);
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < chunk) return total;
  }
}
