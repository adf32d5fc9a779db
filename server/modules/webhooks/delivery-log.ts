import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ListParams } from '#domain/paging';
import {
  WEBHOOK_TEXT,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
} from '#domain/webhooks';
import type { Db } from '../../db/client';
import { pageWithTotal, type SortColumns } from '../../db/query/counting';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema';
import { notFound } from '../../errors/app-error';

type LastDelivery = WebhookEndpoint['last_delivery'];

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const SORT_COLUMNS: SortColumns<'created_at'> = { created_at: webhookDeliveries.created_at };

/** The delivery log as admins read it: deliveries with every attempt, and each endpoint's last. */
export function createDeliveryLog(db: Db) {
  /** Each endpoint's latest attempted delivery. */
  async function lastDeliveries(ids: number[]) {
    const byEndpoint = new Map<number, NonNullable<LastDelivery>>();
    if (ids.length === 0) return byEndpoint;
    const { rows } = await db.execute<{
      endpoint_id: number;
      id: string | number;
      status: WebhookDeliveryStatus;
      last_attempt_at: Date | string;
      last_status_code: number | null;
      last_error: string | null;
    }>(sql`
      select p.id as endpoint_id, d.id, d.status, d.last_attempt_at, d.last_status_code, d.last_error
      from ${webhookEndpoints} p
      cross join lateral (
        select * from ${webhookDeliveries} d
        where d.endpoint_id = p.id and d.last_attempt_at is not null
        order by d.created_at desc, d.id desc limit 1) d
      where p.id = any(${sql.param(ids)}::int[])`);
    for (const r of rows)
      byEndpoint.set(r.endpoint_id, {
        delivery_id: Number(r.id),
        status: r.status,
        at: new Date(r.last_attempt_at).toISOString(),
        status_code: r.last_status_code,
        error: r.last_error,
      });
    return byEndpoint;
  }

  /** Deliveries with their attempts, in the order asked for. */
  async function withLog(
    rows: { d: typeof webhookDeliveries.$inferSelect; event_id: string; type: string }[],
  ): Promise<WebhookDelivery[]> {
    const ids = rows.map((r) => r.d.id);
    const attempts =
      ids.length === 0
        ? []
        : await db
            .select()
            .from(webhookAttempts)
            .where(inArray(webhookAttempts.delivery_id, ids))
            .orderBy(asc(webhookAttempts.delivery_id), asc(webhookAttempts.id));
    return rows.map(({ d, event_id, type }) => ({
      id: d.id,
      endpoint_id: d.endpoint_id,
      event_id,
      type,
      entity: d.entity,
      status: d.status,
      attempts: d.attempts,
      next_attempt_at: d.status === 'pending' ? d.next_attempt_at.toISOString() : null,
      delivered_at: iso(d.delivered_at),
      created_at: d.created_at.toISOString(),
      log: attempts
        .filter((a) => a.delivery_id === d.id)
        .map((a) => ({
          attempt: a.attempt,
          started_at: a.started_at.toISOString(),
          duration_ms: a.duration_ms,
          status_code: a.status_code,
          response_body: a.response_body,
          error: a.error,
        })),
    }));
  }

  async function delivery(id: number): Promise<WebhookDelivery> {
    const rows = await db
      .select({ d: webhookDeliveries, event_id: webhookEvents.event_id, type: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.event_id))
      .where(eq(webhookDeliveries.id, id));
    if (rows.length === 0) throw notFound(WEBHOOK_TEXT.deliveryNotFound);
    return (await withLog(rows))[0];
  }

  return {
    lastDeliveries,

    get: delivery,

    /** One endpoint's deliveries, a page of them, newest first by default. */
    async list(endpointId: number, params: ListParams<'created_at'>) {
      const filters: SQL[] = [eq(webhookDeliveries.endpoint_id, endpointId)];
      const status = params.filters.status as WebhookDeliveryStatus | undefined;
      if (status) filters.push(eq(webhookDeliveries.status, status));
      const { rows, meta } = await pageWithTotal(
        db,
        {
          table: webhookDeliveries,
          id: webhookDeliveries.id,
          where: and(...filters),
          sortColumns: SORT_COLUMNS,
          params,
        },
        (scope) =>
          scope.db
            .select({
              d: webhookDeliveries,
              event_id: webhookEvents.event_id,
              type: webhookEvents.type,
              total: scope.total,
            })
            .from(webhookDeliveries)
            .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.event_id))
            .where(scope.where)
            .orderBy(...scope.order)
            .limit(scope.limit)
            .offset(scope.offset),
      );
      return { data: await withLog(rows), total: meta.total, meta };
    },
  };
}
