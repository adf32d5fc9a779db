import type { CustomerDetail } from '#domain/customers';
import type { Db } from '../../../db/client';
import type { WebhookEventInput } from '../record';
import { type EntityReaderDeps, entityReaders } from './entity-data';
import {
  eventsOf,
  goneData,
  type LoggedEntity,
  mergedAway,
  readLoggedChanges,
  withMergeSurvivors,
} from './logged-changes';
import { recordWebhookEvents } from './record-many';

/** What the events are read and written through: a transaction, or a client inside one. */
export type EventTx = Pick<Db, 'select' | 'execute'>;

/**
 * Records the events of what this transaction changed in products, requests, quotes, customers,
 * companies and price lists, read from its change-log entries, each with the entity as it is now (a deleted
 * one with what its entry kept). Runs last in the transaction, so an entity written by several statements
 * makes one event, with its final state.
 */
export function loggedChangeEmitter(deps: EntityReaderDeps) {
  const readers = entityReaders(deps);
  return async function emitLoggedChanges(tx: EventTx) {
    const changes = withMergeSurvivors(await readLoggedChanges(tx));
    if (changes.length === 0) return;
    const ids = new Map<LoggedEntity, number[]>();
    for (const c of changes)
      if (!c.gone) ids.set(c.entity_type, [...(ids.get(c.entity_type) ?? []), c.entity_id]);
    const data = new Map<LoggedEntity, Map<number, unknown>>();
    for (const [type, list] of ids) data.set(type, await readers[type](tx, list));
    const events: WebhookEventInput[] = [];
    for (const c of changes) {
      const read = c.gone ? goneData(c) : data.get(c.entity_type)?.get(c.entity_id);
      if (read === undefined) continue;
      const current = mergedAway(c) ? mergedData(read as CustomerDetail) : read;
      for (const type of eventsOf(c))
        events.push({ type, entity: `${c.entity_type}:${c.entity_id}`, data: current });
    }
    if (events.length) await recordWebhookEvents(tx, events);
  };
}

/** A customer merged away, as customer.deleted names it: still readable, so read, not kept. */
const mergedData = ({ id, name, email, merged_into_id }: CustomerDetail) => ({
  id,
  name,
  email,
  merged_into_id,
});

const HOOK = Symbol('beforeCommit');
type Hooked = Db & { [HOOK]?: (tx: EventTx) => Promise<void> };

/**
 * Makes every `db.transaction` end with `beforeCommit(tx)`, inside it: a rollback takes what it
 * wrote with the rest, and no write path (the editor, bulk edits, restores, the desk, the jobs)
 * can forget it. Nested transactions (savepoints) are left alone; their outer one runs it. A
 * second call on the same database replaces the hook rather than running both.
 */
export function runBeforeCommit(db: Db, beforeCommit: (tx: EventTx) => Promise<void>) {
  const hooked = db as Hooked;
  const wrapped = HOOK in hooked;
  hooked[HOOK] = beforeCommit;
  if (wrapped) return;
  const transaction = db.transaction.bind(db);
  db.transaction = ((work, config) =>
    transaction(async (tx) => {
      const result = await work(tx);
      await hooked[HOOK]?.(tx);
      return result;
    }, config)) as Db['transaction'];
}
