import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { drizzle } from 'drizzle-orm/node-postgres';
import { IMPORT_LIMITS, IMPORT_TEXT, type ImportProblem, type ImportReport } from '#domain/imports';
import { DEFAULT_PRODUCT_STATUS } from '#domain/products';
import { SHOP_RESERVED_SLUGS } from '#domain/shop';
import { slugify } from '#domain/slug';
import { VARIANT_LIMITS } from '#domain/variants';
import { runAs } from '../../db/actor';
import type { Database, Db } from '../../db/client';
import * as schema from '../../db/schema';
import { beginBatch } from '../../history/batch';
import type { JobsService, Query } from '../../jobs/jobs.service';
import type { JobQueue } from '../../jobs/queue';
import { lockCategoryTree } from '../categories';
import { PRICE_DUE_CTES } from '../products';
import {
  checkRecord,
  type ImportColumns,
  normalisePath,
  type StagedRow,
  type TranslationColumn,
} from './import-row';
import {
  applyVariants,
  hasVariantColumns,
  prepareVariantRows,
  VARIANT_CHECKS,
  VARIANTS_CHANGED,
} from './import-variants';

/** What a job's row keeps of its upload's form (jobs.params). */
export type ImportParams = {
  columns: ImportColumns;
  /** The file's translated columns (name@de…); none in a job queued before they existed. */
  translations?: TranslationColumn[];
  dry_run: boolean;
  create_missing: boolean;
};

export type ImportDeps = {
  database: Database;
  jobs: JobsService;
  queue: JobQueue;
  log: { error(obj: object, message: string): void };
  /**
   * Runs last in the import's transaction, which is on a client of its own rather than
   * db.transaction (the webhook events of the products it wrote).
   */
  beforeCommit?: (tx: Pick<Db, 'select' | 'execute'>) => Promise<void>;
  /** The shop's translated locales: a file's name@de… columns in them are read (ADR 0034). */
  locales?: readonly string[];
};

/** Rows staged, and later written, per statement: few round trips, bounded memory. */
const BATCH_ROWS = 5000;
const MAX_SLUG_ROUNDS = 50;
/**
 * From this many rows, the trigram indexes of products take the import's entries through their
 * pending lists and merge them once, as the bulk actions do (product-bulk.service.ts): entered one
 * row at a time they were most of a big import's time.
 */
const PENDING_LIST_FROM = 1_000;
const TRIGRAM_INDEXES = ['products_name_trgm', 'products_sku_trgm'] as const;

class Interrupted extends Error {}
/** A problem with the file as a whole: the job fails with this message. */
class FileProblem extends Error {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(message);
  }
}

/** The first problems by line, and how many there are in all. */
class Problems {
  first: ImportProblem[] = [];
  count = 0;
  add(list: ImportProblem[], count = list.length) {
    this.count += count;
    const cap = IMPORT_LIMITS.reportedProblems;
    // Rows are read in order: once the list is full, a later row's problems cannot enter it.
    if (this.first.length >= cap && list.every((p) => p.line >= this.first[cap - 1].line)) return;
    this.first = [...this.first, ...list]
      .sort((a, b) => a.line - b.line)
      .slice(0, IMPORT_LIMITS.reportedProblems);
  }
}

/**
 * One import job, on whichever process the queue gave it to: the stored file is parsed as it is
 * read back and its rows checked cell by cell into the staging table, a batch at a time; then
 * checked against the catalogue with set-based statements; then, unless it is a dry run or any row
 * has a problem, applied in one transaction. Progress goes to the jobs table as it goes (and, while
 * the embedded database's one connection is in that transaction, to this process's memory only).
 */
