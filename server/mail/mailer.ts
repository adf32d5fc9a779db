import { asc, eq, inArray, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { OutboxDelivery, OutboxStatus } from '#domain/outbox';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { outbox, outboxAttachments } from '../db/schema';
import { wokenLoop } from '../db/woken-loop';

/** One e-mail, as the code that causes it describes it. */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  inquiry_id?: number | null;
  quote_id?: number | null;
  /** What it is about: 'request_arrived', 'quote_sent', 'quote_answered'… */
  kind: string;
};

/** A quote's latest e-mail as staff see it: its state as the outbox holds it, never dressed up. */
type QuoteDelivery = OutboxDelivery;

/** What enqueue writes with: a transaction (db.transaction's tx) or the database itself. */
type MailWriter = Pick<Db, 'insert' | 'execute'>;
type MailReader = Pick<Db, 'execute'>;

/** The log lines the sender writes (Fastify's logger fits). */
export type MailLog = {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

/**
 * How long to wait before each retry after a failed attempt: the first retry 30 s after the first
 * failure, … the last 6 h after the fifth. A message is given up ('failed') when the attempt after
 * the last of these fails too. Tests pass shorter ones (SenderOptions.backoffMs).
 */
const RETRY_BACKOFF_MS = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000, 6 * 60 * 60_000] as const;

/** NOTIFY channel of enqueue: the sender wakes at the commit that wrote a message. */
export const OUTBOX_CHANNEL = 'stockroom_outbox';

export type SenderOptions = {
  /** Waits before each retry; their count is the number of retries. */
  backoffMs?: readonly number[];
  /** How often the sender looks for due messages besides being woken (retries fall due this way). */
  pollMs?: number;
  /** Messages claimed per statement. */
  batch?: number;
  /**
   * How long a claimed message is left to its process before another may try it: a process that
   * dies while sending leaves it pending, and it goes out again after this (at least once).
   */
  leaseMs?: number;
};

const DEFAULTS = { pollMs: 5_000, batch: 10, leaseMs: 5 * 60_000 };

export type Mailer = {
  /** 'smtp' sends through SMTP_URL; 'store' keeps every message in the outbox as 'stored'. */
  readonly mode: 'smtp' | 'store';
  /**
   * Writes a message to the outbox in the caller's transaction (or straight to the database):
   * it goes out only if that commits. Resolves to its outbox id.
   */
  enqueue(tx: MailWriter, message: MailMessage): Promise<number>;
  /** Each quote's latest message: its state, attempts, last error, next try; quotes with no message are absent. */
  deliveryOfQuotes(db: MailReader, quoteIds: readonly number[]): Promise<Map<number, QuoteDelivery>>;
  /** Starts delivering (with SMTP; without, there is nothing to deliver). */
  start(): Promise<void>;
  /** Stops delivering: waits for the messages being sent, then closes the SMTP connections. */
  stop(): Promise<void>;
  /** Sends what is due now, once, and resolves to how many attempts were made (tests). */
  deliverDue(): Promise<number>;
};

type Claimed = {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attempts: number;
};

