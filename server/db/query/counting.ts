import { asc, desc, getTableName, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import { PAGING } from '#domain/constants';
import type { ListMeta, ListParams } from '#domain/paging';
import type { Db } from '../client';
import { tableCounts } from '../schema';
import { limitInText } from './sql';

/** Tables whose row count migration 0007's triggers keep in table_counts. */
const COUNTED_TABLES = new Set(['products', 'categories', 'brands', 'inquiries']);

export type ListTotal = { total: number; total_exact: boolean };
type Executor = Pick<Db, 'execute'>;

/**
 * A list's meta.total without scanning the world: matches are counted exactly up to
 * PAGING.exactCountCap, which costs at most that many index entries; past the cap the planner's
 * estimate stands in (from the table's statistics, scaled to its current size) and the answer
 * says so, so the screen can show "about".
 */
export async function countMatches(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  cap: number = PAGING.exactCountCap,
): Promise<ListTotal> {
  const count = countOf(table, where, cap);
  const { rows } = await db.execute<{ n: number }>(sql`select ${count.n} as n`);
  return totalFrom(db, table, where, cap, count.kept, rows[0].n);
}

/**
 * The count as an SQL expression: for a whole table counted by migration 0007's triggers, its
 * kept size, exact whatever the cap; otherwise its rows counted up to cap + 1.
 */
function countOf(table: PgTable, where: SQL | undefined, cap: number): { n: SQL<number>; kept: boolean } {
  const name = getTableName(table);
  if (!where && COUNTED_TABLES.has(name))
    return {
      n: sql<number>`(select n from ${tableCounts} where ${tableCounts.table_name} = ${name})`,
      kept: true,
    };
  return {
    n: sql<number>`(select count(*)::int from (select 1 from ${table} ${whereClause(where)} limit ${limitInText(cap + 1)}) capped)`,
    kept: false,
  };
}

/** What a count from countOf says: exact if kept or within the cap, else the planner's estimate. */
async function totalFrom(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  cap: number,
  kept: boolean,
  n: number,
): Promise<ListTotal> {
  if (kept || n <= cap) return { total: n, total_exact: true };
  return estimateMatches(db, table, where, n);
}

const whereClause = (where: SQL | undefined) => (where ? sql`where ${where}` : sql``);
const withClause = (lookups: SQL | undefined) => (lookups ? sql`with ${lookups} ` : sql``);

/** The planner's row estimate for a filter; never fewer than the `seen` rows already counted. */
async function estimateMatches(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  seen: number,
): Promise<ListTotal> {
  return { total: Math.max(await plannerRows(db, table, where), seen), total_exact: false };
}

/** How long a planner's estimate is reused, and how many are kept per database. */
export const ESTIMATES = { ttlMs: 30_000, kept: 500 } as const;

type Estimate = { rows: number; until: number };
const estimates = new WeakMap<object, LRUCache<string, Estimate>>();
const dialect = new PgDialect();

/**
 * The planner's row estimate for a filter, remembered for ESTIMATES.ttlMs per database.
 * An estimate comes from the table's statistics and size, not from its rows, so it moves slowly;
 * asking again cost a round trip and a planning on every page of the same search. A stale
 * estimate changes
 * no row of an answer: it picks how the page is read, and it is the "about" total of a broad
 * search, which may lag the table by that long.
 */
export async function plannerRows(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  /** Common table expressions the filter reads (ListQuery.lookups). */
  lookups?: SQL,
): Promise<number> {
  const explain = sql`explain (format json) ${withClause(lookups)}select 1 from ${table} ${whereClause(where)}`;
  const built = dialect.sqlToQuery(explain);
  const key = `${built.sql}\u0000${JSON.stringify(built.params)}`;
  const kept = estimates.get(db) ?? new LRUCache<string, Estimate>({ max: ESTIMATES.kept });
  estimates.set(db, kept);
  const known = kept.get(key);
  if (known && Date.now() < known.until) return known.rows;
  const plan = await db.execute<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(explain);
  const rows = Math.round(plan.rows[0]['QUERY PLAN'][0].Plan['Plan Rows']);
  kept.set(key, { rows, until: Date.now() + ESTIMATES.ttlMs });
  return rows;
}

/** Drops a database's remembered estimates (tests that count statements start from none). */
export function forgetEstimates(db: object) {
  estimates.delete(db);
}

/**
 * How far past the cap the planner must expect a search to reach before it is not counted at all.
 * Trigram estimates land close on broad terms but can be several times off on rare ones, which
 * are counted.
 */
const SURELY_BROAD = 10;

/** The column or expression each of a list's sort keys orders by. */
export type SortColumns<K extends string> = Record<K, PgColumn | SQL>;

/**
 * One list query, the same shape for every list: which rows (`where`), the sort map and the
 * page asked for. The order is the asked key's column, then the id, both in the direction asked
 * for, so that pages never overlap.
 */
export type ListQuery<K extends string = string> = {
  table: PgTable;
  id: PgColumn;
  where: SQL | undefined;
  sortColumns: SortColumns<K>;
  /**
   * The page asked for (from 1: an empty page past the first says nothing of the total), its
   * size, and the sort key and direction.
   */
  params: Pick<ListParams<K>, 'page' | 'limit' | 'sortBy' | 'order'>;
  /**
   * Searches over big tables ask the planner first. Finding the first cap + 1 matches of a broad
   * term costs a scan of thousands of rows for an answer that would be the estimate anyway. When
   * the matches are few, the page is read by their ids: sorting a few hundred rows costs nothing,
   * whereas the planner, hoping to meet matches early, walks the whole sort index instead (a rare
   * term on inquiries sorted by name), orders of magnitude slower.
   */
  estimateFirst?: boolean;
  /**
   * A search's page found by its ids first, in the list's order, in a statement of its own; the
   * page is then read by those ids (PageScope.ids and .where stand for them), from a statement
   * that holds no search and so is planned once per connection (named-statements.ts). A search
   * cannot be named: how many rows its pattern matches decides its plan, so it is planned on
   * every request, and with a page's joins and pricing that cost more than the rest of the
   * statement, whereas planning the ids alone is cheap. Implies estimateFirst.
   */
  idsFirst?: boolean;
  cap?: number;
  /**
   * A search's relevance (higher first), ordered before the sort key: ties keep the list's
   * order. Only for lists whose rows a search picked (product-search.ts).
   */
  rank?: SQL;
  /**
   * Find every match before ordering them, also for a broad filter (with idsFirst). Walking the
   * sort index and checking each row suits a filter whose matches are spread along it; a search's
   * matches can cluster there (names that share their first word), and the walk then read most
   * of the table, checking each row against every match, before it found a page.
   */
  matchesFirst?: boolean;
  /**
   * Where a search's page (its ids in order) and total may be kept between requests (with
   * idsFirst): the catalogue's caches, which forget on every catalogue write. The rows are read
   * each time, by those ids.
   */
  remember?: RememberPage;
  /** A broad search's first page found among the list's first rows (RankWindow), with rank. */
  window?: RankWindow;
  /**
   * With idsFirst: a value computed by the statement that finds the page (a search's counts per
   * status, say), handed back as FoundPage.also. A value that reads the matches again costs no
   * round trip of its own there.
   */
  also?: SQL;
  /**
   * With idsFirst: common table expressions that the filter (and `also`) read, written before
   * the statements that find the page and ask the planner, so that what they find (a search's
   * ids found first through an index) is found once per statement, however often it is read.
   */
  lookups?: SQL;
};

/**
 * A ranked search whose first page can often be found among the first rows of the whole table in
 * the list's order: a broad search ("drill", "cord" as typed) ranks thousands of matches, but a
 * page of the best of them usually sits among the newest few hundred rows. `where` is the list's
 * filter written row by row (probes, not a set of every match). When at least a page of those
 * rows reach rank `settle` and no row anywhere can rank above it (`outranked` is false: no exact
 * SKU hit), no row further down the list can come before them, so they are the page.
 */
export type RankWindow = { where: SQL; settle: number; outranked: SQL };

/** How many of the list's first rows a RankWindow reads. */
const WINDOW_ROWS = 1000;

/** A page found by its ids, and the list's total (and ListQuery.also's value, when asked). */
export type FoundPage = { ids: number[]; total: ListTotal; also?: unknown };
/** Gives the kept page for a key, or what read finds (and keeps it). */
export type RememberPage = (key: string, read: () => Promise<FoundPage>) => Promise<FoundPage>;

/**
 * What a list's page statement is given by pageWithTotal: the builder to start from (it carries
 * the matches' CTE when the filter reads it), the filter, a column that carries the total (read
 * on the first row), the order, and the page's bounds.
 */
export type PageScope = {
  db: Pick<Db, 'select'>;
  where: SQL | undefined;
  total: SQL<number>;
  /** The list's order: the sort key's column, then the id. */
  order: SQL[];
  /** The page size, for `limit()`: written into the statement's text (limitInText). */
  limit: number;
  offset: number;
  /**
   * The page's ids alone, in the list's order: a list with joins pages them on the sort index and
   * joins only those rows. Joining before the OFFSET made every skipped row pay for its joins.
   */
  ids(): SQLWrapper;
};

/** The order of a list query: the sort key's column, then the id, both in the direction asked for. */
function listOrder<K extends string>({ id, sortColumns, params, rank }: ListQuery<K>): SQL[] {
  const dir = params.order === 'asc' ? asc : desc;
  return [...(rank ? [desc(rank)] : []), dir(sortColumns[params.sortBy]), dir(id)];
}

/**
 * A list page and its total from ONE statement where it can. Each statement is a round
 * trip that wakes the database and then the server: in a CPU profile of the products list, the
 * socket writes of its statements were a large share of the server's samples. So the count rides
 * along as one more column of the page (an InitPlan, run once), and a search's matches become a
 * CTE that both the page and the count read. The planner's estimate still takes a statement of
 * its own: EXPLAIN cannot be a subquery.
 */
export async function pageWithTotal<K extends string, R extends { total: number }>(
  db: Executor & Pick<Db, 'select' | '$with' | 'with'>,
  query: ListQuery<K>,
  read: (scope: PageScope) => Promise<R[]>,
): Promise<{ rows: R[]; meta: ListMeta }> {
  const { table, id, where } = query;
  const { page, limit } = query.params;
  const cap = query.cap ?? PAGING.exactCountCap;
  const offset = (page - 1) * limit;
  const pageSize = limitInText(limit);
  const order = listOrder(query);
  const scope = (builder: Pick<Db, 'select'>, filter: SQL | undefined, total: SQL<number>): PageScope => ({
    db: builder,
    where: filter,
    total,
    order,
    limit: pageSize,
    offset,
    ids: () =>
      db
        .select({ id })
        .from(table)
        .where(filter)
        .orderBy(...order)
        .limit(pageSize)
        .offset(offset),
  });
  const answer = (rows: R[], total: ListTotal) => ({ rows, meta: { ...total, page, limit } });
  const none = sql<number>`0`;
  if (where && query.idsFirst) return readFoundPage(db, query, await findSearchPage(db, query, where), read);
  if (where) {
    const estimate = query.estimateFirst ? await plannerRows(db, table, where) : null;
    if (estimate !== null && estimate > cap * SURELY_BROAD)
      return answer(await read(scope(db, where, none)), { total: estimate, total_exact: false });
    // The matches are found once, for both the count and the page. As a count column beside a
    // filtered page, a small table's search ran twice: a sequential scan through ILIKE each time.
    const matches = db.$with('matches').as(
      db
        .select({ id })
        .from(table)
        .where(where)
        .limit(limitInText(cap + 1)),
    );
    const rows = await read(
      scope(
        // Both builders select alike; drizzle types them apart.
        db.with(matches) as Pick<Db, 'select'>,
        sql`${id} = any(array(select ${sql.identifier('id')} from ${matches}))`,
        sql<number>`(select count(*)::int from ${matches})`,
      ),
    );
    if (rows.length === 0) return answer(rows, await afterEmptyPage(db, table, where, page, cap));
    const n = rows[0].total;
    if (n <= cap) return answer(rows, { total: n, total_exact: true });
    // More than the cap matched, so the CTE holds only some of them: page by the filter instead.
    const again = await read(scope(db, where, none));
    if (estimate === null) return answer(again, await estimateMatches(db, table, where, n));
    return answer(again, { total: Math.max(estimate, n), total_exact: false });
  }
  const count = countOf(table, undefined, cap);
  const rows = await read(scope(db, undefined, count.n));
  if (rows.length === 0) return answer(rows, await afterEmptyPage(db, table, where, page, cap));
  return answer(rows, await totalFrom(db, table, where, cap, count.kept, rows[0].total));
}

/**
 * A search's page as ids with its total, found as pageWithTotal finds it with idsFirst, for a
 * caller that looks at what it found (FoundPage.also) before reading the page (readFoundPage).
 */
export async function findSearchPage<K extends string>(
  db: Executor,
  query: ListQuery<K>,
  where: SQL,
): Promise<FoundPage> {
  const cap = query.cap ?? PAGING.exactCountCap;
  const offset = (query.params.page - 1) * query.params.limit;
  const find = () => findPage(db, query, where, listOrder(query), cap, offset);
  return query.remember ? query.remember(pageKey(query, where, offset), find) : find();
}

/** Reads a page found by findSearchPage, by its ids, in one statement that holds no search. */
export async function readFoundPage<K extends string, R>(
  db: Pick<Db, 'select'>,
  query: ListQuery<K>,
  found: FoundPage,
  read: (scope: PageScope) => Promise<R[]>,
): Promise<{ rows: R[]; meta: ListMeta }> {
  const { page, limit } = query.params;
  const order = query.rank ? null : listOrder(query);
  // Nothing found, nothing to read: the page is empty and the total says so.
  const rows =
    found.ids.length === 0
      ? []
      : await read(idsScope(db, query.id, found.ids, found.total.total, order, limitInText(limit)));
  return { rows, meta: { ...found.total, page, limit } };
}

/**
 * A search's page as ids, in the list's order, with the total (pageWithTotal with idsFirst). The
 * planner is asked first: finding the first cap + 1 matches of a broad term costs a scan of
 * thousands of rows for an answer that would be the estimate anyway.
 */
async function findPage<K extends string>(
  db: Executor,
  query: ListQuery<K>,
  where: SQL,
  order: SQL[],
  cap: number,
  offset: number,
): Promise<FoundPage> {
  const { table, id } = query;
  const pageSize = limitInText(query.params.limit);
  const estimate = await plannerRows(db, table, where, query.lookups);
  const dir = sql.raw(query.params.order === 'asc' ? 'asc' : 'desc');
  const lookups = query.lookups ? sql`${query.lookups}, ` : sql``;
  // The matches with their sort key (and rank), ordered once found; `bound` caps how many.
  const sortedMatches = (bound: SQL) =>
    sql`array(select m.id from (select ${id} as id, ${query.sortColumns[query.params.sortBy]} as k,
          ${query.rank ?? sql`0`} as r
        from ${table} where ${where} ${bound}) m
      order by m.r desc, m.k ${dir}, m.id ${dir} limit ${pageSize} offset ${offset})`;
  const idsOf = (filter: SQL) =>
    query.matchesFirst
      ? sortedMatches(sql`offset 0`)
      : sql`array(select ${id} from ${table} where ${filter} order by ${sql.join(order, sql`, `)}
      limit ${pageSize} offset ${offset})`;
  const also = query.also ? sql`, ${query.also} as also` : sql``;
  if (estimate > cap * SURELY_BROAD) {
    const settled =
      query.rank && query.window ? await windowPage(db, query, query.rank, query.window, offset) : null;
    if (settled) return { ...settled, total: { total: estimate, total_exact: false } };
    const { rows } = await db.execute<{ ids: number[]; also?: unknown }>(
      sql`${withClause(query.lookups)}select ${idsOf(where)} as ids${also}`,
    );
    return { ids: rows[0].ids, total: { total: estimate, total_exact: false }, also: rows[0].also };
  }
  // One statement counts the matches up to the cap and finds the page's ids: by sorting the
  // matches themselves when they are few, else by walking the filter in the list's order. Each
  // branch is an InitPlan, run only if its CASE arm is taken. The count reads only the filter's
  // columns (an index-only scan where an index covers them); the few matches carry their sort
  // key, so they are not fetched a second time to be ordered.
  const capText = limitInText(cap);
  const { rows } = await db.execute<{
    n: number;
    ids: number[];
    also?: unknown;
  }>(sql`with ${lookups}counted as (
      select count(*)::int as n from (select 1 from ${table} where ${where}
        limit ${limitInText(cap + 1)}) capped)
    select n, case when n <= ${capText}
        then ${sortedMatches(sql`limit ${limitInText(cap + 1)}`)}
        else ${idsOf(where)} end as ids${also}
    from counted`);
  const { n, ids } = rows[0];
  if (n <= cap) return { ids, total: { total: n, total_exact: true }, also: rows[0].also };
  // More than the cap matched: the total is the estimate, never fewer than the matches counted.
  return { ids, total: { total: Math.max(estimate, n), total_exact: false }, also: rows[0].also };
}

/**
 * The page's ids from the list's first WINDOW_ROWS rows (RankWindow), or null when those rows do
 * not settle it.
 */
async function windowPage<K extends string>(
  db: Executor,
  query: ListQuery<K>,
  rank: SQL,
  window: RankWindow,
  offset: number,
): Promise<{ ids: number[]; also?: unknown } | null> {
  const { table, id } = query;
  const need = offset + query.params.limit;
  if (need > WINDOW_ROWS / 4) return null;
  const key = query.sortColumns[query.params.sortBy];
  const dir = sql.raw(query.params.order === 'asc' ? 'asc' : 'desc');
  // The first rows under the table's own name, so the filter and the rank read them as written.
  // Only rows that reach the settling rank can make the page: the rank (from the row itself) is
  // checked before the filter's probes.
  const { rows } = await db.execute<{ outranked: boolean; ids: number[]; also?: unknown }>(sql`
    with ${query.lookups ? sql`${query.lookups}, ` : sql``}m as (
      select ${id} as id, ${key} as k, ${rank} as r
      from (select * from ${table} order by ${key} ${dir}, ${id} ${dir} limit ${limitInText(WINDOW_ROWS)}) ${table}
      where ${rank} >= ${window.settle}::int and ${window.where}
      order by r desc, k ${dir}, id ${dir} limit ${limitInText(need)})
    select ${window.outranked} as outranked, array(select id from m order by r desc, k ${dir}, id ${dir}) as ids
      ${query.also ? sql`, ${query.also} as also` : sql``}`);
  const { outranked, ids, also } = rows[0];
  if (outranked || ids.length < need) return null;
  return { ids: ids.slice(offset), also };
}

/** What names a search's page for RememberPage: the statement's filter, rank, order, bounds, `also` and lookups. */
function pageKey<K extends string>(query: ListQuery<K>, where: SQL, offset: number): string {
  const { sortBy, order, limit } = query.params;
  const built = dialect.sqlToQuery(
    sql`${where} | ${query.rank ?? sql`0`} | ${query.sortColumns[sortBy]} ${sql.raw(order === 'asc' ? 'asc' : 'desc')} | ${limit} | ${offset} | ${query.cap ?? PAGING.exactCountCap} | ${query.also ?? sql`0`} | ${query.lookups ?? sql`0`}`,
  );
  return `${built.sql}\u0000${JSON.stringify(built.params)}`;
}

/**
 * A page read by ids found before: the ids travel as one array parameter and the total as
 * another, so the statement's text is the same for every search and every page. Ordered as the
 * list orders, or (order null: a search's relevance, whose text changes with the query) in the
 * order the ids were found in.
 */
export function idsScope(
  db: Pick<Db, 'select'>,
  id: PgColumn,
  ids: number[],
  total: number,
  order: SQL[] | null,
  pageSize: number,
): PageScope {
  const list = `{${ids.join(',')}}`;
  return {
    db,
    where: sql`${id} = any(${list}::int[])`,
    total: sql<number>`${total}::int`,
    order: order ?? [sql`array_position(${list}::int[], ${id})`],
    limit: pageSize,
    offset: 0,
    // In parentheses as a subquery builder would be: inArray writes an SQL object as it is.
    ids: () => sql`(select unnest(${list}::int[]))`,
  };
}

/**
 * The read of a list of one table's own rows (no joins), for pageWithTotal: each row whole as
 * `row`, with the total.
 */
export const ownRows =
  <T extends PgTable>(table: T) =>
  (scope: PageScope) =>
    scope.db
      .select({ row: table, total: scope.total })
      .from(table as PgTable)
      .where(scope.where)
      .orderBy(...scope.order)
      .limit(scope.limit)
      .offset(scope.offset);

/** An empty first page means nothing matched; an empty later page must count. */
async function afterEmptyPage(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  page: number,
  cap: number,
): Promise<ListTotal> {
  if (page <= 1) return { total: 0, total_exact: true };
  return countMatches(db, table, where, cap);
}