export async function runImport(deps: ImportDeps, jobId: string, signal: AbortSignal) {
  const { database, jobs } = deps;
  const pool: Query = (text, values) => database.pool.query(text, values);
  const claimed = await jobs.start(jobId);
  if (!claimed) return;
  const params = claimed.params as ImportParams;
  const problems = new Problems();
  let outcome: Parameters<JobsService['finish']>[1] | null = null;
  try {
    const rows = await stage(deps, pool, jobId, params, problems, signal);
    const total = params.dry_run ? rows : rows * 2;
    await jobs.progress(jobId, rows, total);
    const check = await checkStaged(pool, jobId, params, problems);
    const report: ImportReport = {
      dry_run: params.dry_run,
      rows,
      created: check.created,
      updated: check.updated,
      categories_created: check.newCategories.length,
      brands_created: check.newBrands.length,
      problems: problems.first,
      problem_count: problems.count,
      applied: false,
    };
    if (params.dry_run) outcome = { state: 'succeeded', report, error: null };
    else if (problems.count > 0) outcome = { state: 'failed', report, error: IMPORT_TEXT.hasProblems };
    // Logged under the user (or API token) who started the import, as their own edits are.
    else
      await runAs(
        claimed.createdBy,
        () =>
          apply(deps, jobId, params, { ...report, applied: true }, check, rows, signal, {
            actorId: claimed.createdBy,
            tokenId: claimed.createdByToken,
          }),
        claimed.createdByToken,
      );
  } catch (err) {
    if (err instanceof FileProblem) {
      problems.add([{ line: err.line ?? 1, column: null, message: err.message }]);
      outcome = { state: 'failed', report: emptyReport(params, problems), error: err.message };
    } else {
      if (!(err instanceof Interrupted)) deps.log.error({ err, job: jobId }, 'import failed');
      const error = signal.aborted ? IMPORT_TEXT.interrupted : IMPORT_TEXT.applyFailed;
      outcome = { state: 'failed', report: null, error };
    }
  }
  // The scratch rows go before the job is marked finished: whoever sees it finished (a screen, a
  // test, a process about to stop) then finds nothing of it left to clear.
  try {
    await pool('delete from import_rows where job_id = $1', [jobId]);
    await pool('delete from import_chunks where job_id = $1', [jobId]);
  } finally {
    try {
      if (outcome) await jobs.finish(jobId, outcome);
    } finally {
      jobs.release(jobId);
    }
  }
}

const emptyReport = (params: ImportParams, problems: Problems): ImportReport => ({
  dry_run: params.dry_run,
  rows: 0,
  created: 0,
  updated: 0,
  categories_created: 0,
  brands_created: 0,
  problems: problems.first,
  problem_count: problems.count,
  applied: false,
});

/** The stored file's text, piece by piece, as it streamed in. */
async function* fileText(pool: Query, jobId: string) {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let seq = 0; ; seq++) {
    const { rows } = await pool('select bytes from import_chunks where job_id = $1 and seq = $2', [
      jobId,
      seq,
    ]);
    const piece = (rows[0] as { bytes: Buffer } | undefined)?.bytes;
    try {
      if (!piece) {
        const rest = decoder.decode();
        if (rest) yield rest;
        return;
      }
      yield decoder.decode(piece, { stream: true });
    } catch {
      throw new FileProblem(IMPORT_TEXT.notUtf8);
    }
  }
}

const STAGE_COLUMNS = [
  ['line', 'int'],
  ['sku', 'text'],
  ['name', 'text'],
  ['name_given', 'bool'],
  ['mrp', 'numeric'],
  ['mrp_given', 'bool'],
  ['status', 'text'],
  ['category_path', 'text'],
  ['category_raw', 'text'],
  ['brand_key', 'text'],
  ['description', 'text'],
  ['slug_base', 'text'],
  ['variant_sku', 'text'],
  ['option1_name', 'text'],
  ['option1_value', 'text'],
  ['option2_name', 'text'],
  ['option2_value', 'text'],
  ['option3_name', 'text'],
  ['option3_value', 'text'],
  ['variant_mrp', 'numeric'],
  ['variant_status', 'text'],
  ['translations', 'jsonb'],
] as const satisfies readonly (readonly [keyof StagedRow, string])[];

