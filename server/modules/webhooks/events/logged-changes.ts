import { sql } from 'drizzle-orm';
import type { ChangeAction } from '#domain/history';
import { inquiryReference } from '#domain/inquiries';
import type { WebhookEventType } from '#domain/webhooks';
import type { Db } from '../../../db/client';

/** The entities whose events come from the change log (orders are not logged: their service records). */
const LOGGED_ENTITIES = ['product', 'inquiry', 'quote', 'customer', 'company', 'price_list'] as const;
export type LoggedEntity = (typeof LOGGED_ENTITIES)[number];

type StatusChange = { before: string | null; after: string | null } | null;
type MergeChange = { before: number | null; after: number | null } | null;

/** One change-log entry of this transaction, with only what picks its events. */
export type LoggedChange = {
  entity_type: LoggedEntity;
  entity_id: number;
  action: ChangeAction;
  status: StatusChange;
  /** A customer's merged_into_id, when this transaction merged it or undid its merge. */
  merged: MergeChange;
  /** For a delete or a move to the trash: the fields the entity had, as the log kept them. */
  gone: Record<string, unknown> | null;
};

/** The fields a deleted entity's event names, read from its entry's befores (a quote has none). */
const GONE_FIELDS: Record<LoggedEntity, readonly string[]> = {
  product: ['name', 'sku', 'slug', 'status'],
  inquiry: ['name', 'email', 'subject', 'status'],
  quote: [],
  customer: ['name', 'email', 'merged_into_id'],
  company: ['name'],
  price_list: ['name', 'type'],
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
      case when c.entity_type = 'customer' then c.changes -> 'merged_into_id' end as merged,
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

/**
 * The changes with, after each customer merged (or un-merged) in this transaction, its survivor as
 * an update when the log has no entry of its own for it: the requests and orders that moved to it
 * (or away) change it, though only their counters, which the log leaves out, may have changed.
 */
export function withMergeSurvivors(changes: LoggedChange[]): LoggedChange[] {
  const logged = new Set(changes.filter((c) => c.entity_type === 'customer').map((c) => c.entity_id));
  const out: LoggedChange[] = [];
  for (const c of changes) {
    out.push(c);
    // A merged customer deleted leaves its survivor as it was.
    const survivor = c.gone ? null : (c.merged?.after ?? c.merged?.before);
    if (c.entity_type !== 'customer' || survivor == null || logged.has(Number(survivor))) continue;
    logged.add(Number(survivor));
    out.push({
      entity_type: 'customer',
      entity_id: Number(survivor),
      action: 'update',
      status: null,
      merged: null,
      gone: null,
    });
  }
  return out;
}

/** Whether the entry is a customer merged into another: it is gone from the lists, as if deleted. */
export const mergedAway = (change: LoggedChange) =>
  change.entity_type === 'customer' && change.merged?.before === null && change.merged.after !== null;

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
 * created again (its status arrives from null), and so is a request, whose quotes coming back
 * with it make no event. A past version brought back is an update. A customer merged into another
 * is deleted; its merge undone, created again.
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
    case 'inquiry': {
      if (gone) return ['inquiry.deleted'];
      // Back from the trash, as a product is: created again.
      const created =
        action === 'create' || (action === 'restore' && status !== null && status.before === null);
      return [created ? 'inquiry.created' : 'inquiry.updated'];
    }
    case 'quote': {
      // A quote back from the trash with its request was not sent or answered again.
      if (gone || !status || status.before === status.after || !status.after) return [];
      if (action === 'restore' && status.before === null) return [];
      const type = QUOTE_EVENTS[status.after];
      return type ? [type] : [];
    }
    case 'customer': {
      if (gone || mergedAway(change)) return ['customer.deleted'];
      // An undone merge brings the customer back, as the trash brings back a product.
      const unmerged =
        change.merged !== null && change.merged.before !== null && change.merged.after === null;
      return [action === 'create' || unmerged ? 'customer.created' : 'customer.updated'];
    }
    case 'company':
      if (gone) return ['company.deleted'];
      return [action === 'create' ? 'company.created' : 'company.updated'];
    case 'price_list':
      // However many prices a write set, the list's one entry makes one event.
      if (gone) return ['price_list.deleted'];
      return [action === 'create' ? 'price_list.created' : 'price_list.updated'];
  }
}
