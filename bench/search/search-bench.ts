/**
 * Search, measured (`npm run bench -- --only search`): relevance over the demo catalogue, and the
 * search pages' latency on the seeded large catalogue.
 *
 * Relevance: the demo catalogue is loaded once into a database of its own (bench/search/demo-db.ts,
 * which also answers every query with today's substring search, as SQL); the server is started on
 * it and each query of relevance.json is asked of the staff products list's JSON (the list, the
 * shop and Ctrl+K share one search) and of the shop's list page, whose product links are read in
 * order. Each reports hit@3 and MRR (see relevance.ts).
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { DemoDb } from './demo-db';
import {
  firstHit,
  GERMAN_QUERY_KINDS,
  germanRelevanceSet,
  QUERY_KINDS,
  type RelevanceQuery,
  relevanceSet,
  score,
} from './relevance';

export type Engine = 'substring' | 'api' | 'shop';
const ENGINES: Engine[] = ['substring', 'api', 'shop'];
const ENGINE_LABELS: Record<Engine, string> = {
  substring: "today's substring (SQL)",
  api: 'server: GET /api/products?q=',
  shop: 'server: /shop?q= page',
};

export type RelevanceResult = {
  queries: number;
  scores: Record<Engine, { hitAt3: number; mrr: number }>;
  byKind: { kind: string; queries: number; scores: Record<Engine, { hitAt3: number; mrr: number }> }[];
  /** Queries whose expected products the server's list did not rank in its first three. */
  misses: { q: string; kind: string; rank: number | null; top: string[] }[];
  /** The German set, asked of the public product list in the default language and in `de`. */
  german: GermanResult;
};

export type GermanEngine = 'default' | 'de';
const GERMAN_ENGINES: GermanEngine[] = ['default', 'de'];
const GERMAN_LABELS: Record<GermanEngine, string> = {
  default: 'GET /api/public/products?q=',
  de: 'GET /api/public/products?q=…&locale=de',
};
type Scores<E extends string> = Record<E, { hitAt3: number; mrr: number }>;
export type GermanResult = {
  queries: number;
  scores: Scores<GermanEngine>;
  byKind: { kind: string; queries: number; scores: Scores<GermanEngine> }[];
  misses: { q: string; kind: string; rank: number | null; top: string[] }[];
};

type Kind = 'pg' | 'pglite';

export type SearchDeps = {
  root: string;
  kind: Kind;
  /** The large benchmark database's settings, for its index sizes. */
  largeEnv: Record<string, string>;
  /** The demo database's settings (DATABASE_URL or DATA_DIR) and the folder beside it. */
  demoEnv: Record<string, string>;
  startServer: (env: Record<string, string>) => Promise<ChildProcess>;
  stop: (child: ChildProcess) => Promise<void>;
  baseUrl: string;
  log: (line: string) => void;
};

