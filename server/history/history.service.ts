import { and, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import { API_TOKEN_TEXT } from '#domain/api-tokens';
import {
  type ChangeAction,
  type EntityType,
  HISTORY_LIMITS,
  HISTORY_TEXT,
  type HistoryEntry,
  type HistoryQuery,
} from '#domain/history';
import type { ListMeta } from '#domain/paging';
import type { PermissionCode } from '#domain/permissions';
import { dayEndIn, dayStartIn } from '#domain/time-zone';
import type { Db } from '../db/client';
import { pageWithTotal } from '../db/query/counting';
import { keysetBatches } from '../db/query/stream';
import { apiTokens, changeLog, users } from '../db/schema';
import { AppError } from '../errors/app-error';

/** The export's columns, in order. */
export const HISTORY_CSV_COLUMNS = [
  'id',
  'at',
  'actor',
  'entity_type',
  'entity_id',
  'entity',
  'action',
  'changes',
] as const;

/** Who reads the log: staff accounts' own entries are for holders of user.manage only. */
export type HistoryReader = { permissions: ReadonlySet<PermissionCode> };

type Row = {
  id: number | string;
  actor_id: number | null;
  actor_name: string | null;
  token_id: number | null;
  token_name: string | null;
  token_owner: string | null;
  at: Date | string;
  entity_type: EntityType;
  entity_id: number | null;
  action: ChangeAction;
  changes: HistoryEntry['changes'];
  batch_id: number | string | null;
  entity_name: string | null;
  quote_subject: string | null;
  quote_version: number | null;
};

/**
 * The filters as one condition; an editor's never reach a staff account's entries. From and to
 * are calendar days in the seller's time zone, both included.
 */
function filterOf(query: HistoryQuery, reader: HistoryReader, timeZone: string): SQL | undefined {
  const staffReader = reader.permissions.has('user.manage');
  if (!staffReader && query.entity_type === 'user')
    throw new AppError(403, HISTORY_TEXT.userHistoryAdminOnly, undefined, undefined, 'user.manage');
  return and(
    query.entity_type ? eq(changeLog.entity_type, query.entity_type) : undefined,
    !staffReader && !query.entity_type ? ne(changeLog.entity_type, 'user') : undefined,
    query.entity_id !== undefined ? eq(changeLog.entity_id, query.entity_id) : undefined,
    query.actor_id !== undefined ? eq(changeLog.actor_id, query.actor_id) : undefined,
    query.token_id !== undefined ? eq(changeLog.token_id, query.token_id) : undefined,
    query.action ? eq(changeLog.action, query.action) : undefined,
    query.batch_id !== undefined ? eq(changeLog.batch_id, query.batch_id) : undefined,
    query.from ? gte(changeLog.at, dayStartIn(query.from, timeZone)) : undefined,
    query.to ? lt(changeLog.at, dayEndIn(query.to, timeZone)) : undefined,
  );
}

/**
 * Newest first: by id, in the order entries were written; within dates, by time, then id. The
 * two orders differ only for entries of transactions that overlapped (`at` is when the writing
 * transaction began). A date range walks the time index, where the id's order would walk every
 * entry newer than the range first: 1.8 million of a year's 3.65 million for a week six months
 * back, since the planner cannot know that ids follow dates.
 */
const byTime = (query: HistoryQuery) => query.from !== undefined || query.to !== undefined;

/** The field an entity is named by: an inquiry's name is its customer's, its subject names it. */
const namedBy = sql`(case when ${changeLog.entity_type} = 'inquiry' then 'subject' else 'name' end)`;

/**
 * An entry's entity by its name now; once it is gone, as the trash remembers it, else as the
 * entry itself recorded it. Correlated subqueries, so only the rows they are selected for (a
 * page, a batch of the export) pay for them. The trash's subquery names the log's columns with
 * their table: unqualified, they would be the trash's own columns of the same names.
 */
const entityName = sql<string | null>`coalesce(
  case ${changeLog.entity_type}
    when 'product' then (select name from products where id = ${changeLog.entity_id})
    when 'category' then (select name from categories where id = ${changeLog.entity_id})
    when 'brand' then (select name from brands where id = ${changeLog.entity_id})
    when 'discount' then (select name from discounts where id = ${changeLog.entity_id})
    when 'user' then (select name from users where id = ${changeLog.entity_id})
    when 'role' then (select name from roles where id = ${changeLog.entity_id})
    when 'inquiry' then (select subject from inquiries where id = ${changeLog.entity_id})
    when 'api_token' then (select name from api_tokens where id = ${changeLog.entity_id})
    when 'customer' then (select name from customers where id = ${changeLog.entity_id})
    when 'company' then (select name from companies where id = ${changeLog.entity_id})
    when 'price_list' then (select name from price_lists where id = ${changeLog.entity_id})
  end,
  -- A request in the trash is named by its subject there too, as it is while it exists.
  (select case when t.entity_type = 'inquiry' then t.data -> 'inquiries' -> 0 ->> 'subject' else t.name end
    from trash t where t.entity_type = "change_log"."entity_type" and t.entity_id = "change_log"."entity_id"),
  ${changeLog.changes} -> ${namedBy} ->> 'after', ${changeLog.changes} -> ${namedBy} ->> 'before')`;

const quoteOf = (column: SQL) =>
  sql`case when ${changeLog.entity_type} = 'quote' then (select ${column} from quotes q
    join inquiries i on i.id = q.inquiry_id where q.id = ${changeLog.entity_id}) end`;

const columns = {
  id: changeLog.id,
  actor_id: changeLog.actor_id,
  actor_name: sql<string | null>`(select u.name from ${users} u where u.id = ${changeLog.actor_id})`,
  token_id: changeLog.token_id,
  token_name: sql<string | null>`(select t.name from ${apiTokens} t where t.id = ${changeLog.token_id})`,
  token_owner: sql<string | null>`(select o.name from ${apiTokens} t join ${users} o on o.id = t.created_by
    where t.id = ${changeLog.token_id})`,
  at: changeLog.at,
  entity_type: changeLog.entity_type,
  entity_id: changeLog.entity_id,
  action: changeLog.action,
  changes: changeLog.changes,
  batch_id: changeLog.batch_id,
  entity_name: entityName,
  quote_subject: quoteOf(sql`i.subject`),
  quote_version: quoteOf(sql`q.version`),
};

/** An entry's author as shown: the person's name, or the API token's with the user who made it. */
export const actorName = (
  userName: string | null,
  tokenName: string | null,
  tokenOwner: string | null,
): string | null => userName ?? (tokenName === null ? null : API_TOKEN_TEXT.actor(tokenName, tokenOwner));

function toEntry(r: Row): HistoryEntry {
  const entity_name =
    r.entity_type === 'quote' && r.quote_subject !== null
      ? HISTORY_TEXT.quoteName(r.quote_subject, r.quote_version)
      : r.entity_name;
  return {
    id: Number(r.id),
    actor_id: r.actor_id,
    actor_name: actorName(r.actor_name, r.token_name, r.token_owner),
    token_id: r.token_id,
    at: new Date(r.at).toISOString(),
    entity_type: r.entity_type,
    entity_id: r.entity_id,
    entity_name,
    action: r.action,
    changes: r.changes,
    batch_id: r.batch_id === null ? null : Number(r.batch_id),
  };
}

/** Each field's before ahead of its after, as people read a change (jsonb keeps keys its own way). */
const readableChanges = (changes: HistoryEntry['changes']) =>
  Object.fromEntries(
    Object.entries(changes).map(([field, c]) => [field, { before: c.before, after: c.after }]),
  );

export function createHistoryService(db: Db, opts: { timeZone?: string } = {}) {
  const timeZone = opts.timeZone ?? 'UTC';
  return {
    /** Newest first, filtered; the total is counted exactly up to PAGING.exactCountCap. */
    async list(
      query: HistoryQuery,
      reader: HistoryReader,
    ): Promise<{ data: HistoryEntry[]; meta: ListMeta }> {
      const where = filterOf(query, reader, timeZone);
      const { rows, meta } = await pageWithTotal(
        db,
        {
          table: changeLog,
          id: changeLog.id,
          where,
          sortColumns: { id: changeLog.id, at: changeLog.at },
          params: {
            page: query.page ?? 1,
            limit: query.limit ?? HISTORY_LIMITS.defaultLimit,
            sortBy: byTime(query) ? 'at' : 'id',
            order: 'desc',
          },
          // A broad filter over a year's log is not counted (the planner's estimate stands in);
          // otherwise one statement counts up to the cap and finds the page's ids, and only those
          // 25 rows are read whole. Reading the page from the cap's worth of matches re-read a
          // thousand entries for a page of 25 whenever a person's month had more.
          idsFirst: true,
        },
        (scope) =>
          scope.db
            .select({ ...columns, total: scope.total })
            .from(changeLog)
            // Names are looked up for the page's rows only (PageScope.ids).
            .where(inArray(changeLog.id, scope.ids()))
            .orderBy(...scope.order),
      );
      return { data: rows.map((r) => toEntry(r as unknown as Row)), meta };
    },

    /**
     * Every match as CSV records (HISTORY_CSV_COLUMNS), newest first, in keyset batches
     * (db/query/stream.ts): memory stays flat whatever the log's size.
     */
    async *exportBatches(query: HistoryQuery, reader: HistoryReader) {
      const where = filterOf(query, reader, timeZone);
      const batches = keysetBatches<Row & { id: number; sort_key: string }>(
        byTime(query)
          ? { key: changeLog.at, type: 'timestamptz', id: changeLog.id, order: 'desc' }
          : { key: changeLog.id, type: 'integer', id: changeLog.id, order: 'desc' },
        async (batch) =>
          (await db
            .select({ ...columns, sort_key: batch.sortKey })
            .from(changeLog)
            .where(and(where, batch.after))
            .orderBy(batch.orderBy)
            .limit(batch.limit)) as unknown as (Row & { id: number; sort_key: string })[],
      );
      for await (const rows of batches)
        yield rows.map((raw) => {
          const r = toEntry(raw);
          return [
            r.id,
            r.at,
            r.actor_name,
            r.entity_type,
            r.entity_id,
            r.entity_name,
            r.action,
            JSON.stringify(readableChanges(r.changes)),
          ];
        });
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
