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
import type { CatalogueCache } from '../../cache/catalogue-cache';
import type { InboxSearchPage } from '../../cache/inbox-pages';
import type { Db } from '../../db/client';
import {
  findSearchPage,
  pageWithTotal,
  plannerRows,
  readFoundPage,
  type SortColumns,
} from '../../db/query/counting';
import { containsAnyOf } from '../../db/query/search';
import { limitInText } from '../../db/query/sql';
import { keysetBatches } from '../../db/query/stream';
import { readWordQuery } from '../../db/query/word-query';
import { inquiries, inquiryLines, inquiryStatusCounts, users } from '../../db/schema';
import { type Row, selectInquiries, toInquiry } from './inquiry-read';

/** Lines matched by a SKU search up to which their requests are listed by id (searchOf). */
export const SKU_LINES_LISTED = 1000;

const INQUIRY_SEARCH = {
  /**
   * Requests matched by words up to which they are listed by id (searchOf); a query whose
   * substring the planner expects in more is checked row by row.
   */
  listed: 1000,
} as const;

const SORT_COLUMNS: SortColumns<InquirySortKey> = {
  created_at: inquiries.created_at,
  name: sql`lower(${inquiries.name})`,
  email: inquiries.email,
};

/** The inbox's filters (besides the search), as SQL; `status` apart, since the counts leave it out. */
function filtersOf(params: ListParams<InquirySortKey>, callerId: number | null, timeZone: string) {
  const { status, owner, from, to, approval } = params.filters;
  const others: SQL[] = [];
  if (approval === 'pending')
    others.push(
      sql`exists (select 1 from quotes q where q.inquiry_id = ${inquiries.id} and q.approval_status = 'pending' and q.status = 'draft')`,
    );
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
 * absent). The whole inbox's come from inquiry_status_counts (migration 0027); the desk's other
 * filters are index ranges, counted exactly. A search's are searchCounts.
 */
const countsOf = (where: SQL | undefined) => {
  if (!where)
    return sql<Record<string, number>>`(select coalesce(json_object_agg(c.status, c.n), '{}'::json)
      from ${inquiryStatusCounts} c where c.n > 0)`;
  return sql<Record<string, number>>`(select coalesce(json_object_agg(c.status, c.n), '{}'::json)
    from (select ${inquiries.status} as status, count(*)::int as n from ${inquiries}
      where ${where} group by ${inquiries.status}) c)`;
};

/**
 * A search's counts per status, each counted up to the list's cap, as its total is: a broad term
 * matches most of the inbox, and counting every match on each keystroke scanned it all.
 */
const countsPerStatus = (where: SQL) =>
  sql<Record<string, number>>`json_build_object(${sql.join(
    INQUIRY_STATUSES.map(
      (s) => sql`${s}::text, (select count(*)::int from (select 1 from ${inquiries}
        where ${inquiries.status} = ${s} and ${where} limit ${limitInText(PAGING.exactCountCap + 1)}) capped)`,
    ),
    sql`, `,
  )})`;

/**
 * A search's counts per status (countsPerStatus) as the statement that finds its page can afford
 * them. A broad search's per status. A search whose matches are few counts them all at once,
 * grouped, and gives null when they prove to be more than the cap, to be counted per status
 * apart: each per-status count is a copy of the search that is planned whether it runs or not.
 */
const searchCounts = (where: SQL, broad: boolean) =>
  broad
    ? countsPerStatus(where)
    : sql<Record<
        string,
        number
      > | null>`(select case when coalesce(sum(g.n), 0) <= ${limitInText(PAGING.exactCountCap)}
        then coalesce(json_object_agg(g.status, g.n), '{}'::json) end
      from (select m.status, count(*)::int as n from (select ${inquiries.status} as status from ${inquiries}
        where ${where} limit ${limitInText(PAGING.exactCountCap + 1)}) m group by m.status) g)`;

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
 * How a search finds its parts that it reads from an index first, its words and its basket lines:
 * as a list of the requests' ids (true), or checked on each row that the list meets.
 */
type Listing = { words: boolean; lines: boolean };

type Search = {
  /**
   * The search as a condition, its words and lines found as `listing` says: their lists read from
   * the statement's lookups, or (`inline`, for a statement without them) found in place.
   */
  where: (listing: Listing, inline?: 'inline') => SQL;
  /** The lists of the parts listed, as common table expressions (ListQuery.lookups). */
  lookups: (listing: Listing) => SQL | undefined;
  /**
   * Whether each listed part found more than its cap, as JSON `{ words, lines }`, read from the
   * lookups: its list is then cut short (and reads as empty), and the part must be checked row by
   * row instead.
   */
  cut: (listing: Listing) => SQL;
  /** The listing to try first. */
  listing: Listing;
  /** The substring is common, so the matches are many. */
  broad: boolean;
};