const STAGE_SQL = `insert into import_rows (job_id, ${STAGE_COLUMNS.map(([c]) => c).join(', ')})
  select $1::uuid, * from unnest(${STAGE_COLUMNS.map(([, type], i) => `$${i + 2}::${type}[]`).join(', ')})`;

/** Reads the file into the staging table; answers the number of data rows. */
async function stage(
  deps: ImportDeps,
  pool: Query,
  jobId: string,
  params: ImportParams,
  problems: Problems,
  signal: AbortSignal,
): Promise<number> {
  let batch: StagedRow[] = [];
  let rows = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await pool(STAGE_SQL, [jobId, ...STAGE_COLUMNS.map(([column]) => batch.map((row) => row[column]))]);
    batch = [];
    if (signal.aborted) throw new Interrupted();
    await deps.jobs.progress(jobId, rows, null);
  };
  const parser = Readable.from(fileText(pool, jobId)).pipe(parse({ relax_column_count: true, info: true }));
  let lastLine = 1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { records: number };
    }>) {
      const line = info.records;
      lastLine = line;
      if (line === 1) continue;
      const checked = checkRecord(line, record, params.columns, params.translations);
      if (!checked.row) continue;
      if (++rows > IMPORT_LIMITS.maxRows) throw new FileProblem(IMPORT_TEXT.tooManyRows, line);
      if (checked.problems.length) problems.add(checked.problems);
      batch.push(checked.row);
      if (batch.length >= BATCH_ROWS) await flush();
    }
  } catch (err) {
    parser.destroy();
    if (err instanceof FileProblem || err instanceof Interrupted) throw err;
    const code = (err as { code?: string }).code;
    if (code?.startsWith('CSV_') || code?.startsWith('INVALID_')) {
      throw new FileProblem(IMPORT_TEXT.notCsv, (err as { lines?: number }).lines ?? lastLine + 1);
    }
    // The decoder's FileProblem arrives wrapped by the stream when it fails mid-pipe.
    if ((err as { cause?: unknown }).cause instanceof FileProblem)
      throw (err as { cause: FileProblem }).cause;
    throw err;
  }
  await flush();
  return rows;
}

type Check = {
  created: number;
  updated: number;
  /** Missing category paths to create, parents before children. */
  newCategories: { path: string; parent: string | null; name: string; slug: string; depth: number }[];
  /** Missing brands to create, by name. */
  newBrands: string[];
  changed: string;
};

/** The SQL condition: the staged row `r` would change its product `p`. */
function changedCondition(columns: ImportColumns) {
  const parts = [
    'r.name is not null and r.name is distinct from p.name',
    'r.mrp is not null and r.mrp is distinct from p.mrp',
    'r.status is not null and r.status is distinct from p.status',
  ];
  if (columns.category)
    parts.push(
      'r.category_id is distinct from p.category_id or (r.category_path is not null and r.category_id is null)',
    );
  if (columns.brand)
    parts.push('r.brand_id is distinct from p.brand_id or (r.brand_key is not null and r.brand_id is null)');
  if (columns.description) parts.push('r.description is distinct from p.description');
  return parts.map((p) => `(${p})`).join(' or ');
}

/**
 * Finds the staged rows' categories by path and brands by name that are not found yet, and with
 * `products` their products by SKU, in one pass over the staged rows: each pass rewrote every
 * staged row, a second of a 100,000-row import apiece.
 */
async function resolveReferences(q: Query, jobId: string, products = false) {
  await q(
    `update import_rows r set ${products ? 'product_id = coalesce(p.id, r.product_id),' : ''}
       category_id = coalesce(r.category_id, c.id), brand_id = coalesce(r.brand_id, b.id)
     from import_rows x
     ${products ? 'left join products p on x.sku is not null and p.sku = x.sku' : ''}
     left join categories c on x.category_path is not null and x.category_id is null and c.path = x.category_path
     -- Brand names are not unique: a name matches its oldest brand.
     left join (select distinct on (lower(name)) id, lower(name) as key from brands order by lower(name), id) b
       on x.brand_key is not null and x.brand_id is null and b.key = lower(x.brand_key)
     where x.job_id = $1 and r.job_id = x.job_id and r.line = x.line
       and (${products ? 'p.id is not null or ' : ''}c.id is not null or b.id is not null)`,
    [jobId],
  );
}

