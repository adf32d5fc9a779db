import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TokenRef } from '#domain/notes';
import type { Db } from '../../db/client';
import { notFound } from '../../errors/app-error';
import { tokenRefJson } from './token-ref';

type Writer = Pick<Db, 'execute'>;

/** A person, or an API token (no person: its name is the token's). */
export type NoteAuthor = { id: number | null; name: string };

/** What staff notes belong to: a request, an order, a customer, a company. */
export type NoteParent = {
  table: PgTable;
  /** The notes' column naming the parent; its table is the notes'. */
  noteColumn: PgColumn;
  /** The module's own 404 when the parent is not there. */
  notFound: string;
  /** Locks the parent's row, for a module that records the parent's events in the order they commit. */
  lock?: boolean;
};

/**
 * A staff note on the parent, written by `tx`: the caller's transaction, so the module can record
 * its own event with it. A parent that is not there is a 404.
 */
export async function addNote(tx: Writer, parent: NoteParent, id: number, body: string, author: NoteAuthor) {
  const { rows: found } = await tx.execute(
    sql`select id from ${parent.table} where id = ${id}${parent.lock ? sql` for update` : sql``}`,
  );
  if (!found.length) throw notFound(parent.notFound);
  const {
    rows: [row],
  } = await tx.execute<{ id: number; created_at: Date | string; token: TokenRef | null }>(sql`
    insert into ${parent.noteColumn.table} (${sql.identifier(parent.noteColumn.name)}, author_id, body)
    values (${id}, ${author.id}, ${body})
    returning id, created_at, ${tokenRefJson(sql`token_id`)} as token`);
  return {
    id: Number(row.id),
    body,
    // A note made with an API token has no person for an author: its token_id (the column's
    // default, from the request's token) names the token.
    author: author.id === null ? null : { id: author.id, name: author.name },
    token: row.token,
    created_at: new Date(row.created_at).toISOString(),
  };
}