/**
 * The inbox's one search, behind the list, its counts per status and its CSV (and so the
 * palette, which asks the list): a request is found by its reference however it is typed
 * (parseInquiryReference); by its name, e-mail, phone, subject and company read as the product
 * search reads a product (every word, in any order, as a word form, the start of one or one typo
 * away from a word of the inbox's vocabulary: readWordQuery over the row's search_doc); by a
 * substring of those fields (search_text, one trigram index); or by a substring of a SKU in its
 * basket. Both documents are the row's own generated columns (migration 0053), so a broad word
 * is checked on each row a sort walk meets and a rare one is read from its index.
 *
 * The lines are another table, and a condition reaching into them is judged request by
 * request, so it would keep the row's own indexes from answering. So the lines holding the term
 * are found first, through their SKU index, as an array their requests' ids are looked up in (an
 * index lookup, and a hashed check on every row a sort walk meets). Past SKU_LINES_LISTED lines
 * the term is broad, a sort walk meets its matches at once, and each row met checks its own few
 * lines by their index.
 *
 * The words are found likewise. A query whose text is common ("quote": the planner's estimate for
 * the substring, from the trigram statistics, past the ids listed) is checked on each row a sort
 * walk meets, and meets its matches at once. Any other is read from the index first
 * (stockroom_inquiry_matches): the planner has no statistics for a rare word of a document (it
 * guesses 2 % for the start of any word) and walked the whole inbox for one that a dozen requests
 * hold. Past the cap, row by row.
 *
 * Both lists are found by the statement that finds the page (Search.lookups, once each), not by
 * statements of their own: each statement was a round trip and a planning, and the inbox's search
 * took eight. Whether a list was cut comes back with the page (Search.cut), which is then found
 * again; a cut list reads as empty meanwhile, so the statement that learns it costs little more.
 */
async function searchOf(db: Db, term: string): Promise<Search> {
  const [text, sku] = await containsAnyOf(
    db,
    [
      { table: inquiries, columns: [inquiries.search_text] },
      { table: inquiryLines, columns: [inquiryLines.sku] },
    ],
    term,
  );
  const words = await readWordQuery(db, term, 'inquiry_words');
  const broad = words !== null && (await plannerRows(db, inquiries, text)) > INQUIRY_SEARCH.listed;
  const found = words && sql`to_tsquery('english', ${words.tsquery})`;
  const wordIds =
    found && sql`array(select stockroom_inquiry_matches(${found}, ${INQUIRY_SEARCH.listed + 1}))`;
  const lineIds = sql`array(select ${inquiryLines.inquiry_id} from ${inquiryLines} where ${sku}
    limit ${limitInText(SKU_LINES_LISTED + 1)})`;
  // A list and whether it was cut; a cut one reads as null, which no id equals.
  const lookup = (name: string, ids: SQL, cap: number) =>
    sql`${sql.identifier(name)} as (select case when cardinality(a) <= ${limitInText(cap)} then a end as ids,
      cardinality(a) > ${limitInText(cap)} as cut from (select ${ids} as a offset 0) l)`;
  const wordList = wordIds ? { ids: wordIds, name: 'word_ids', cap: INQUIRY_SEARCH.listed } : null;
  const lineList = { ids: lineIds, name: 'line_ids', cap: SKU_LINES_LISTED };
  const listed = (listing: Listing) => [listing.words ? wordList : null, listing.lines ? lineList : null];
  const matchOf = (list: { ids: SQL; name: string }, inline?: 'inline') =>
    inline
      ? sql`${inquiries.id} = any(${list.ids})`
      : sql`${inquiries.id} = any((select ids from ${sql.identifier(list.name)})::int[])`;
  const referenced = parseInquiryReference(term);
  return {
    where: (listing, inline) =>
      or(
        referenced === null ? undefined : eq(inquiries.id, referenced),
        found === null
          ? undefined
          : listing.words && wordList
            ? matchOf(wordList, inline)
            : sql`${inquiries.search_doc} @@ ${found}`,
        text,
        listing.lines
          ? matchOf(lineList, inline)
          : // OFFSET 0 keeps the check per row: hashed, it would first read every matching line.
            sql`exists (select 1 from ${inquiryLines}
              where ${inquiryLines.inquiry_id} = ${inquiries.id} and ${sku} offset 0)`,
      ) as SQL,
    lookups: (listing) => {
      const lists = listed(listing).filter((l) => l !== null);
      return lists.length
        ? sql.join(
            lists.map((l) => lookup(l.name, l.ids, l.cap)),
            sql`, `,
          )
        : undefined;
    },
    cut: (listing) => {
      const [w, l] = listed(listing);
      const cutOf = (list: typeof w) =>
        list ? sql`(select cut from ${sql.identifier(list.name)})` : sql`false`;
      return sql`json_build_object('words', ${cutOf(w)}, 'lines', ${cutOf(l)})`;
    },
    listing: { words: found !== null && !broad, lines: true },
    broad,
  };
}

type Cut = { words: boolean; lines: boolean };

async function countsApart(db: Db, where: SQL, lookups: SQL | undefined): Promise<Record<string, number>> {
  const { rows } = await db.execute<{ counts: Record<string, number> }>(
    sql`${lookups ? sql`with ${lookups} ` : sql``}select ${countsPerStatus(where)} as counts`,
  );
  return rows[0].counts;
}

