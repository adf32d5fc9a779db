import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { OutboxMessage, OutboxStatus } from '#domain/outbox';
import { OUTBOX_TEXT } from '#domain/outbox';
import type { ListParams } from '#domain/paging';
import type { Db } from '../db/client';
import { ownRows, pageWithTotal, type SortColumns } from '../db/query/counting';
import { outbox, outboxAttachments } from '../db/schema';
import { notFound } from '../errors/app-error';

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
  sent_at: row.sent_at?.toISOString() ?? null,
  inquiry_id: row.inquiry_id,
  quote_id: row.quote_id,
  attachments,
});

/** The outbox as admins read it: every message, its state, its attachments' names and sizes. */
export function createOutboxService(db: Db) {
  return {
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
      const ids = rows.map((r) => r.row.id);
      // Names and sizes only: octet_length reads a stored value's size without its bytes.
      const files =
        ids.length === 0
          ? []
          : await db
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
      const byMessage = new Map<number, OutboxMessage['attachments']>();
      for (const { outbox_id, ...file } of files)
        byMessage.set(outbox_id, [...(byMessage.get(outbox_id) ?? []), file]);
      return {
        data: rows.map((r) => toMessage(r.row, byMessage.get(r.row.id) ?? [])),
        total: meta.total,
        meta,
      };
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
