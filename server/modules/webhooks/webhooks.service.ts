import { and, asc, eq, sql } from 'drizzle-orm';
import type { ListParams } from '#domain/paging';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  WEBHOOK_TEXT,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  type WebhookPatch,
  webhookEventPermission,
  webhookEventsPermissions,
} from '#domain/webhooks';
import { type Rights, requireRights } from '../../auth/rights';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors/app-error';
import { isBlockedAddress, literalAddress, resolveAll } from './address-guard';
import { createDeliveryLog, iso } from './delivery-log';
import { recordTestEvent, WEBHOOK_CHANNEL } from './record';
import { newWebhookSecret } from './signature';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type LastDelivery = WebhookEndpoint['last_delivery'];

const isEventType = (type: string): type is WebhookEventType =>
  (WEBHOOK_EVENTS as readonly string[]).includes(type);

const toEndpoint = (row: EndpointRow, last: LastDelivery): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  events: row.events as WebhookEventType[],
  enabled: row.enabled,
  disabled_reason: row.disabled_reason,
  failing_since: iso(row.failing_since),
  previous_secret_expires_at:
    row.previous_secret_expires_at && row.previous_secret_expires_at > new Date()
      ? row.previous_secret_expires_at.toISOString()
      : null,
  last_delivery: last,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export type WebhooksServiceDeps = {
  /** WEBHOOK_ALLOW_PRIVATE: private addresses and plain http may be saved. */
  allowPrivate: boolean;
};

