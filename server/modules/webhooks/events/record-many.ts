import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { eventPayload, WEBHOOK_CHANNEL, type WebhookEventInput } from '../record';

/** How many events go in one statement: a bulk edit of many products writes in slices. */
const EVENTS_PER_STATEMENT = 1000;

/**
 * recordWebhookEvent for many events at once, in the order given: a statement per slice instead
 * of one per event, so a bulk edit or an import stays a few statements. Same rows and payloads:
 * only events some enabled endpoint subscribes to are kept, each with a delivery per subscriber.
 */
export async function recordWebhookEvents(tx: Pick<Db, 'execute'>, events: WebhookEventInput[]) {
  let recorded = 0;
  for (let from = 0; from < events.length; from += EVENTS_PER_STATEMENT) {
    const slice = events.slice(from, from + EVENTS_PER_STATEMENT);
    const at = new Date();
    const input = slice.map((e, n) => {
      const { id, payload } = eventPayload(e.type, e.data, at);
      return { n, event_id: id, type: e.type, entity: e.entity, payload };
    });
    const { rows } = await tx.execute<{ n: number }>(sql`
      with input as (
        select * from json_to_recordset(${JSON.stringify(input)}::json)
          as i(n int, event_id text, type text, entity text, payload text)
      ), targets as (
        select i.n, e.id as endpoint_id
        from input i join webhook_endpoints e on e.enabled and i.type = any(e.events)
      ), event as (
        insert into webhook_events (event_id, type, entity, payload)
        select i.event_id, i.type, i.entity, i.payload from input i
        where exists (select 1 from targets t where t.n = i.n)
        order by i.n
        returning id, event_id
      ), deliveries as (
        insert into webhook_deliveries (event_id, endpoint_id, entity)
        select event.id, t.endpoint_id, i.entity
        from event join input i on i.event_id = event.event_id join targets t on t.n = i.n
        order by event.id, t.endpoint_id
        returning 1
      )
      select count(*)::int as n from deliveries`);
    recorded += rows[0].n;
  }
  // Sent at commit, and not at all on rollback.
  if (recorded > 0) await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
}