/** Classifies the staged rows against the catalogue and finds every problem that needs it. */
async function checkStaged(
  pool: Query,
  jobId: string,
  params: ImportParams,
  problems: Problems,
): Promise<Check> {
  const { columns } = params;
  await resolveReferences(pool, jobId, true);

  const header = (field: keyof ImportColumns) => columns[field]?.header ?? null;
  const variantFile = hasVariantColumns(columns);
  if (variantFile) await prepareVariantRows(pool, jobId);
  type Found = { line: number; kind: string; arg: string | null };
  const kinds: Record<
    string,
    { column: (arg: string | null) => string | null; message: (arg: string | null) => string }
  > = {
    duplicate: { column: () => header('sku'), message: (arg) => IMPORT_TEXT.skuDuplicate(Number(arg)) },
    name: { column: () => header('name'), message: () => IMPORT_TEXT.nameMissing },
    mrp: { column: () => header('mrp'), message: () => IMPORT_TEXT.mrpMissing },
    category: { column: () => header('category'), message: (arg) => IMPORT_TEXT.categoryUnknown(arg ?? '') },
    brand: { column: () => header('brand'), message: (arg) => IMPORT_TEXT.brandUnknown(arg ?? '') },
    from_variants: { column: () => header('mrp'), message: () => IMPORT_TEXT.priceFromVariants },
    sku_taken: { column: () => header('sku'), message: () => IMPORT_TEXT.variantSkuTaken },
    option_names: {
      column: () => header('option1_name'),
      message: (arg) => IMPORT_TEXT.optionNamesDiffer(Number(arg)),
    },
    combination: {
      column: () => header('option1_value'),
      message: (arg) => IMPORT_TEXT.optionsRepeated(Number(arg)),
    },
    variant_duplicate: {
      column: () => header('variant_sku'),
      message: (arg) => IMPORT_TEXT.variantSkuDuplicate(Number(arg)),
    },
    variant_taken: { column: () => header('variant_sku'), message: () => IMPORT_TEXT.variantSkuTaken },
    variant_mrp: { column: () => header('variant_mrp'), message: () => IMPORT_TEXT.variantMrpMissing },
    prices_differ: { column: () => header('variant_mrp'), message: () => IMPORT_TEXT.pricesDiffer },
    values: {
      column: (arg) => header(`option${arg}_value` as keyof ImportColumns),
      message: () => IMPORT_TEXT.tooManyValues(VARIANT_LIMITS.values),
    },
  };
  const queries = [
    // Rows after the first of a SKU are its product's further variants where both name options;
    // otherwise the SKU is repeated.
    `select line, 'duplicate' as kind, first::text as arg from (
       select line, option1_name, min(line) over (partition by sku) as first,
              first_value(option1_name) over (partition by sku order by line) as lead_option
       from import_rows where job_id = $1 and sku is not null
     ) d where line > first and (option1_name is null or lead_option is null)`,
    `select line, 'name', null from import_rows
     where job_id = $1 and sku is not null and product_id is null and not name_given and not follower`,
    `select line, 'mrp', null from import_rows
     where job_id = $1 and sku is not null and product_id is null and not mrp_given and option1_name is null`,
    // A product with options is priced by its variants: a row without them cannot set its price.
    `select r.line, 'from_variants', null from import_rows r join products p on p.id = r.product_id
     where r.job_id = $1 and r.option1_name is null and r.mrp is not null and r.mrp <> p.mrp
       and exists (select 1 from product_options o where o.product_id = p.id)`,
    // A SKU is unique across products and variants.
    `select r.line, 'sku_taken', null from import_rows r
     where r.job_id = $1 and r.sku is not null and not r.follower
       and exists (select 1 from product_variants v where v.sku = r.sku and v.product_id is distinct from r.product_id)`,
  ];
  if (variantFile) queries.push(...VARIANT_CHECKS);
  if (!params.create_missing) {
    queries.push(
      `select line, 'category', category_raw from import_rows
       where job_id = $1 and category_path is not null and category_id is null`,
      `select line, 'brand', brand_key from import_rows
       where job_id = $1 and brand_key is not null and brand_id is null`,
    );
  }
  const { rows } = await pool(
    `with found as (${queries.join(' union all ')})
     select (select count(*) from found)::int as count,
            (select coalesce(json_agg(f order by f.line, f.kind), '[]') from
              (select * from found order by line, kind limit ${IMPORT_LIMITS.reportedProblems}) f) as first`,
    [jobId],
  );
  const found = rows[0] as { count: number; first: Found[] };
  problems.add(
    found.first.map((f) => ({
      line: f.line,
      column: kinds[f.kind].column(f.arg),
      message: kinds[f.kind].message(f.arg),
    })),
    found.count,
  );

  let newCategories: Check['newCategories'] = [];
  let newBrands: string[] = [];
  if (params.create_missing) {
    newCategories = await planCategories(pool, jobId, columns, problems);
    const { rows: brands } = await pool(
      `select distinct on (lower(brand_key)) brand_key as name from import_rows
       where job_id = $1 and brand_key is not null and brand_id is null order by lower(brand_key), line`,
      [jobId],
    );
    newBrands = (brands as { name: string }[]).map((b) => b.name);
  }

  const changed = changedCondition(columns);
  const { rows: counts } = await pool(
    `select
       (select count(*) from import_rows
        where job_id = $1 and sku is not null and product_id is null and not follower)::int as created,
       (select count(*) from (
          select r.product_id from import_rows r join products p on p.id = r.product_id
          where r.job_id = $1 and not r.follower and (${changed})
          ${variantFile ? `union ${VARIANTS_CHANGED}` : ''}
        ) u)::int as updated`,
    [jobId],
  );
  const { created, updated } = counts[0] as { created: number; updated: number };
  return { created, updated, newCategories, newBrands, changed };
}