/** Endpoints, their secrets, their delivery log, and the admin's test and redelivery (ADR 0020). */
export function createWebhooksService(db: Db, deps: WebhooksServiceDeps) {
  const log = createDeliveryLog(db);
  const { lastDeliveries, get: delivery } = log;
  /** Refuses what the sender would refuse: plain http, and a host on a blocked address now. */
  async function checkUrl(raw: string) {
    if (deps.allowPrivate) return;
    const url = new URL(raw);
    if (url.protocol !== 'https:')
      throw badRequest(WEBHOOK_TEXT.urlNotHttps, { url: WEBHOOK_TEXT.urlNotHttps });
    const literal = literalAddress(url);
    const addresses = literal ? [literal] : await resolveAll(url.hostname).catch(() => null);
    if (!addresses || addresses.length === 0)
      throw badRequest(WEBHOOK_TEXT.urlUnresolved, { url: WEBHOOK_TEXT.urlUnresolved });
    if (addresses.some(isBlockedAddress))
      throw badRequest(WEBHOOK_TEXT.urlPrivate, { url: WEBHOOK_TEXT.urlPrivate });
  }

  async function get(id: number): Promise<WebhookEndpoint> {
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw notFound(WEBHOOK_TEXT.notFound);
    return toEndpoint(row, (await lastDeliveries([id])).get(id) ?? null);
  }

  /** A new pending delivery of an event to an endpoint, due now, with the senders woken at commit. */
  async function enqueueAgain(tx: Pick<Db, 'execute'>, eventPk: number, endpointId: number, entity: string) {
    const { rows } = await tx.execute<{ id: string | number }>(sql`
      insert into ${webhookDeliveries} (event_id, endpoint_id, entity)
      values (${eventPk}, ${endpointId}, ${entity}) returning id`);
    await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
    return Number(rows[0].id);
  }

  /** The endpoint, locked for the change, or 404. */
  async function lock(tx: Pick<Db, 'select'>, id: number) {
    const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
    if (!row) throw notFound(WEBHOOK_TEXT.notFound);
    return row;
  }

  return {
    get,
    delivery,

    async list(): Promise<WebhookEndpoint[]> {
      const rows = await db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));
      const last = await lastDeliveries(rows.map((r) => r.id));
      return rows.map((r) => toEndpoint(r, last.get(r.id) ?? null));
    },

    /** `rights`: the caller's, which must read what every event carries (403 naming the first missing). */
    async create(body: WebhookCreate, rights: Rights) {
      requireRights(rights, webhookEventsPermissions(body.events));
      await checkUrl(body.url);
      const secret = newWebhookSecret();
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ url: body.url, events: body.events, enabled: body.enabled, secret })
        .returning();
      return { ...toEndpoint(row, null), secret };
    },

    /**
     * A new URL needs the caller to read what every event it will be sent carries, and so does
     * each event added; what stays where it was sent before (events kept or dropped, switching it
     * on or off) needs nothing more than the settings right.
     */
    async update(id: number, patch: WebhookPatch, rights: Rights): Promise<WebhookEndpoint> {
      if (patch.url !== undefined) await checkUrl(patch.url);
      await db.transaction(async (tx) => {
        const row = await lock(tx, id);
        const had = row.events as WebhookEventType[];
        const moved = patch.url !== undefined && patch.url !== row.url;
        const events = patch.events ?? had;
        requireRights(
          rights,
          webhookEventsPermissions(moved ? events : events.filter((type) => !had.includes(type))),
        );
        const switchedOn = patch.enabled === true && !row.enabled;
        await tx
          .update(webhookEndpoints)
          .set({
            ...patch,
            ...(moved ? { url_set_at: sql`now()` } : {}),
            updated_at: sql`now()`,
            // Switched on or off by hand, it is no longer 'failing'; on, it starts a fresh run.
            ...(patch.enabled !== undefined && patch.enabled !== row.enabled
              ? { disabled_reason: null, failing_since: null }
              : {}),
          })
          .where(eq(webhookEndpoints.id, id));
        if (switchedOn) {
          // What waited while it was off goes out now, each with a fresh day of retries.
          await tx
            .update(webhookDeliveries)
            .set({ next_attempt_at: sql`now()`, first_attempt_at: null })
            .where(and(eq(webhookDeliveries.endpoint_id, id), eq(webhookDeliveries.status, 'pending')));
          await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
        }
      });
      return get(id);
    },

    async remove(id: number) {
      const deleted = await db
        .delete(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id))
        .returning({ id: webhookEndpoints.id });
      if (deleted.length === 0) throw notFound(WEBHOOK_TEXT.notFound);
    },

    /** A new secret, shown this once; the old one is still signed with for a day. */
    async rollSecret(id: number) {
      const secret = newWebhookSecret();
      const [row] = await db
        .update(webhookEndpoints)
        .set({
          secret,
          previous_secret: webhookEndpoints.secret,
          previous_secret_expires_at: sql`now() + make_interval(hours => ${WEBHOOK_LIMITS.previousSecretHours})`,
          updated_at: sql`now()`,
        })
        .where(eq(webhookEndpoints.id, id))
        .returning({ expires: webhookEndpoints.previous_secret_expires_at });
      if (!row) throw notFound(WEBHOOK_TEXT.notFound);
      return { id, secret, previous_secret_expires_at: (row.expires as Date).toISOString() };
    },

    /** "Send test event": one webhook.test event to this endpoint alone; resolves to its delivery. */
    async sendTest(id: number): Promise<WebhookDelivery> {
      const deliveryId = await db.transaction(async (tx) => {
        const row = await lock(tx, id);
        if (!row.enabled) throw conflict(WEBHOOK_TEXT.testDisabled);
        const eventId = await recordTestEvent(tx, id, {
          type: WEBHOOK_TEST_EVENT,
          data: { endpoint_id: id, url: row.url, message: 'A test event from Stockroom' },
        });
        const [d] = await tx
          .select({ id: webhookDeliveries.id })
          .from(webhookDeliveries)
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.event_id))
          .where(eq(webhookEvents.event_id, eventId ?? ''));
        return d.id;
      });
      return delivery(deliveryId);
    },

    /** The endpoint's delivery log, a page of it (404 for an unknown endpoint). */
    async deliveries(endpointId: number, params: ListParams<'created_at'>) {
      await get(endpointId);
      return log.list(endpointId, params);
    },

    /**
     * "Redeliver": the delivery's event once more to its endpoint, as a new delivery due now. The
     * caller must read what it carries; an event recorded before the endpoint got its URL is not
     * sent to that URL (409), as it was meant for the address before.
     */
    async redeliver(deliveryId: number, rights: Rights): Promise<WebhookDelivery> {
      const id = await db.transaction(async (tx) => {
        // Its event is locked against the housekeeping's pruning (prune.ts), which skips it now or
        // has deleted it, delivery and all, by the time this read gets its row.
        const [found] = await tx
          .select({ d: webhookDeliveries, type: webhookEvents.type, recorded: webhookEvents.created_at })
          .from(webhookDeliveries)
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.event_id))
          .where(eq(webhookDeliveries.id, deliveryId))
          .for('key share', { of: webhookEvents });
        if (!found) throw notFound(WEBHOOK_TEXT.deliveryNotFound);
        const { d, type, recorded } = found;
        // A test event carries nothing but the endpoint's own URL.
        if (isEventType(type)) requireRights(rights, [webhookEventPermission(type)]);
        const endpoint = await lock(tx, d.endpoint_id);
        if (!endpoint.enabled) throw conflict(WEBHOOK_TEXT.redeliverDisabled);
        if (recorded < endpoint.url_set_at) throw conflict(WEBHOOK_TEXT.redeliverUrlChanged);
        return enqueueAgain(tx, d.event_id, d.endpoint_id, d.entity);
      });
      return delivery(id);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