/** The listing to try next when some lists were cut, or null when none was. */
const afterCut = (listing: Listing, cut: Cut): Listing | null =>
  cut.words || cut.lines ? { words: listing.words && !cut.words, lines: listing.lines && !cut.lines } : null;

/** The inbox as a list query (db/query/counting.ts): its table, order and paging, over `where`. */
const inboxQuery = (params: ListParams<InquirySortKey>, where: SQL | undefined, also?: SQL) => ({
  table: inquiries,
  id: inquiries.id,
  where,
  sortColumns: SORT_COLUMNS,
  params,
  also,
});

/**
 * A search's page as ids, its total and its counts per status. A search finds them in one
 * statement (findSearchPage), found again when one of its lists proved too long to list
 * (afterCut); the page is then read by those ids, from a statement that holds no search and so is
 * planned once per connection.
 */
async function findSearch(
  db: Db,
  params: ListParams<InquirySortKey> & { q: string },
  status: SQL | undefined,
  others: SQL[],
): Promise<InboxSearchPage> {
  const search = await searchOf(db, params.q);
  let listing = search.listing;
  for (;;) {
    const term = search.where(listing);
    const where = allOf([term, status, ...others]) as SQL;
    const lookups = search.lookups(listing);
    const query = {
      ...inboxQuery(
        params,
        where,
        sql`json_build_object('counts', ${searchCounts(allOf([term, ...others]) as SQL, search.broad)},
        'cut', ${search.cut(listing)})`,
      ),
      lookups,
    };
    const found = await findSearchPage(db, query, where);
    const { cut, ...also } = found.also as { counts: Record<string, number> | null; cut: Cut };
    const next = afterCut(listing, cut);
    if (next) {
      listing = next;
      continue;
    }
    const counts = also.counts ?? (await countsApart(db, allOf([term, ...others]) as SQL, lookups));
    return { found: { ids: found.ids, total: found.total }, counts };
  }
}

/** Search finds a request by reference, name, email, phone, subject, company (their words, forms and typos, or a substring) or a line's SKU (searchOf); filters by status, owner and days. */
export async function listInquiries(
  db: Db,
  params: ListParams<InquirySortKey>,
  callerId: number | null,
  timeZone: string,
  pages?: CatalogueCache<InboxSearchPage>,
) {
  const { status, others } = filtersOf(params, callerId, timeZone);
  const listQuery = (where: SQL | undefined) => inboxQuery(params, where);
  if (params.q) {
    const q = params.q;
    // The search's page is found by the statements that search (findSearch), or kept from the
    // last time since no request changed (server/cache/inbox-pages.ts); its rows are read each time.
    const key = JSON.stringify([params, params.filters.owner === 'me' ? callerId : null, timeZone]);
    const find = () => findSearch(db, { ...params, q }, status, others);
    const { found, counts } = pages
      ? await pages.get(key, async () => ({ value: await find(), expiresAt: null }))
      : await find();
    // Only the page's rows are joined to their products and owners.
    const { rows, meta } = await readFoundPage(db, listQuery(undefined), found, (scope) =>
      selectInquiries(scope.db, { total: scope.total })
        .where(inArray(inquiries.id, scope.ids()))
        .orderBy(...scope.order),
    );
    return {
      data: rows.map((r) => toInquiry(r as unknown as Row)),
      meta,
      counts: everyStatus(counts),
      counts_exact: countsExact(counts),
    };
  }
  const countsWhere = allOf(others);
  // The total, the page, the owners' names and the counts per status from one statement
  // (pageWithTotal); the counts ride along as an uncorrelated subquery, run once.
  const { rows, meta } = await pageWithTotal(db, listQuery(allOf([status, ...others])), (scope) =>
    // Only the page's rows are joined to their products and owners (PageScope.ids).
    selectInquiries(scope.db, { total: scope.total, counts: countsOf(countsWhere) })
      .where(inArray(inquiries.id, scope.ids()))
      .orderBy(...scope.order),
  );
  let counts = (rows[0] as { counts?: Record<string, number> } | undefined)?.counts;
  if (!rows.length) {
    const { rows: found } = await db.execute<{ counts: Record<string, number> }>(
      sql`select ${countsOf(countsWhere)} as counts`,
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

/** The list's filter for the CSV: the search (its lists' cuts read first) and the filters. */
async function exportWhere(
  db: Db,
  params: ListParams<InquirySortKey>,
  callerId: number | null,
  timeZone: string,
) {
  const { status, others } = filtersOf(params, callerId, timeZone);
  if (!params.q) return allOf([status, ...others]);
  const search = await searchOf(db, params.q);
  let listing = search.listing;
  for (;;) {
    const lookups = search.lookups(listing);
    const next = lookups
      ? afterCut(
          listing,
          (await db.execute<{ cut: Cut }>(sql`with ${lookups} select ${search.cut(listing)} as cut`)).rows[0]
            .cut,
        )
      : null;
    // Each batch of the CSV is a statement of its own: the lists are found in place in each.
    if (!next) return allOf([search.where(listing, 'inline'), status, ...others]);
    listing = next;
  }
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
  const where = await exportWhere(db, params, callerId, timeZone);
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
