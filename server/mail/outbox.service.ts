import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { OutboxMessage, OutboxStatus } from '#domain/outbox';
import { OUTBOX_TEXT } from '#domain/outbox';
import type { ListParams } from '#domain/paging';
import type { Db } from '../db/client';
import { ownRows, pageWithTotal, type SortColumns } from '../db/query/counting';
import { outbox, outboxAttachments } from '../db/schema';
import { conflict, notFound } from '../errors/app-error';
import { OUTBOX_CHANNEL } from './mailer';

type OutboxRow = typeof outbox.$inferSelect;

const SORT_COLUMNS: SortColumns<'created_at'> = { created_at: outbox.created_at };

const toMessage = (row: OutboxRow, attachments: OutboxMessage['attachments']): OutboxMessage => ({
  id: row.id,
  created_at: row.created_at.toISOString(),
  kind: row.kind,
  to: row.to_address,
  subject: row.subject,
  text: row.text_body,
  status: row.status,
  attempts: row.attempts,
  last_error: row.last_error,
  next_attempt_at: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
  sent_at: row.sent_at?.toISOString() ?? null,
  inquiry_id: row.inquiry_id,
  quote_id: row.quote_id,
  attachments,
});

/** Names and sizes only: octet_length reads a stored value's size without its bytes. */
async function attachmentsOf(db: Pick<Db, 'select'>, ids: number[]) {
  const byMessage = new Map<number, OutboxMessage['attachments']>();
  if (ids.length === 0) return byMessage;
  const files = await db
    .select({
      outbox_id: outboxAttachments.outbox_id,
      id: outboxAttachments.id,
      filename: outboxAttachments.filename,
      content_type: outboxAttachments.content_type,
      size: sql<number>`octet_length(${outboxAttachments.content})::int`,
    })
    .from(outboxAttachments)
    .where(inArray(outboxAttachments.outbox_id, ids))
    .orderBy(asc(outboxAttachments.outbox_id), asc(outboxAttachments.position));
  for (const { outbox_id, ...file } of files)
    byMessage.set(outbox_id, [...(byMessage.get(outbox_id) ?? []), file]);
  return byMessage;
}

type OutboxServiceDeps = {
  /** The installation's mailer mode: without SMTP nothing can be sent, so nothing is retried. */
  mode: 'smtp' | 'store';
};

/** The outbox as admins read it: every message, its state, its attachments' names and sizes. */
export function createOutboxService(db: Db, deps: OutboxServiceDeps) {
  async function get(id: number): Promise<OutboxMessage> {
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    if (!row) throw notFound(OUTBOX_TEXT.notFound);
    return toMessage(row, (await attachmentsOf(db, [id])).get(id) ?? []);
  }

  return {
    get,

    async list(params: ListParams<'created_at'>) {
      const filters: SQL[] = [];
      const status = params.filters.status as OutboxStatus | undefined;
      if (status) filters.push(eq(outbox.status, status));
      if (params.filters.inquiry_id) filters.push(eq(outbox.inquiry_id, Number(params.filters.inquiry_id)));
      const { rows, meta } = await pageWithTotal(
        db,
        {
          table: outbox,
          id: outbox.id,
          where: filters.length > 0 ? and(...filters) : undefined,
          sortColumns: SORT_COLUMNS,
          params,
        },
        ownRows(outbox),
      );
      const byMessage = await attachmentsOf(
        db,
        rows.map((r) => r.row.id),
      );
      return {
        data: rows.map((r) => toMessage(r.row, byMessage.get(r.row.id) ?? [])),
        total: meta.total,
        meta,
      };
    },

    /**
     * A failed message, pending again and due now: the sender is woken at the commit and makes
     * one more attempt (its attempts go on counting, so a refusal fails it again at once).
     */
    async retry(id: number): Promise<OutboxMessage> {
      // Read back before the commit wakes a sender: the answer is the message as the retry left it.
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ status: outbox.status })
          .from(outbox)
          .where(eq(outbox.id, id))
          .for('update');
        if (!row) throw notFound(OUTBOX_TEXT.notFound);
        if (row.status !== 'failed') throw conflict(OUTBOX_TEXT.retryNotFailed);
        if (deps.mode !== 'smtp') throw conflict(OUTBOX_TEXT.retryNoServer);
        const [updated] = await tx
          .update(outbox)
          .set({ status: 'pending', next_attempt_at: sql`now()` })
          .where(eq(outbox.id, id))
          .returning();
        await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
        return toMessage(updated, (await attachmentsOf(tx, [id])).get(id) ?? []);
      });
    },

    /** One attachment's bytes, by its message and its own id. */
    async attachment(id: number, attachmentId: number) {
      const [file] = await db
        .select({
          filename: outboxAttachments.filename,
          content_type: outboxAttachments.content_type,
          content: outboxAttachments.content,
        })
        .from(outboxAttachments)
        .where(and(eq(outboxAttachments.outbox_id, id), eq(outboxAttachments.id, attachmentId)));
      if (!file) throw notFound(OUTBOX_TEXT.attachmentNotFound);
      return file;
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
