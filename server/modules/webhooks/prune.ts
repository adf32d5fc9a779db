import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * Events deleted per statement, each with its deliveries and their attempts (the foreign keys'
 * cascades): a short transaction, so the sender and writers never wait long on one.
 */
const PRUNE_CHUNK = 1_000;

/**
 * Deletes the webhook events older than `retentionDays`, with their deliveries and attempts,
 * oldest first, a chunk per statement (along webhook_events_created_idx), until none is left;
 * answers how many events went. An event stays while any delivery of it is pending (waiting, or
 * retrying) or was made within the retention (a redelivery), so nothing still to be sent is lost
 * and the delivery log lists each delivery with its event. An event a redelivery is locking is
 * skipped, for the next run to find it with that delivery.
 */
export async function pruneWebhookEvents(
  db: Db,
  retentionDays: number,
  chunk = PRUNE_CHUNK,
): Promise<number> {
  const before = sql`now() - make_interval(days => ${retentionDays}::int)`;
  let total = 0;
  for (;;) {
    const { rows } = await db.execute<{ n: number }>(sql`
      with gone as (
        delete from webhook_events where id in (
          select e.id from webhook_events e
          where e.created_at < ${before}
            and not exists (
              select 1 from webhook_deliveries d
              where d.event_id = e.id and (d.status = 'pending' or d.created_at >= ${before}))
          order by e.created_at, e.id limit ${chunk}::int
          for update skip locked)
        returning 1)
      select count(*)::int as n from gone`);
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < chunk) return total;
  }
}
