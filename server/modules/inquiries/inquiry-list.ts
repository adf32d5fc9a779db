import { and, eq, gte, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { PAGING } from '#domain/constants';
import {
  INQUIRY_STATUSES,
  type InquirySortKey,
  type InquiryStatus,
  inquiryReference,
  parseInquiryReference,
} from '#domain/inquiries';
import { bigCentsToDecimal } from '#domain/money';
import type { ListParams } from '#domain/paging';
import { dayEndIn, dayStartIn } from '#domain/time-zone';
import type { Db } from '../../db/client';
import { pageWithTotal, type SortColumns } from '../../db/query/counting';
import { containsAnyOf } from '../../db/query/search';
import { limitInText } from '../../db/query/sql';
import { keysetBatches } from '../../db/query/stream';
import { inquiries, inquiryLines, inquiryStatusCounts, users } from '../../db/schema';
import { type Row, selectInquiries, toInquiry } from './inquiry-read';

/** Lines matched by a SKU search up to which their requests are listed by id (searchOf). */
export const SKU_LINES_LISTED = 1000;

const SORT_COLUMNS: SortColumns<InquirySortKey> = {
  created_at: inquiries.created_at,
  name: sql`lower(${inquiries.name})`,
  email: inquiries.email,
};

/** The inbox's filters (besides the search), as SQL; `status` apart, since the counts leave it out. */
function filtersOf(params: ListParams<InquirySortKey>, callerId: number | null, timeZone: string) {
  const { status, owner, from, to } = params.filters;
  const others: SQL[] = [];
  if (owner === 'me') others.push(callerId === null ? sql`false` : eq(inquiries.owner_id, callerId));
  else if (owner === 'nobody') others.push(isNull(inquiries.owner_id));
  else if (owner) others.push(eq(inquiries.owner_id, Number(owner)));
  // Whole days in the seller's time zone, both ends included: from the first day's midnight
  // there to the midnight after the last.
  if (from) others.push(gte(inquiries.created_at, dayStartIn(from, timeZone)));
  if (to) others.push(lt(inquiries.created_at, dayEndIn(to, timeZone)));
  return {
    status: status ? eq(inquiries.status, status as InquiryStatus) : undefined,
    others,
  };
}

const allOf = (parts: (SQL | undefined)[]) => {
  const kept = parts.filter((p): p is SQL => p !== undefined);
  return kept.length ? and(...kept) : undefined;
};

/**
 * Counts per status over the list's other filters, as a JSON object (statuses with none are
 * absent). The whole inbox's come from inquiry_status_counts (migration 0027). A search's are
 * counted per status up to the list's cap, as its total is: a broad term matches most of the
 * inbox, and counting every match on each keystroke scanned it all. The desk's other filters are
 * index ranges, counted exactly.
 */
const countsOf = (where: SQL | undefined, searched: boolean) => {
  if (!where)
    return sql<Record<string, number>>`(select coalesce(json_object_agg(c.status, c.n), '{}'::json)
      from ${inquiryStatusCounts} c where c.n > 0)`;
  if (searched)
    return sql<Record<string, number>>`json_build_object(${sql.join(
      INQUIRY_STATUSES.map(
        (s) => sql`${s}::text, (select count(*)::int from (select 1 from ${inquiries}
          where ${inquiries.status} = ${s} and ${where} limit ${limitInText(PAGING.exactCountCap + 1)}) capped)`,
      ),
      sql`, `,
    )})`;
  return sql<Record<string, number>>`(select coalesce(json_object_agg(c.status, c.n), '{}'::json)
    from (select ${inquiries.status} as status, count(*)::int as n from ${inquiries}
      where ${where} group by ${inquiries.status}) c)`;
};

/** Whether counts are exact: a search's stop past the cap. */
const countsExact = (counts: Record<string, number>) =>
  Object.values(counts).every((n) => n <= PAGING.exactCountCap);

const everyStatus = (found: Record<string, number> | undefined) =>
  Object.fromEntries(INQUIRY_STATUSES.map((s) => [s, found?.[s] ?? 0])) as Record<InquiryStatus, number>;

export const CSV_COLUMNS = [
  'reference',
  'created_at',
  'status',
  'owner',
  'name',
  'email',
  'phone',
  'company',
  'subject',
  'lines',
  'basket_value',
  'close_reason',
  'message',
  /** The names of the request's lines (its basket), in order. */
  'products',
] as const;

/** How the products cell joins the names of a request's lines. */
export const LINE_NAME_SEPARATOR = '; ';

type ExportRow = {
  id: number;
  sort_key: string;
  created_at: Date;
  status: string;
  owner: string | null;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  subject: string;
  lines: number;
  basket_cents: string;
  close_reason: string | null;
  message: string;
  products: string | null;
};

/**
 * The inbox's one search, behind the list, its counts per status and its CSV (and so the
 * palette, which asks the list): a request is found by its reference however it is typed
 * (parseInquiryReference), by a substring of its name, e-mail, phone, subject or company
 * (trigram indexes on the request's row, read together), or by a substring of a SKU in its
 * basket.
 *
 * The lines are another table, and a condition reaching into them is judged request by
 * request, so it would keep the row's own indexes from answering. So the lines holding the term
 * are found first, through their SKU index: when they are few, their requests' ids join the
 * search as a list of constants (an index lookup, and a hashed check on every row a sort walk
 * meets); when they are many the term is broad, a sort walk meets its matches at once, and each
 * row met checks its own few lines by their index.
 */
async function searchOf(db: Db, term: string): Promise<SQL> {
  const [own, sku] = await containsAnyOf(
    db,
    [
      {
        table: inquiries,
        columns: [inquiries.name, inquiries.email, inquiries.phone, inquiries.subject, inquiries.company],
      },
      { table: inquiryLines, columns: [inquiryLines.sku] },
    ],
    term,
  );
  const { rows } = await db.execute<{ inquiry_id: number }>(
    sql`select ${inquiryLines.inquiry_id} as inquiry_id from ${inquiryLines} where ${sku}
      limit ${limitInText(SKU_LINES_LISTED + 1)}`,
  );
  const byLines =
    rows.length === 0
      ? undefined
      : rows.length <= SKU_LINES_LISTED
        ? inArray(inquiries.id, [...new Set(rows.map((r) => r.inquiry_id))])
        : // OFFSET 0 keeps the check per row: hashed, it would first read every matching line.
          sql`exists (select 1 from ${inquiryLines}
            where ${inquiryLines.inquiry_id} = ${inquiries.id} and ${sku} offset 0)`;
  const referenced = parseInquiryReference(term);
  return or(referenced === null ? undefined : eq(inquiries.id, referenced), own, byLines) as SQL;
}

/** The where clauses of a list: the search, the status and the other filters. */
async function listWhere(
  db: Db,
  params: ListParams<InquirySortKey>,
  callerId: number | null,
  timeZone: string,
) {
  const search = params.q ? await searchOf(db, params.q) : undefined;
  const { status, others } = filtersOf(params, callerId, timeZone);
  return {
    where: allOf([search, status, ...others]),
    countsWhere: allOf([search, ...others]),
    searched: search !== undefined,
  };
}

/** Search finds a request by reference, name, email, phone, subject, company or a line's SKU (searchOf); filters by status, owner and days. */
export async function listInquiries(
  db: Db,
  params: ListParams<InquirySortKey>,
  callerId: number | null,
  timeZone: string,
) {
  const { where, countsWhere, searched } = await listWhere(db, params, callerId, timeZone);
  // The total, the page, the owners' names and the counts per status from one statement
  // (pageWithTotal); the counts ride along as an uncorrelated subquery, run once.
  const { rows, meta } = await pageWithTotal(
    db,
    // A search finds its page's ids first (PageScope.ids); the desk's filters are plain index
    // ranges, read with their count in one statement.
    {
      table: inquiries,
      id: inquiries.id,
      where,
      sortColumns: SORT_COLUMNS,
      params,
      idsFirst: params.q !== '',
    },
    (scope) =>
      // Only the page's rows are joined to their products and owners (PageScope.ids).
      selectInquiries(scope.db, { total: scope.total, counts: countsOf(countsWhere, searched) })
        .where(inArray(inquiries.id, scope.ids()))
        .orderBy(...scope.order),
  );
  let counts = (rows[0] as { counts?: Record<string, number> } | undefined)?.counts;
  if (!rows.length) {
    const { rows: found } = await db.execute<{ counts: Record<string, number> }>(
      sql`select ${countsOf(countsWhere, searched)} as counts`,
    );
    counts = found[0].counts;
  }
  return {
    data: rows.map((r) => toInquiry(r as unknown as Row)),
    meta,
    counts: everyStatus(counts),
    counts_exact: countsExact(counts ?? {}),
  };
}

/**
 * The list's matches as CSV records (CSV_COLUMNS), in the list's order, in keyset batches
 * (db/query/stream.ts): memory stays flat and the connection is free between batches.
 */
export async function* exportInquiries(
  db: Db,
  params: ListParams<InquirySortKey>,
  callerId: number | null,
  timeZone: string,
) {
  const { where } = await listWhere(db, params, callerId, timeZone);
  const order = {
    key: SORT_COLUMNS[params.sortBy],
    type: params.sortBy === 'created_at' ? 'timestamptz' : 'text',
    id: inquiries.id,
    order: params.order,
  } as const;
  const batches = keysetBatches<ExportRow>(order, async (batch) => {
    const filters = allOf([where, batch.after]);
    const { rows } = await db.execute<ExportRow>(sql`select ${inquiries.id} as id,
        ${batch.sortKey} as sort_key, ${inquiries.created_at} as created_at,
        ${inquiries.status} as status, (select u.name from ${users} u where u.id = ${inquiries.owner_id}) as owner,
        ${inquiries.name} as name, ${inquiries.email} as email, ${inquiries.phone} as phone,
        ${inquiries.company} as company, ${inquiries.subject} as subject,
        (select count(*)::int from ${inquiryLines} l where l.inquiry_id = ${inquiries.id}) as lines,
        (select coalesce(sum(l.quantity * l.unit_price * 100), 0)::bigint::text from ${inquiryLines} l
          where l.inquiry_id = ${inquiries.id}) as basket_cents,
        ${inquiries.close_reason} as close_reason, ${inquiries.message} as message,
        (select string_agg(l.name, ${LINE_NAME_SEPARATOR} order by l.position) from ${inquiryLines} l
          where l.inquiry_id = ${inquiries.id}) as products
      from ${inquiries} ${filters ? sql`where ${filters}` : sql``}
      order by ${batch.orderBy} limit ${batch.limit}`);
    return rows;
  });
  for await (const rows of batches)
    yield rows.map((r) => [
      inquiryReference(r.id),
      new Date(r.created_at).toISOString(),
      r.status,
      r.owner,
      r.name,
      r.email,
      r.phone,
      r.company,
      r.subject,
      r.lines,
      bigCentsToDecimal(BigInt(r.basket_cents)),
      r.close_reason,
      r.message,
      r.products,
    ]);
}