/** Runs one of the bench's database scripts in a process of its own; answers what it wrote. */
function runScript<T>(deps: SearchDeps, script: string, env: Record<string, string>): T {
  const out = path.join(
    deps.root,
    '.tmp',
    `bench-search-${process.pid}-${path.basename(script, '.ts')}.json`,
  );
  mkdirSync(path.dirname(out), { recursive: true });
  const clean: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  delete clean.DATABASE_URL;
  const ran = spawnSync('npx', ['tsx', path.join('bench', 'search', script), out], {
    cwd: deps.root,
    env: { ...clean, ...env },
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  if (ran.status !== 0) throw new Error(`bench/search/${script} failed: ${ran.stderr}`);
  const written = JSON.parse(readFileSync(out, 'utf8')) as T;
  rmSync(out);
  return written;
}

const PRODUCT_LINK = /href="\/shop\/([a-z0-9-]+)"/g;

/** The slugs of the products a shop page links to, in page order. */
function shopSlugs(html: string, known: Set<string>): string[] {
  const seen: string[] = [];
  for (const [, slug] of html.matchAll(PRODUCT_LINK))
    if (known.has(slug) && !seen.includes(slug)) seen.push(slug);
  return seen;
}

async function answers(deps: SearchDeps, token: string, q: string, known: Set<string>) {
  const query = encodeURIComponent(q);
  const list = await fetch(`${deps.baseUrl}/api/products?q=${query}&status=published&limit=24`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!list.ok) throw new Error(`GET /api/products?q=${q}: ${list.status} ${await list.text()}`);
  const api = ((await list.json()) as { data: { slug: string }[] }).data.map((p) => p.slug);
  const page = await fetch(`${deps.baseUrl}/shop?q=${query}`);
  if (!page.ok) throw new Error(`GET /shop?q=${q}: ${page.status}`);
  return { api, shop: shopSlugs(await page.text(), known) };
}

function scoresOf(ranks: Record<Engine, (number | null)[]>) {
  return Object.fromEntries(ENGINES.map((e) => [e, score(ranks[e])])) as Record<
    Engine,
    { hitAt3: number; mrr: number }
  >;
}

/** hit@3 and MRR of today's substring search and of the server's, over the demo catalogue. */
export async function measureRelevance(deps: SearchDeps): Promise<RelevanceResult> {
  deps.log('  relevance: preparing the demo catalogue (once per database)…');
  const demo = runScript<DemoDb>(deps, 'demo-db.ts', deps.demoEnv);
  const published = new Set(demo.products.filter((p) => p.status === 'published').map((p) => p.slug));
  const stale = relevanceSet.queries.flatMap((q) => q.expect).filter((slug) => !published.has(slug));
  if (stale.length)
    throw new Error(
      `The demo database lacks ${stale.join(', ')}: it predates the demo catalogue; delete it (${JSON.stringify(deps.demoEnv)}) to seed it again.`,
    );
  // A second language, for the German set; the default language's search is the same with it.
  const child = await deps.startServer({ ...deps.demoEnv, LOCALES: 'en,de' });
  const ranks: Record<Engine, (number | null)[]> = { substring: [], api: [], shop: [] };
  let german: GermanResult | undefined;
  const misses: RelevanceResult['misses'] = [];
  try {
    const login = await fetch(`${deps.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(demo.admin),
    });
    if (!login.ok) throw new Error(`demo login: ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    for (const query of relevanceSet.queries) {
      const found = await answers(deps, token, query.q, published);
      ranks.substring.push(firstHit(demo.substring[query.q] ?? [], query.expect));
      const apiRank = firstHit(found.api, query.expect);
      ranks.api.push(apiRank);
      ranks.shop.push(firstHit(found.shop, query.expect));
      if (apiRank === null || apiRank > 3)
        misses.push({ q: query.q, kind: query.kind, rank: apiRank, top: found.api.slice(0, 3) });
    }
    german = await measureGerman(deps, token, demo);
  } finally {
    await deps.stop(child);
  }
  const queries = relevanceSet.queries;
  const pick = (rows: RelevanceQuery[]) => {
    const at = rows.map((r) => queries.indexOf(r));
    return Object.fromEntries(ENGINES.map((e) => [e, at.map((i) => ranks[e][i])])) as Record<
      Engine,
      (number | null)[]
    >;
  };
  const byKind = QUERY_KINDS.map((kind) => {
    const rows = queries.filter((q) => q.kind === kind);
    return { kind, queries: rows.length, scores: scoresOf(pick(rows)) };
  }).filter((k) => k.queries > 0);
  return { queries: queries.length, scores: scoresOf(ranks), byKind, misses, german: german as GermanResult };
}

/** The public product list's slugs for a query, best match first, in a locale or the default. */
async function publicAnswers(deps: SearchDeps, q: string, locale?: string): Promise<string[]> {
  const url = `${deps.baseUrl}/api/public/products?q=${encodeURIComponent(q)}&limit=24${locale ? `&locale=${locale}` : ''}`;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { slug: string }[] }).data.map((p) => p.slug);
}

/**
 * The German set: its translations written as the demo products' `de` (a PUT each, the same text
 * every run), then each query asked of the public product list without a locale and with `de`.
 */
async function measureGerman(deps: SearchDeps, token: string, demo: DemoDb): Promise<GermanResult> {
  const ids = new Map(demo.products.map((p) => [p.slug, p.id]));
  for (const [slug, text] of Object.entries(germanRelevanceSet.translations)) {
    const id = ids.get(slug);
    if (id === undefined) throw new Error(`relevance-de.json translates ${slug}, which the demo lacks`);
    const put = await fetch(`${deps.baseUrl}/api/products/${id}/translations/de`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(text),
    });
    if (!put.ok) throw new Error(`PUT translation of ${slug}: ${put.status} ${await put.text()}`);
  }
  const queries = germanRelevanceSet.queries;
  const ranks: Record<GermanEngine, (number | null)[]> = { default: [], de: [] };
  const misses: GermanResult['misses'] = [];
  for (const query of queries) {
    ranks.default.push(firstHit(await publicAnswers(deps, query.q), query.expect));
    const found = await publicAnswers(deps, query.q, 'de');
    const rank = firstHit(found, query.expect);
    ranks.de.push(rank);
    if (rank === null || rank > 3)
      misses.push({ q: query.q, kind: query.kind, rank, top: found.slice(0, 3) });
  }
  const scores = (at: number[]) =>
    Object.fromEntries(
      GERMAN_ENGINES.map((e) => [e, score(at.map((i) => ranks[e][i]))]),
    ) as Scores<GermanEngine>;
  const all = queries.map((_, i) => i);
  const byKind = GERMAN_QUERY_KINDS.map((kind) => {
    const at = all.filter((i) => queries[i].kind === kind);
    return { kind, queries: at.length, scores: scores(at) };
  }).filter((k) => k.queries > 0);
  return { queries: queries.length, scores: scores(all), byKind, misses };
}

