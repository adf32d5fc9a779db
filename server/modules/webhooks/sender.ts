import { and, eq, sql } from 'drizzle-orm';
import { WEBHOOK_HEADERS, WEBHOOK_LIMITS, webhookDisabledMail } from '#domain/webhooks';
import type { Database, Tx } from '../../db/client';
import { roles, users, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { wokenLoop } from '../../db/woken-loop';
import type { Mailer, MailLog } from '../../mail/mailer';
import { type AttemptResult, postWebhook } from './post';
import { WEBHOOK_CHANNEL } from './record';
import { signatureHeader } from './signature';

export type WebhookSenderConfig = {
  /** WEBHOOK_RETRY_BASE_SECONDS: the wait before the first retry; each later one doubles it. */
  retryBaseSeconds: number;
  /** WEBHOOK_ALLOW_PRIVATE: private addresses and plain http (local development, tests). */
  allowPrivate: boolean;
};

export type WebhookSenderOptions = {
  /** How often the sender looks for due deliveries besides being woken (retries fall due this way). */
  pollMs?: number;
  /** Deliveries claimed, and sent side by side, per statement. */
  batch?: number;
  /**
   * How long a claimed delivery is left to its process: one that dies mid-attempt leaves it
   * pending, and it is tried again after this (at least once). Longer than an attempt can last.
   */
  leaseMs?: number;
};

const DEFAULTS = { pollMs: 5_000, batch: 10, leaseMs: WEBHOOK_LIMITS.timeoutSeconds * 2_000 };
const DAY_MS = WEBHOOK_LIMITS.retryWindowHours * 3_600_000;

export type WebhookSender = {
  start(): Promise<void>;
  /** Stops: waits for the attempts under way. */
  stop(): Promise<void>;
  /** Sends what is due now, until nothing is, and resolves to the attempts made (tests). */
  deliverDue(): Promise<number>;
};

type Claimed = {
  id: number;
  endpoint_id: number;
  attempts: number;
  first_attempt_at: Date | string;
  event_id: string;
  type: string;
  payload: string;
  url: string;
  secret: string;
  previous_secret: string | null;
};

type SenderDeps = {
  mailer: Pick<Mailer, 'enqueue'>;
  /** PUBLIC_URL, for the link in the admins' e-mail. */
  publicUrl: string | undefined;
  log: MailLog;
};

/**
 * Each process's webhook sender (ADR 0020): woken by the NOTIFY of a recorded event's commit and
 * by a poll, it claims due deliveries with FOR UPDATE SKIP LOCKED (one process per delivery),
 * POSTs them outside any transaction, and writes each attempt to the log with its outcome.
 */
export function createWebhookSender(
  database: Database,
  config: WebhookSenderConfig,
  deps: SenderDeps,
  options: WebhookSenderOptions = {},
): WebhookSender {
  const db = database.db;
  const pollMs = options.pollMs ?? DEFAULTS.pollMs;
  const batch = options.batch ?? DEFAULTS.batch;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;

  async function claim(): Promise<Claimed[]> {
    // Due deliveries of enabled endpoints whose entity has no earlier delivery still pending
    // there (an event waits for the one before it, delivered or given up), locked past other
    // processes, leased and counted as attempted in one statement. The POST happens after, with
    // no connection held (PGlite has one).
    const { rows } = await db.execute<Claimed>(sql`
      with due as (
        select d.id from ${webhookDeliveries} d
        join ${webhookEndpoints} p on p.id = d.endpoint_id and p.enabled
        where d.status = 'pending' and d.next_attempt_at <= now()
          and not exists (
            select 1 from ${webhookDeliveries} e
            where e.endpoint_id = d.endpoint_id and e.entity = d.entity
              and e.status = 'pending' and e.id < d.id)
        order by d.next_attempt_at, d.id
        limit ${batch}
        for update of d skip locked
      ), claimed as (
        update ${webhookDeliveries} d
        set attempts = d.attempts + 1,
            next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000}),
            first_attempt_at = coalesce(d.first_attempt_at, now()),
            last_attempt_at = now()
        from due where d.id = due.id
        returning d.id, d.endpoint_id, d.event_id as event_pk, d.attempts, d.first_attempt_at
      )
      select c.id, c.endpoint_id, c.attempts, c.first_attempt_at, ev.event_id, ev.type, ev.payload,
        p.url, p.secret,
        case when p.previous_secret_expires_at > now() then p.previous_secret end as previous_secret
      from claimed c
      join webhook_events ev on ev.id = c.event_pk
      join ${webhookEndpoints} p on p.id = c.endpoint_id
      order by c.id`);
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  async function attempt(d: Claimed) {
    const startedAt = new Date();
    const secrets = d.previous_secret ? [d.secret, d.previous_secret] : [d.secret];
    const result = await postWebhook(
      d.url,
      d.payload,
      {
        [WEBHOOK_HEADERS.signature]: signatureHeader(
          secrets,
          d.payload,
          Math.floor(startedAt.getTime() / 1000),
        ),
        [WEBHOOK_HEADERS.eventId]: d.event_id,
        [WEBHOOK_HEADERS.eventType]: d.type,
      },
      { allowPrivate: config.allowPrivate },
    );
    await db.transaction((tx) => settle(tx, d, startedAt, result));
    if (!result.ok)
      deps.log.warn(
        { deliveryId: d.id, endpointId: d.endpoint_id, attempt: d.attempts, error: result.error },
        'webhooks: delivery attempt failed',
      );
  }

  /** The attempt's log line, the delivery's state after it, and the endpoint's run of failures. */
  async function settle(tx: Tx, d: Claimed, startedAt: Date, result: AttemptResult) {
    await tx.insert(webhookAttempts).values({
      delivery_id: d.id,
      attempt: d.attempts,
      started_at: startedAt,
      duration_ms: result.duration_ms,
      status_code: result.status_code,
      response_body: result.response_body,
      error: result.error,
    });
    const outcome = { last_status_code: result.status_code, last_error: result.error };
    if (result.ok) {
      await tx
        .update(webhookDeliveries)
        .set({ ...outcome, status: 'delivered', delivered_at: sql`now()` })
        .where(eq(webhookDeliveries.id, d.id));
      await tx
        .update(webhookEndpoints)
        .set({ failing_since: null })
        .where(
          and(eq(webhookEndpoints.id, d.endpoint_id), sql`${webhookEndpoints.failing_since} is not null`),
        );
      return;
    }
    // Retries wait base, 2×base, 4×base… and stop a day after the first attempt: the last one is
    // brought forward to that day's end, so the give-up falls at a day whatever the base.
    const giveUpAt = new Date(d.first_attempt_at).getTime() + DAY_MS;
    const wait = config.retryBaseSeconds * 1000 * 2 ** (d.attempts - 1);
    const next = Math.min(Date.now() + wait, giveUpAt);
    const gaveUp = Date.now() >= giveUpAt;
    await tx
      .update(webhookDeliveries)
      .set(gaveUp ? { ...outcome, status: 'failed' } : { ...outcome, next_attempt_at: new Date(next) })
      .where(eq(webhookDeliveries.id, d.id));
    await tx
      .update(webhookEndpoints)
      .set({ failing_since: sql`coalesce(${webhookEndpoints.failing_since}, ${startedAt})` })
      .where(eq(webhookEndpoints.id, d.endpoint_id));
    await switchOffIfFailingADay(tx, d.endpoint_id);
  }

  /** A day of failures switches the endpoint off; the one process that does so tells every admin. */
  async function switchOffIfFailingADay(tx: Tx, endpointId: number) {
    const [off] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabled_reason: 'failing', updated_at: sql`now()` })
      .where(
        and(
          eq(webhookEndpoints.id, endpointId),
          eq(webhookEndpoints.enabled, true),
          sql`${webhookEndpoints.failing_since} <= now() - make_interval(hours => ${WEBHOOK_LIMITS.retryWindowHours})`,
        ),
      )
      .returning({ url: webhookEndpoints.url, failing_since: webhookEndpoints.failing_since });
    if (!off) return;
    deps.log.error({ endpointId, url: off.url }, 'webhooks: endpoint switched off after a day of failures');
    const admins = await tx
      .select({ email: users.email })
      .from(users)
      .innerJoin(roles, eq(roles.key, users.role))
      .where(sql`'settings.manage' = any(${roles.permissions})`);
    const since = (off.failing_since ?? new Date()).toISOString();
    const screen = deps.publicUrl ? `${deps.publicUrl.replace(/\/$/, '')}/settings/integrations` : null;
    for (const { email } of admins)
      await deps.mailer.enqueue(tx, {
        to: email,
        kind: 'webhook_disabled',
        ...webhookDisabledMail(off.url, since, screen),
      });
  }

  async function sendDue(): Promise<number> {
    let attempts = 0;
    while (!loop.stopped) {
      const claimed = await claim();
      if (claimed.length === 0) break;
      attempts += claimed.length;
      // Side by side: a slow endpoint holds back no other (one entity is never claimed twice).
      await Promise.all(claimed.map(attempt));
    }
    return attempts;
  }

  const loop = wokenLoop(database, WEBHOOK_CHANNEL, sendDue, {
    pollMs,
    // The database away (a restart): the next poll tries again, and leased rows come back.
    onError: (err) => deps.log.warn({ error: String(err) }, 'webhooks: could not read the deliveries'),
  });

  return {
    async start() {
      await loop.start();
      // Deliveries left by a stopped or killed process go out now, not at the first poll.
      void loop.wake();
    },
    stop: () => loop.stop(),
    deliverDue: () => sendDue(),
  };
}