/**
 * The categories a file names that do not exist, each path's missing ancestors first. A path's
 * last segment is the new category's slug, which must be free (slugs are unique across the tree):
 * a path that cannot be made that way is a problem on every row naming it.
 */
async function planCategories(
  pool: Query,
  jobId: string,
  columns: ImportColumns,
  problems: Problems,
): Promise<Check['newCategories']> {
  const { rows } = await pool(
    `select path, raw from (
       select distinct on (category_path) category_path as path, category_raw as raw, line from import_rows
       where job_id = $1 and category_path is not null and category_id is null order by category_path, line
     ) first order by line`,
    [jobId],
  );
  const wanted = new Map<string, { parent: string | null; name: string; slug: string; depth: number }>();
  for (const { path, raw } of rows as { path: string; raw: string }[]) {
    const normal = normalisePath(raw);
    if (!normal) continue;
    const slugs = path.split('/');
    for (let i = 0; i < slugs.length; i++) {
      const prefix = slugs.slice(0, i + 1).join('/');
      if (!wanted.has(prefix))
        wanted.set(prefix, {
          parent: i === 0 ? null : slugs.slice(0, i).join('/'),
          name: normal.segments[i],
          slug: slugs[i],
          depth: i,
        });
    }
  }
  if (wanted.size === 0) return [];
  const { rows: existing } = await pool(
    'select path, slug from categories where path = any($1) or slug = any($2)',
    [[...wanted.keys()], [...new Set([...wanted.values()].map((w) => w.slug))]],
  );
  const paths = new Set((existing as { path: string }[]).map((e) => e.path));
  const slugOwner = new Map((existing as { path: string; slug: string }[]).map((e) => [e.slug, e.path]));
  const blocked = new Map<string, string>();
  const plan: Check['newCategories'] = [];
  for (const [path, want] of [...wanted].sort(([, a], [, b]) => a.depth - b.depth)) {
    if (paths.has(path)) continue;
    const parentBlocked = want.parent ? blocked.get(want.parent) : undefined;
    if (parentBlocked) {
      blocked.set(path, parentBlocked);
      continue;
    }
    const owner = slugOwner.get(want.slug);
    if (owner !== undefined && owner !== path) {
      blocked.set(path, want.slug);
      continue;
    }
    slugOwner.set(want.slug, path);
    plan.push({ path, ...want });
  }
  const blockedPaths = [...new Set((rows as { path: string }[]).map((r) => r.path))].filter((p) =>
    blocked.has(p),
  );
  if (blockedPaths.length > 0) {
    const { rows: bad } = await pool(
      `select line, category_raw as raw, category_path as path, count(*) over ()::int as count from import_rows
       where job_id = $1 and category_path = any($2) order by line limit ${IMPORT_LIMITS.reportedProblems}`,
      [jobId, blockedPaths],
    );
    const list = bad as { line: number; raw: string; path: string; count: number }[];
    problems.add(
      list.map((b) => ({
        line: b.line,
        column: columns.category?.header ?? null,
        message: IMPORT_TEXT.categoryCannotCreate(b.raw, blocked.get(b.path) ?? ''),
      })),
      list[0]?.count ?? 0,
    );
  }
  return plan;
}