/** The German set's table: hit@3 and MRR without a locale and in `de`, overall and by kind. */
export function germanTable(result: GermanResult): string {
  const head = GERMAN_ENGINES.map((e) => `${GERMAN_LABELS[e]} hit@3 | MRR`).join(' | ');
  const line = (label: string, n: number, s: Scores<GermanEngine>) =>
    `| ${label} | ${n} | ${GERMAN_ENGINES.map((e) => `${fixed(s[e].hitAt3)} | ${fixed(s[e].mrr)}`).join(' | ')} |`;
  return [
    `| German queries | n | ${head} |`,
    `|---|---:|${GERMAN_ENGINES.map(() => '---:|---:').join('|')}|`,
    line('**all**', result.queries, result.scores),
    ...result.byKind.map((k) => line(k.kind, k.queries, k.scores)),
  ].join('\n');
}

const fixed = (n: number) => n.toFixed(2);

/** The relevance table: hit@3 and MRR of each search, overall and by kind of query, side by side. */
export function relevanceTable(result: RelevanceResult): string {
  const head = ENGINES.map((e) => `${ENGINE_LABELS[e]} hit@3 | MRR`).join(' | ');
  const line = (label: string, n: number, s: RelevanceResult['scores']) =>
    `| ${label} | ${n} | ${ENGINES.map((e) => `${fixed(s[e].hitAt3)} | ${fixed(s[e].mrr)}`).join(' | ')} |`;
  return [
    `| queries | n | ${head} |`,
    `|---|---:|${ENGINES.map(() => '---:|---:').join('|')}|`,
    line('**all**', result.queries, result.scores),
    ...result.byKind.map((k) => line(k.kind, k.queries, k.scores)),
  ].join('\n');
}

export type IndexSize = { name: string; kind: string; of: string | null; bytes: number };

/** The sizes of the tables and indexes whose names speak of search or specs, on the large database. */
export function indexSizes(deps: SearchDeps): IndexSize[] {
  return runScript<IndexSize[]>(deps, 'index-size.ts', deps.largeEnv);
}

export function indexSizeTable(sizes: IndexSize[]): string {
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  // The products' search data: relations named for search on the product tables or on tables of
  // their own that start with "search", not the inbox's or the option lists' trigram indexes.
  const searchOnly = sizes.filter(
    (s) => /search|tsv|trgm/.test(s.name) && /^(product|search)/.test(s.of ?? s.name),
  );
  return [
    '| relation | kind | of | MB |',
    '|---|---|---|---:|',
    ...sizes.map((s) => `| ${s.name} | ${s.kind} | ${s.of ?? ''} | ${mb(s.bytes)} |`),
    `| **the products' search relations (search, tsv, trgm)** | | | ${mb(searchOnly.reduce((sum, s) => sum + s.bytes, 0))} |`,
  ].join('\n');
}
