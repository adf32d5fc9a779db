import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '#domain/webhooks';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';

/** NOTIFY channel of a recorded event: the senders wake at the commit that wrote it. */
export const WEBHOOK_CHANNEL = 'stockroom_webhooks';

/** What records events: a transaction (db.transaction's tx) or the database itself. */
export type WebhookWriter = Pick<Db, 'execute'>;

export type WebhookEventInput = {
  type: WebhookEventType;
  /**
   * The entity the event is about, as `kind:id` ('product:12', 'quote:7'). Each endpoint gets an
   * entity's events in the order they were recorded, one after the other.
   */
  entity: string;
  /** The entity as the API returns it (its GET answer): the payload's `data`. */
  data: unknown;
};

/**
 * Records an event in the caller's transaction, with one delivery for every enabled endpoint
 * subscribed to its type: it is sent only if that transaction commits, and then at least once.
 * Call it after the write that changes the entity (which locks the entity's row), so that two
 * changes of one entity record their events in the order they commit. Without a subscriber
 * nothing is written. Resolves to the event's id (the payload's `id`), or null when not recorded.
 */
export function recordWebhookEvent(tx: WebhookWriter, event: WebhookEventInput): Promise<string | null> {
  return insertEvent(
    tx,
    event,
    sql`${webhookEndpoints.enabled} and ${event.type} = any(${webhookEndpoints.events})`,
  );
}

/** A test event for one endpoint, whatever it subscribed to ("Send test event"). */
export function recordTestEvent(
  tx: WebhookWriter,
  endpointId: number,
  event: { type: string; data: unknown },
): Promise<string | null> {
  return insertEvent(
    tx,
    { ...event, entity: `webhook:${endpointId}` },
    sql`${webhookEndpoints.id} = ${endpointId}`,
  );
}

/** A new event's id (`evt_…`) and its body as the receiver gets it: `{ id, type, created_at, data }`. */
export function eventPayload(type: string, data: unknown, at = new Date()) {
  const id = `evt_${randomUUID().replaceAll('-', '')}`;
  return { id, payload: JSON.stringify({ id, type, created_at: at.toISOString(), data }) };
}

async function insertEvent(
  tx: WebhookWriter,
  event: { type: string; entity: string; data: unknown },
  endpoints: ReturnType<typeof sql>,
): Promise<string | null> {
  const { id, payload } = eventPayload(event.type, event.data);
  // One statement: the subscribers, the event only if there is one, and a delivery for each.
  const { rows } = await tx.execute<{ n: number }>(sql`
    with targets as (
      select ${webhookEndpoints.id} as endpoint_id from ${webhookEndpoints} where ${endpoints}
    ), event as (
      insert into ${webhookEvents} (event_id, type, entity, payload)
      select ${id}, ${event.type}, ${event.entity}, ${payload} where exists (select 1 from targets)
      returning id
    ), deliveries as (
      insert into ${webhookDeliveries} (event_id, endpoint_id, entity)
      select event.id, targets.endpoint_id, ${event.entity} from event, targets
      returning 1
    )
    select count(*)::int as n from deliveries`);
  if (rows[0].n === 0) return null;
  // Sent at commit, and not at all on rollback.
  await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
  return id;
}