export function createMailer(
  database: Database,
  config: Pick<Config, 'mail'>,
  log: MailLog,
  options: SenderOptions = {},
): Mailer {
  const backoff = options.backoffMs ?? RETRY_BACKOFF_MS;
  const pollMs = options.pollMs ?? DEFAULTS.pollMs;
  const batch = options.batch ?? DEFAULTS.batch;
  const leaseMs = options.leaseMs ?? DEFAULTS.leaseMs;
  const smtpUrl = config.mail.smtpUrl;
  const mode = smtpUrl ? 'smtp' : 'store';
  // Timeouts well inside the lease, so a hung server never outlives a claim.
  const transport = smtpUrl
    ? createTransport({
        url: smtpUrl,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      })
    : undefined;
  const db = database.db;

  async function claim(): Promise<Claimed[]> {
    // One statement: the due rows are locked (skipping those another process holds), leased and
    // counted as attempted, so no two processes ever send one message at the same time. The send
    // itself happens outside any transaction: a slow SMTP server never holds a connection that
    // requests need (PGlite has one).
    const { rows } = await db.execute<Claimed>(sql`
      update ${outbox}
      set attempts = ${outbox.attempts} + 1,
          next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      where ${outbox.id} in (
        select ${outbox.id} from ${outbox}
        where ${outbox.status} = 'pending' and ${outbox.next_attempt_at} <= now()
        order by ${outbox.next_attempt_at}, ${outbox.id}
        limit ${batch}
        for update skip locked)
      returning ${outbox.id}, ${outbox.to_address}, ${outbox.subject}, ${outbox.text_body},
        ${outbox.html_body}, ${outbox.attempts}`);
    return rows;
  }

  async function attachmentsOf(ids: number[]) {
    if (ids.length === 0)
      return new Map<number, { filename: string; content: Buffer; contentType: string }[]>();
    const rows = await db
      .select()
      .from(outboxAttachments)
      .where(inArray(outboxAttachments.outbox_id, ids))
      .orderBy(asc(outboxAttachments.outbox_id), asc(outboxAttachments.position));
    const byMessage = new Map<number, { filename: string; content: Buffer; contentType: string }[]>();
    for (const r of rows) {
      const list = byMessage.get(r.outbox_id) ?? [];
      list.push({ filename: r.filename, content: r.content, contentType: r.content_type });
      byMessage.set(r.outbox_id, list);
    }
    return byMessage;
  }

  /** Claims and sends due messages until none is left; resolves to the attempts made. */
  async function sendDue(): Promise<number> {
    if (!transport) return 0;
    let attempts = 0;
    while (!loop.stopped) {
      const claimed = await claim();
      if (claimed.length === 0) break;
      attempts += claimed.length;
      const files = await attachmentsOf(claimed.map((m) => m.id));
      const failures: { id: number; error: string; gaveUp: boolean }[] = [];
      for (const m of claimed) {
        try {
          await transport.sendMail({
            from: config.mail.from,
            to: m.to_address,
            subject: m.subject,
            text: m.text_body,
            html: m.html_body ?? undefined,
            attachments: files.get(m.id) ?? [],
          });
          await db
            .update(outbox)
            .set({ status: 'sent', sent_at: sql`now()`, last_error: null })
            .where(eq(outbox.id, m.id));
        } catch (err) {
          const error = describe(err);
          // attempts counts this one: after the first failure wait backoff[0], and so on.
          const wait = backoff[m.attempts - 1];
          const gaveUp = wait === undefined;
          await db
            .update(outbox)
            .set(
              gaveUp
                ? { status: 'failed', last_error: error }
                : { last_error: error, next_attempt_at: sql`now() + make_interval(secs => ${wait / 1000})` },
            )
            .where(eq(outbox.id, m.id));
          failures.push({ id: m.id, error, gaveUp });
        }
      }
      report(failures);
    }
    return attempts;
  }

  /**
   * One line per pass that had failures (an SMTP server that is down fails every message the same
   * way), and one per message given up.
   */
  function report(failures: { id: number; error: string; gaveUp: boolean }[]) {
    if (failures.length === 0) return;
    for (const f of failures.filter((f) => f.gaveUp))
      log.error({ outboxId: f.id, error: f.error }, 'mail: message given up after its last retry');
    const retrying = failures.filter((f) => !f.gaveUp);
    if (retrying.length > 0)
      log.warn(
        { messages: retrying.map((f) => f.id), error: retrying[0].error },
        `mail: ${retrying.length} message(s) could not be sent; will retry`,
      );
  }

  const loop = wokenLoop(database, OUTBOX_CHANNEL, sendDue, {
    pollMs,
    // The database away (a restart): the next poll tries again.
    onError: (err) => log.warn({ error: describe(err) }, 'mail: could not read the outbox'),
  });

  return {
    mode,

    async enqueue(tx, message) {
      const [row] = await tx
        .insert(outbox)
        .values({
          kind: message.kind,
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
          inquiry_id: message.inquiry_id ?? null,
          quote_id: message.quote_id ?? null,
          // Without SMTP the outbox is the delivery: kept, never attempted.
          status: mode === 'smtp' ? 'pending' : 'stored',
        })
        .returning({ id: outbox.id });
      const files = message.attachments ?? [];
      if (files.length > 0)
        await tx.insert(outboxAttachments).values(
          files.map((f, position) => ({
            outbox_id: row.id,
            position,
            filename: f.filename,
            content_type: f.contentType,
            content: f.content,
          })),
        );
      // Delivered at commit, and not at all on rollback.
      if (mode === 'smtp') await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
      return row.id;
    },

    async deliveryOfQuotes(reader, quoteIds) {
      const result = new Map<number, QuoteDelivery>();
      if (quoteIds.length === 0) return result;
      const { rows } = await reader.execute<{
        quote_id: number;
        id: number;
        status: OutboxStatus;
        attempts: number;
        last_error: string | null;
        next_attempt_at: Date | string;
        sent_at: Date | string | null;
      }>(sql`
        select distinct on (${outbox.quote_id}) ${outbox.quote_id}, ${outbox.id}, ${outbox.status},
          ${outbox.attempts}, ${outbox.last_error}, ${outbox.next_attempt_at}, ${outbox.sent_at}
        from ${outbox}
        where ${outbox.quote_id} = any(${sql.param([...quoteIds])}::int[])
        order by ${outbox.quote_id}, ${outbox.id} desc`);
      for (const r of rows)
        result.set(r.quote_id, {
          outbox_id: r.id,
          // 'stored' stays 'stored': without SMTP the message was kept, not sent.
          status: r.status,
          attempts: r.attempts,
          last_error: r.last_error,
          next_attempt_at: r.status === 'pending' ? new Date(r.next_attempt_at).toISOString() : null,
          sent_at: r.sent_at === null ? null : new Date(r.sent_at).toISOString(),
        });
      return result;
    },

    async start() {
      if (transport) await loop.start();
    },

    async stop() {
      await loop.stop();
      transport?.close();
    },

    deliverDue: () => sendDue(),
  };
}

/** An error as one line for last_error and the log: the SMTP answer when there is one. */
function describe(err: unknown): string {
  if (err instanceof Error) {
    const response = (err as { response?: unknown }).response;
    const text = typeof response === 'string' && response ? response : err.message;
    return text.replace(/\s+/g, ' ').slice(0, 1000);
  }
  return String(err).slice(0, 1000);
}