/**
 * Applies a checked import in one transaction, with its job's result: categories and brands it
 * needs first, then each batch of rows, creating products (with their basic and images blocks and
 * a free slug) and updating those that change.
 */
async function apply(
  deps: ImportDeps,
  jobId: string,
  params: ImportParams,
  report: ImportReport,
  check: Check,
  rows: number,
  signal: AbortSignal,
  author: { actorId: number | null; tokenId: number | null },
) {
  const { database, jobs } = deps;
  const embedded = database.kind === 'pglite';
  const work = async () => {
    const client = await database.pool.connect();
    const q: Query = (text, values) => client.query(text, values);
    try {
      await q('begin');
      // This client is the pool's own, which no request scope names a user on: the author is
      // set for this transaction alone, with the API token that started it or none.
      await q(`select set_config('stockroom.actor', $1, true), set_config('stockroom.token', $2, true)`, [
        author.actorId === null ? '' : String(author.actorId),
        author.tokenId === null ? '' : String(author.tokenId),
      ]);
      const batch = await beginBatch(q, 'import');
      if (check.newCategories.length > 0) {
        await lockCategoryTree(q);
        for (let depth = 0; ; depth++) {
          const level = check.newCategories.filter((c) => c.depth === depth);
          if (level.length === 0) break;
          // One level per statement: the chain trigger reads each new category's parent.
          await q(
            `insert into categories (name, slug, parent_id, depth, path)
             select n.name, n.slug, p.id, n.depth, n.path
             from unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[]) as n(name, slug, depth, path, parent)
             left join categories p on p.path = n.parent`,
            [
              level.map((c) => c.name),
              level.map((c) => c.slug),
              level.map((c) => c.depth),
              level.map((c) => c.path),
              level.map((c) => c.parent),
            ],
          );
        }
      }
      if (check.newBrands.length > 0) await createBrands(q, check.newBrands);
      if (check.newCategories.length > 0 || check.newBrands.length > 0) await resolveReferences(q, jobId);
      await assignSlugs(q, jobId);

      const { rows: bounds } = await q(
        'select coalesce(max(line), 0) as last from import_rows where job_id = $1',
        [jobId],
      );
      const last = (bounds[0] as { last: number }).last;
      const changed = check.changed;
      const { columns } = params;
      const keep = (field: 'category' | 'brand' | 'description', column: string) =>
        columns[field] ? `r.${column}` : `p.${column}`;
      await q(`select set_config('stockroom.priced', 'on', true)`);
      const merge = rows >= PENDING_LIST_FROM;
      if (merge) for (const index of TRIGRAM_INDEXES) await q(`alter index ${index} set (fastupdate = on)`);
      for (let from = 1; from < last; from += BATCH_ROWS) {
        const range = [jobId, from, from + BATCH_ROWS];
        await q(
          `with added as (
             insert into products (name, slug, sku, description, brand_id, category_id, mrp, status)
             select r.name, r.slug, r.sku, r.description, r.brand_id, r.category_id,
                    coalesce(r.mrp, r.variant_mrp), coalesce(r.status, '${DEFAULT_PRODUCT_STATUS}')
             from import_rows r
             where r.job_id = $1 and r.line > $2 and r.line <= $3 and r.product_id is null and not r.follower
             order by r.line
             returning id
           )
           insert into product_layout_blocks (product_id, block_type, position)
           select added.id, b.block_type, b.position
           from added cross join (values ('basic', 0), ('images', 1)) as b(block_type, position)`,
          range,
        );
        // The new MRP, brand and category are priced in the same statement (stockroom.priced tells
        // migration 0022's trigger so), as the bulk actions do: marked due instead, every row
        // would be written a second time by the next price refresh.
        await q(
          `with target as materialized (
             select p.id, coalesce(r.name, p.name) as name, coalesce(r.mrp, p.mrp) as mrp,
                    coalesce(r.status, p.status) as status, ${keep('category', 'category_id')}::int as category_id,
                    ${keep('brand', 'brand_id')}::int as brand_id, ${keep('description', 'description')} as description
             from import_rows r join products p on p.id = r.product_id
             where r.job_id = $1 and r.line > $2 and r.line <= $3 and not r.follower and (${changed})
             order by p.id
           ), priced as (
             select f.id, f.final, f.discounted, f.until
             from stockroom_prices(now(), array(select id from target), array(select mrp from target),
                                   array(select brand_id from target), array(select category_id from target)) f
           ), ${PRICE_DUE_CTES}
           update products p set name = t.name, mrp = t.mrp, status = t.status, category_id = t.category_id,
             brand_id = t.brand_id, description = t.description, price_final = priced.final,
             price_discounted = priced.discounted, updated_at = now()
           from target t join priced on priced.id = t.id
           where p.id = t.id`,
          range,
        );
        if (signal.aborted) throw new Interrupted();
        // Lines run from 2 to last: the share of them written so far, in rows.
        const written = Math.round((rows * (Math.min(from + BATCH_ROWS, last) - 1)) / (last - 1));
        await jobs.progress(jobId, rows + written, rows * 2, { memoryOnly: embedded });
      }
      await q(`select set_config('stockroom.priced', '', true)`);
      // After the products, unpriced: a product whose variants' prices move is due for its price.
      // Inside the merge, as the triggers rewrite the products' rows.
      if (hasVariantColumns(columns)) await applyVariants(q, jobId);
      if (params.translations?.length) await applyTranslations(q, jobId, params.translations);
      if (merge)
        for (const index of TRIGRAM_INDEXES) {
          await q('select gin_clean_pending_list($1::regclass)', [index]);
          await q(`alter index ${index} set (fastupdate = off)`);
        }
      await batch.end({
        count: report.created + report.updated,
        created: report.created,
        updated: report.updated,
        categories_created: report.categories_created,
        brands_created: report.brands_created,
      });
      await deps.beforeCommit?.(drizzle(client, { schema }));
      await jobs.finish(jobId, { state: 'succeeded', report, error: null }, q);
      await q('commit');
    } catch (err) {
      await q('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  };
  // On the embedded database the transaction holds the one connection: the queue waits for it.
  await (embedded ? deps.queue.hold(work) : work());
}

/**
 * The rows' translated cells into product_translations, each product found by its SKU (a new
 * one's too): a field whose column the file has is set (an empty cell clears it), the others
 * keep theirs, and a translation left with nothing goes.
 */
async function applyTranslations(q: Query, jobId: string, columns: readonly TranslationColumn[]) {
  const given = columns.map((c) => `${c.field}@${c.locale}`);
  const set = (field: string) =>
    `${field} = case when '${field}@' || t.locale = any($2::text[]) then excluded.${field} else t.${field} end`;
  await q(
    `insert into product_translations as t (product_id, locale, name, description, seo_title, seo_description)
     select p.id, x.key, x.value ->> 'name', x.value ->> 'description', x.value ->> 'seo_title',
            x.value ->> 'seo_description'
     from import_rows r join products p on p.sku = r.sku, jsonb_each(r.translations) x
     where r.job_id = $1 and not r.follower and r.translations is not null
     on conflict (product_id, locale) do update set
       ${['name', 'description', 'seo_title', 'seo_description'].map(set).join(', ')}, updated_at = now()`,
    [jobId, given],
  );
  await q(
    `delete from product_translations t using import_rows r join products p on p.sku = r.sku
     where r.job_id = $1 and not r.follower and r.translations is not null and t.product_id = p.id
       and t.name is null and t.description is null and t.seo_title is null and t.seo_description is null
       and t.sections is null`,
    [jobId],
  );
}

async function createBrands(q: Query, names: string[]) {
  // Each new brand's slug, from its name, numbered past those taken and those given before it.
  const bases = names.map((name) => slugify(name) || 'brand');
  const { rows } = await q(
    `select slug from brands where slug = any($1) or slug ~ ('^(' || array_to_string($2::text[], '|') || ')-[0-9]+$')`,
    [bases, bases],
  );
  const taken = new Set((rows as { slug: string }[]).map((r) => r.slug));
  const slugs = bases.map((base) => {
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  });
  await q('insert into brands (name, slug) select * from unnest($1::text[], $2::text[])', [names, slugs]);
}

/**
 * A free slug for each new product, set-based: from its name, numbered -2, -3 … within the file,
 * then moved past any taken by a product or the shop (or by an earlier row) until none clash.
 */
async function assignSlugs(q: Query, jobId: string) {
  await q(
    `update import_rows r set slug = case when k.n = 1 then r.slug_base else r.slug_base || '-' || k.n end,
       slug_n = k.n
     from (select line, row_number() over (partition by slug_base order by line)
                  + (case when slug_base = any($2) or exists (select 1 from products p where p.slug = slug_base)
                     then 1 else 0 end) as n
           from import_rows where job_id = $1 and product_id is null and sku is not null and not follower) k
     where r.job_id = $1 and r.line = k.line`,
    [jobId, SHOP_RESERVED_SLUGS],
  );
  for (let round = 0; round < MAX_SLUG_ROUNDS; round++) {
    const { rowCount } = await q(
      `with clash as (
         select r.line, r.slug_base from import_rows r
         where r.job_id = $1 and r.product_id is null and r.slug is not null and not r.follower and (
           r.slug = any($2)
           or exists (select 1 from products p where p.slug = r.slug)
           or exists (select 1 from import_rows o where o.job_id = $1 and o.product_id is null
                      and not o.follower and o.slug = r.slug and o.line < r.line))
       ), top as (
         select slug_base, max(slug_n) as m from import_rows
         where job_id = $1 and product_id is null and not follower and slug_base in (select slug_base from clash)
         group by slug_base
       ), bumped as (
         select c.line, t.m + row_number() over (partition by c.slug_base order by c.line) as n
         from clash c join top t using (slug_base)
       )
       update import_rows r set slug = r.slug_base || '-' || b.n, slug_n = b.n
       from bumped b where r.job_id = $1 and r.line = b.line`,
      [jobId, SHOP_RESERVED_SLUGS],
    );
    if (!rowCount) return;
  }
  throw new Error('no free slugs after many rounds');
}
