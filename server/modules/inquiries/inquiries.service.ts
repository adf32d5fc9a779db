import { eq } from 'drizzle-orm';
import {
  type CreateInquiryInput,
  INQUIRY_TEXT,
  type InquirySortKey,
  inquiryTrashName,
  type PatchInquiryBody,
} from '#domain/inquiries';
import type { ListParams } from '#domain/paging';
import type { InboxPages } from '../../cache/inbox-pages';
import type { Db } from '../../db/client';
import { inquiries, inquiryNotes } from '../../db/schema';
import { notFound } from '../../errors/app-error';
import { addNote, type NoteAuthor, type NoteParent } from '../shared/notes';
import { moveToTrash } from '../shared/trash-move';
import { exportInquiries, listInquiries } from './inquiry-list';
import { readDetail } from './inquiry-read';
import { createInquiry, type InquiriesDeps, patchInquiry } from './inquiry-writes';

export { CSV_COLUMNS, LINE_NAME_SEPARATOR, SKU_LINES_LISTED } from './inquiry-list';

const NOTE_PARENT: NoteParent = {
  table: inquiries,
  noteColumn: inquiryNotes.inquiry_id,
  notFound: INQUIRY_TEXT.notFound,
};

/**
 * The desk's requests: the public form's create and the staff's inbox, detail and moves.
 * The reads are in inquiry-read.ts, the inbox's search, counts and CSV in inquiry-list.ts, the
 * writes that lock a request in inquiry-writes.ts.
 */
export function createInquiriesService(db: Db, deps: InquiriesDeps & { searchPages?: InboxPages['pages'] }) {
  return {
    create: (input: CreateInquiryInput) => createInquiry(db, deps, input),

    get: (id: number) => readDetail(db, deps.mailer, id, deps.timeZone),

    list: (params: ListParams<InquirySortKey>, callerId: number | null) =>
      listInquiries(db, params, callerId, deps.timeZone, deps.searchPages),

    exportBatches: (params: ListParams<InquirySortKey>, callerId: number | null) =>
      exportInquiries(db, params, callerId, deps.timeZone),

    patch: (id: number, body: PatchInquiryBody, actorId: number | null) =>
      patchInquiry(db, deps, id, body, actorId),

    /**
     * A staff note; the author is the caller. In a transaction, whose end records the request's
     * inquiry.updated from the note's change-log entry.
     */
    addNote: (id: number, body: string, author: NoteAuthor) =>
      db.transaction((tx) => addNote(tx, NOTE_PARENT, id, body, author)),

    /**
     * Moves the request, with its quotes, notes and history, to the trash; in a transaction, whose
     * end records inquiry.deleted from the move's change-log entry. Locked first, so a quote being
     * sent or answered on it finishes before, or finds it gone.
     */
    remove: (id: number) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .select({ name: inquiries.name, subject: inquiries.subject })
          .from(inquiries)
          .where(eq(inquiries.id, id))
          .for('update');
        if (!row) throw notFound(INQUIRY_TEXT.notFound);
        await moveToTrash(tx, 'inquiry', id, inquiryTrashName(id, row));
      }),
  };
}

export type InquiriesService = ReturnType<typeof createInquiriesService>;
