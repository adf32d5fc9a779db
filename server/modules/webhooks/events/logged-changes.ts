import { sql } from 'drizzle-orm';
import type { ChangeAction } from '#domain/history';
import { inquiryReference } from '#domain/inquiries';
import type { WebhookEventType } from '#domain/webhooks';
import type { Db } from '../../../db/client';

/** The entities whose events come from the change log (orders are not logged: their service records). */
const LOGGED_ENTITIES = ['product', 'inquiry', 'quote'] as const;
export type LoggedEntity = (typeof LOGGED_ENTITIES)[number];

type StatusChange = { before: string | null; after: string | null } | null;

/** One change-log entry of this transaction, with only what picks its events. */
export type LoggedChange = {
  entity_type: LoggedEntity;
  entity_id: number;
  action: ChangeAction;
  status: StatusChange;
  /** For a delete or a move to the trash: the fields the entity had, as the log kept them. */
  gone: Record<string, unknown> | null;
};

/** The fields a deleted entity's event names, read from its entry's befores (a quote has none). */
const GONE_FIELDS: Record<LoggedEntity, readonly string[]> = {
  product: ['name', 'sku', 'slug', 'status'],
  inquiry: ['name', 'email', 'subject', 'status'],
  quote: [],
};

/**
 * This transaction's change-log entries of the entity types some enabled endpoint subscribes to,
 * in the order the transaction first touched each entity. One statement: with no endpoint
 * subscribed (or no write in the transaction) the join has no outer row and reads no entry.
 */
export async function readLoggedChanges(tx: Pick<Db, 'execute'>): Promise<LoggedChange[]> {
  const gone = sql.join(
    LOGGED_ENTITIES.map(
      (e) =>
        sql`when ${e} then jsonb_build_object(${sql.join(
          GONE_FIELDS[e].map((f) => sql`${f}::text, c.changes -> ${f}::text -> 'before'`),
          sql`, `,
        )})`,
    ),
    sql` `,
  );
  const { rows } = await tx.execute<LoggedChange>(sql`
    with subscribed as (
      select distinct split_part(t, '.', 1) as entity_type
      from webhook_endpoints e, unnest(e.events) t
      where e.enabled
    )
    select c.entity_type, c.entity_id::int as entity_id, c.action, c.changes -> 'status' as status,
      case when c.action in ('delete', 'trash') then case c.entity_type ${gone} end end as gone
    from subscribed s
    join change_log c on c.tx = txid_current_if_assigned() and c.entity_type = s.entity_type
    where c.entity_id is not null
      and c.entity_type in (${sql.join(
        LOGGED_ENTITIES.map((e) => sql`${e}`),
        sql`, `,
      )})
    order by c.id`);
  return rows;
}

/** A deleted entity's `data`: its id (a request's with its reference) and what its entry kept. */
export function goneData(change: LoggedChange) {
  const reference = change.entity_type === 'inquiry' ? { reference: inquiryReference(change.entity_id) } : {};
  return { id: change.entity_id, ...reference, ...change.gone };
}

const QUOTE_EVENTS: Record<string, WebhookEventType> = {
  sent: 'quote.sent',
  accepted: 'quote.accepted',
  declined: 'quote.declined',
  expired: 'quote.expired',
};

const becamePublished = (status: StatusChange) =>
  status !== null && status.after === 'published' && status.before !== 'published';

/**
 * The events an entry stands for, in the order they happened. A product back from the trash is
 * created again (its status arrives from null); a past version brought back is an update.
 */
export function eventsOf(change: LoggedChange): WebhookEventType[] {
  const { action, status } = change;
  const gone = action === 'delete' || action === 'trash';
  switch (change.entity_type) {
    case 'product': {
      if (gone) return ['product.deleted'];
      const created =
        action === 'create' || (action === 'restore' && status !== null && status.before === null);
      const first: WebhookEventType = created ? 'product.created' : 'product.updated';
      return becamePublished(status) ? [first, 'product.published'] : [first];
    }
    case 'inquiry':
      if (gone) return ['inquiry.deleted'];
      return [action === 'create' ? 'inquiry.created' : 'inquiry.updated'];
    case 'quote': {
      if (gone || !status || status.before === status.after || !status.after) return [];
      const type = QUOTE_EVENTS[status.after];
      return type ? [type] : [];
    }
  }
}
