import { and, getTableName, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { Db } from '../client';
import { escapeLike } from './sql';

/**
 * A substring search (ILIKE '%term%') over trigram-indexed columns that reads only the term's
 * rare trigrams from the index.
 *
 * A GIN trigram index answers ILIKE '%visitor4242%' by intersecting the posting lists of all nine
 * trigrams of the term. Five of them ("vis" … "tor") are in every inquiry email, and because the
 * rows holding the rarest trigram are spread over the whole table, GIN decodes the common
 * trigrams' lists almost entirely, where the rare part "or4242" alone reads a few index pages and
 * finds the same rows.
 *
 * So a term's trigrams are judged against a sample of the column (PostgreSQL's own statistics:
 * its most common values with their shares, and its histogram for the rest). When some are
 * common and the rest form substrings that no sampled value contains, only those rare substrings
 * are given to the index, and the whole term is checked on the rows they find, in a form the
 * index cannot take. Either way a row matches exactly when the column contains the term: the
 * sample decides only how the rows are found. A sample that is missing (no ANALYZE yet) or
 * stale costs speed, never an answer.
 */
const SEARCH_SAMPLES = {
  /** How long a table's sample is reused; statistics move only when the table is analysed. */
  ttlMs: 10 * 60_000,
  /** A trigram in at least this share of a column's rows is common. */
  commonShare: 0.1,
  /** Terms whose parts are remembered per column sample. */
  keptTerms: 500,
} as const;

/** A column's sample: lower-cased values, each with the share of the table's rows it stands for. */
export type ColumnSample = { value: string; share: number }[];

type Executor = Pick<Db, 'execute'>;
type TableSamples = { columns: Promise<Map<string, ColumnSample>>; until: number };

const samples = new WeakMap<object, Map<string, TableSamples>>();

/** pg_trgm's words: runs of letters and digits; anything else only separates them. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * The substrings of a term that the index should read, or null to read the whole term: when no
 * trigram of it is common (nothing to skip), when all are (a broad search), or when what is left
 * is not surely rare, since every row that the index finds is then read from the table.
 */
export function rareParts(sample: ColumnSample, term: string): string[] | null {
  if (sample.length === 0) return null;
  const shareOf = (part: string) =>
    sample.reduce((sum, s) => (s.value.includes(part) ? sum + s.share : sum), 0);
  const parts: string[] = [];
  let skipped = false;
  for (const [word] of term.toLowerCase().matchAll(WORD)) {
    // Each maximal run of rare trigrams in a word becomes one substring: ILIKE '%part%' finds
    // exactly those trigrams in the index.
    const trigrams = word.length - 2;
    let runStart = -1;
    for (let i = 0; i <= trigrams; i++) {
      const rare = i < trigrams && shareOf(word.slice(i, i + 3)) < SEARCH_SAMPLES.commonShare;
      if (i < trigrams && !rare) skipped = true;
      if (rare) {
        if (runStart < 0) runStart = i;
      } else if (runStart >= 0) {
        // Trigrams runStart … i - 1 span the characters runStart … i + 1.
        parts.push(word.slice(runStart, i + 2));
        runStart = -1;
      }
    }
  }
  if (!skipped || parts.length === 0) return null;
  const seen = sample.some((s) => parts.every((p) => s.value.includes(p)));
  return seen ? null : parts;
}

/**
 * Rows whose columns contain the term, any of them (ILIKE, case-insensitive, LIKE's wildcards
 * taken literally), reading each column's trigram index for the term's rare part only.
 */
export async function containsAny(
  db: Executor,
  table: PgTable,
  columns: PgColumn[],
  term: string,
): Promise<SQL> {
  const [condition] = await containsAnyOf(db, [{ table, columns }], term);
  return condition;
}

/**
 * containsAny for several tables at once (a search that also looks into related rows), one
 * condition per table, in order; the tables' samples are read in one statement.
 */
export async function containsAnyOf(
  db: Executor,
  searches: { table: PgTable; columns: PgColumn[] }[],
  term: string,
): Promise<SQL[]> {
  const known = samplesOf(
    db,
    searches.map((s) => getTableName(s.table)),
  );
  const like = `%${escapeLike(term)}%`;
  return Promise.all(
    searches.map(async ({ table, columns }) => {
      const samples = await known.get(getTableName(table))!;
      const conditions = columns.map((column) => {
        const sample = samples.get(column.name);
        const parts = sample ? rememberedParts(sample, term) : null;
        if (!parts) return ilike(column, like);
        // `|| ''` keeps the whole term out of the index condition: given to the index with the
        // parts, GIN would read every trigram again.
        return and(...parts.map((p) => ilike(column, `%${p}%`)), sql`(${column} || '') ilike ${like}`) as SQL;
      });
      return (conditions.length === 1 ? conditions[0] : or(...conditions)) as SQL;
    }),
  );
}

// An LRU cannot hold null, so a term with no rare part is kept as an empty box.
const partsBySample = new WeakMap<ColumnSample, LRUCache<string, { parts: string[] | null }>>();

/**
 * rareParts, remembered for as long as the sample lives: judging a term against its columns'
 * samples took time on every search request, for the same answer each time.
 */
function rememberedParts(sample: ColumnSample, term: string): string[] | null {
  const byTerm =
    partsBySample.get(sample) ??
    new LRUCache<string, { parts: string[] | null }>({ max: SEARCH_SAMPLES.keptTerms });
  partsBySample.set(sample, byTerm);
  const known = byTerm.get(term);
  if (known) return known.parts;
  const parts = rareParts(sample, term);
  byTerm.set(term, { parts });
  return parts;
}

/**
 * The tables' column samples, each read once per SEARCH_SAMPLES.ttlMs per database; the tables
 * that need reading are read in one statement.
 */
function samplesOf(db: Executor, tables: string[]): Map<string, Promise<Map<string, ColumnSample>>> {
  const perDb = samples.get(db) ?? new Map<string, TableSamples>();
  samples.set(db, perDb);
  const stale = tables.filter((name) => {
    const entry = perDb.get(name);
    return !entry || Date.now() >= entry.until;
  });
  if (stale.length) {
    // Requests that arrive while they load share the one read.
    const read = readSamples(db, stale);
    for (const name of stale) {
      const fresh: TableSamples = {
        until: Date.now() + SEARCH_SAMPLES.ttlMs,
        columns: read.then((byTable) => byTable.get(name) ?? new Map()),
      };
      fresh.columns = fresh.columns.catch(() => {
        fresh.until = 0; // a failed read is tried again by the next search, which runs unhelped
        return new Map();
      });
      perDb.set(name, fresh);
    }
  }
  return new Map(tables.map((name) => [name, perDb.get(name)!.columns]));
}

async function readSamples(db: Executor, tables: string[]): Promise<Map<string, Map<string, ColumnSample>>> {
  // anyarray reaches the client only as text; through text[] each value arrives as one string.
  const { rows } = await db.execute<{
    table: string;
    column: string;
    null_frac: number;
    mcv: string[] | null;
    mcf: number[] | null;
    hist: string[] | null;
  }>(sql`select tablename as table, attname as column, null_frac, most_common_vals::text::text[] as mcv,
      most_common_freqs as mcf, histogram_bounds::text::text[] as hist
    from pg_stats where schemaname = current_schema()
      and tablename in (${sql.join(
        tables.map((t) => sql`${t}`),
        sql`, `,
      )})`);
  const byTable = new Map<string, Map<string, ColumnSample>>();
  for (const row of rows) {
    const mcv = row.mcv ?? [];
    const mcf = row.mcf ?? [];
    const hist = row.hist ?? [];
    // The histogram stands for the rows that are neither null nor one of the common values.
    const rest = Math.max(0, 1 - Number(row.null_frac) - mcf.reduce((a, b) => a + Number(b), 0));
    const columns = byTable.get(row.table) ?? new Map<string, ColumnSample>();
    byTable.set(row.table, columns);
    columns.set(row.column, [
      ...mcv.map((value, i) => ({ value: value.toLowerCase(), share: Number(mcf[i] ?? 0) })),
      ...hist.map((value) => ({ value: value.toLowerCase(), share: rest / hist.length })),
    ]);
  }
  return byTable;
}

/** Drops a database's samples (tests that analyse a table, or count statements, start afresh). */
export function forgetSearchSamples(db: object) {
  samples.delete(db);
}
