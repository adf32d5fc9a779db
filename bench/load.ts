/**
 * The load benchmarks: `npm run bench -- [--db pg|pglite|both] [--duration 10] [--processes 2]`.
 *
 * Seeds a large catalogue once (npm run seed:large) into a database of its own, starts the real
 * server as a child process, and drives it with autocannon from this process over loopback: a
 * bare Fastify route first (the ceiling, same run, same machine), then every scenario. Each
 * reports requests/s, p50/p99 latency, errors and the server's RSS. Results are printed as a
 * Markdown table and written to bench/results/<db>.json.
 *
 * Settings (environment): BENCH_PRODUCTS (100000), BENCH_VARIANTS (1), BENCH_DATABASE_URL (a database of its own on
 * the local server, created when missing), BENCH_DATA_DIR (.tmp/bench-pglite), BENCH_SERVER_DIR
 * (the checkout to start the server from: compare two versions on the same data), BENCH_PORT
 * (3901; the ceiling listens on the port below it).
 */
import { type ChildProcess, fork, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { type BackupResult, backupUnderLoad } from './backup-during';
import { catalogueWork, type WorkRow, workTable } from './catalogue-work';
import { customerPricesRequests } from './customer-prices';
import { historyWork } from './history-work';
import { foldRounds, foldRuns, pairedShare, roundOrder } from './rounds';
import {
  germanTable,
  type IndexSize,
  indexSizes,
  indexSizeTable,
  measureRelevance,
  type RelevanceResult,
  relevanceTable,
  type SearchDeps,
} from './search/search-bench';
import { type BurstResult, webhookBurst } from './webhook-burst';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const dbChoice = flag('db', 'both');
const duration = Number(flag('duration', '10'));
const only = flag('only', '');
/**
 * The bundle scenarios run in rounds, each round measuring the ceiling and every bundle scenario
 * back to back (in a rotated order), so each ratio to the ceiling is taken minutes-not-apart
 * from the same machine's mood: this kind of shared machine swings by half from one minute to the
 * next, and one ceiling at the start of a run compared with a bundle run minutes later was as
 * much the weather as the server. Rows report medians over the rounds.
 */
const rounds = Number(flag('rounds', '5'));
const roundSeconds = Number(flag('round-duration', String(Math.max(3, Math.round(duration / 2)))));
/** With --processes N: one process against N on the same PostgreSQL, instead of the full run. */
const processes = Number(flag('processes', '0'));
const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
/** Variants per product the seed gives (seed:large's --variants); 1 seeds none but the default. */
const variants = Number(process.env.BENCH_VARIANTS ?? 1);
const serverDir = path.resolve(process.env.BENCH_SERVER_DIR ?? root);
const pgUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/stockroom_bench';
const pgliteDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(root, '.tmp', 'bench-pglite'));
const ADMIN = { email: 'bench@example.com', password: 'bench-password-1' };
/** The server's port (BENCH_PORT) and the ceiling's, the one below it. */
const PORT = Number(process.env.BENCH_PORT ?? 3901);
const HELLO_PORT = PORT - 1;

type Row = {
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rssMb: number;
  note?: string;
  /** Share of the ceiling: for round-based rows, the median of each round's own ratio. */
  ofCeiling?: number;
  /** Each round's requests/s, for round-based rows. */
  perRound?: number[];
  /** The shop's product page: its share of the cached bundle's rate, round by round (median). */
  ofBundle?: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/**
 * Vacuums and analyzes the PostgreSQL database, as autovacuum would have done on a server left to
 * itself after a seed, a migration or the previous run's bulk work. Index-only scans need the
 * visibility map it sets: without it every list's walk visits the table too, which measures a
 * server whose autovacuum is off, not the app.
 */
async function vacuum() {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  await client.query('vacuum (analyze)');
  await client.end();
}

/** Creates the PostgreSQL database of a URL when it is missing. */
async function ensureDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString(),
  });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
}

/** Seeds the catalogue unless the database already holds one. */
async function ensureSeeded(kind: 'pg' | 'pglite') {
  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn' };
  if (kind === 'pg') {
    await ensureDatabase(pgUrl);
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    const has = await client
      .query('select count(*)::int as n from products')
      .then((r) => r.rows[0].n as number)
      .catch(() => 0);
    await client.end();
    if (has > 0) return;
    env.DATABASE_URL = pgUrl;
  } else {
    mkdirSync(pgliteDir, { recursive: true });
    env.DATA_DIR = pgliteDir;
    delete env.DATABASE_URL;
  }
  console.log(`Seeding ${products} products (${kind})…`);
  const seedArgs = ['tsx', 'server/cli/seed-large.ts', '--products', String(products)];
  if (variants > 1) seedArgs.push('--variants', String(variants));
  const seeded = spawnSync('npx', seedArgs, {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
  });
  // An embedded database that already has products is refused: that is fine, it is seeded.
  if (seeded.status !== 0 && !seeded.stderr.includes('already has products')) {
    throw new Error(`seed:large failed: ${seeded.stderr}`);
  }
}

function serverEnv(kind: 'pg' | 'pglite', extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // The mixed workload posts many quote requests from one address.
    INQUIRY_RATE_MAX: '1000000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
  };
  if (kind === 'pg') env.DATABASE_URL = pgUrl;
  else {
    delete env.DATABASE_URL;
    env.DATA_DIR = pgliteDir;
  }
  // Last, so that a run may point the server at another database (the change log's "off" URL,
  // the demo catalogue).
  return { ...env, ...extra };
}

/**
 * What `npm start` runs: the one-file build (scripts/build-server.mjs), built first when stale. A
 * checkout from before that build existed (BENCH_SERVER_DIR) runs under tsx as it did then.
 */
function serverCommand(): string[] {
  if (existsSync(path.join(serverDir, 'scripts', 'build-server.mjs'))) {
    const built = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], {
      cwd: serverDir,
      stdio: 'inherit',
    });
    if (built.status !== 0) throw new Error('the server build failed');
    return ['--enable-source-maps', 'dist/server/main.mjs'];
  }
  return ['--import', 'tsx', 'server/main.ts'];
}

/** Starts the server and resolves once /healthz answers, with the time that took. */
async function startServer(kind: 'pg' | 'pglite', extra: Record<string, string> = {}) {
  const started = performance.now();
  const port = extra.PORT ?? String(PORT);
  const child = spawn(process.execPath, serverCommand(), {
    cwd: serverDir,
    env: serverEnv(kind, extra),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, readyMs: Math.round(performance.now() - started) };
    await sleep(10);
  }
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Makes sure the benchmark's own admin exists (the seed creates no users). */
function ensureAdmin(kind: 'pg' | 'pglite') {
  spawnSync(
    'npx',
    [
      'tsx',
      'server/cli/create-user.ts',
      '--name',
      'Bench Admin',
      '--email',
      ADMIN.email,
      '--role',
      'admin',
      '--password',
      ADMIN.password,
    ],
    { cwd: serverDir, env: serverEnv(kind), stdio: 'ignore' },
  );
}

type Request = { method?: string; path: string; headers?: Record<string, string>; body?: string };

async function load(
  name: string,
  connections: number,
  pick: () => Request,
  server: ChildProcess | undefined,
  opts: { port?: number; expect?: number; note?: string; seconds?: number; quiet?: boolean } = {},
): Promise<Row> {
  const expectStatus = opts.expect ?? 200;
  let unexpected = 0;
  const instance = autocannon({
    url: `http://127.0.0.1:${opts.port ?? PORT}`,
    connections,
    duration: opts.seconds ?? duration,
    requests: [
      {
        setupRequest: (req: object) => {
          const r = pick();
          return { ...req, method: r.method ?? 'GET', path: r.path, headers: { ...r.headers }, body: r.body };
        },
        onResponse: (status: number) => {
          if (status !== expectStatus && !(expectStatus === 200 && status >= 200 && status < 300))
            unexpected += 1;
        },
      },
    ],
  } as autocannon.Options);
  const result = await instance;
  const row: Row = {
    scenario: name,
    connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + unexpected,
    rssMb: rssMb(server?.pid),
    note: opts.note,
  };
  if (!opts.quiet) logRow(row);
  return row;
}

function logRow(row: Row) {
  const share =
    (row.ofCeiling === undefined ? '' : `  ${Math.round(row.ofCeiling * 100)} % of ceiling`) +
    (row.ofBundle === undefined ? '' : `  ${Math.round(row.ofBundle * 100)} % of the cached bundle`);
  console.log(
    `  ${row.scenario.padEnd(34)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}  rss ${row.rssMb} MB${share}`,
  );
}

type Scenario = { name: string; measure: (seconds: number) => Promise<Row> };

/**
 * Runs the ceiling and each scenario once per round and folds the rounds (bench/rounds.ts); the
 * ceiling's own runs come back too, unfolded, for its row over every group of rounds.
 */
async function inRounds(
  ceiling: Scenario,
  scenarios: Scenario[],
): Promise<{ rows: Row[]; ceilingRuns: Row[] }> {
  const all = [ceiling, ...scenarios];
  const runs: Row[][] = all.map(() => []);
  // Not counted: the JIT, the pool's connections and each connection's plans warm up here (the
  // uncached bundle's first round ran at half the speed of its last).
  for (const scenario of all) await scenario.measure(2);
  for (let round = 0; round < rounds; round++) {
    for (const i of roundOrder(all.length, round)) runs[i].push(await all[i].measure(roundSeconds));
    console.log(
      `  round ${round + 1}/${rounds}: ${all.map((s, i) => `${s.name} ${Math.round(runs[i][round].rps)}`).join(' · ')}`,
    );
  }
  const rows = foldRounds(runs);
  for (const row of rows.slice(1)) logRow(row);
  return { rows: rows.slice(1), ceilingRuns: runs[0] };
}

async function api(method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`http://127.0.0.1:${PORT}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res;
}

const choose = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)];

type SearchFigures = { relevance?: RelevanceResult; indexSizes?: IndexSize[] };

async function runFor(kind: 'pg' | 'pglite'): Promise<{
  rows: Row[];
  work: WorkRow[];
  startup: Record<string, number>;
  search: SearchFigures;
  webhooks?: BurstResult;
  backup?: BackupResult;
}> {
  console.log(`\n## ${kind === 'pg' ? 'PostgreSQL' : 'embedded PGlite'}`);
  await ensureSeeded(kind);
  ensureAdmin(kind);
  const rows: Row[] = [];
  const work: WorkRow[] = [];
  // Several names may be asked for at once, split by "|" (no scenario's name holds one).
  const want = (name: string) => !only || only.split('|').some((part) => name.includes(part));

  const bundles = await measureBundles(kind, want);
  const { startup, slugs, token } = bundles;
  let { child } = bundles;
  rows.push(...bundles.rows);
  const staff = { authorization: `Bearer ${token}` };
  const lists = await measureLists(want, child, token, rows);
  await measureVisitorReads(want, child, rows);
  await measureCustomerPrices(want, child, token, rows);
  await measureSearchLatency(want, child, token, rows);
  await measureInboxWhileWritten(want, child, token, rows);
  const coldInbox = INBOX_SEARCHES.some(([name]) => want(`${name}${NOTHING_KEPT}`));
  if (want(SEARCH_ROW) || coldInbox) {
    // The same searches with nothing kept between requests: what a query costs the first time.
    await stop(child);
    const cold = (await startServer(kind, { SEARCH_CACHE_ENTRIES: '0' })).child;
    const coldToken: string = (await (await api('POST', '/api/auth/login', undefined, ADMIN)).json()).token;
    if (want(SEARCH_ROW)) await measureSearchLatency(want, cold, coldToken, rows, NOTHING_KEPT);
    for (const [name, url] of INBOX_SEARCHES) {
      if (!want(`${name}${NOTHING_KEPT}`)) continue;
      const pick = () => ({ path: url, headers: { authorization: `Bearer ${coldToken}` } });
      await load(`${name}${NOTHING_KEPT}`, 10, pick, cold, { seconds: 1, quiet: true });
      rows.push(await load(`${name}${NOTHING_KEPT}`, 10, pick, cold));
    }
    await stop(cold);
    child = (await startServer(kind)).child;
  }
  if (want('work')) work.push(...(await measureCatalogueWork(child, token)));
  let backup: BackupResult | undefined;
  if (want('backup')) {
    backup = await backupUnderLoad({
      cwd: serverDir,
      env: serverEnv(kind),
      base: `http://127.0.0.1:${PORT}`,
      token,
      slugs,
      out: path.join(root, '.tmp', `bench-backup-${kind}.tar.gz`),
    });
    console.log(
      `  backup while serving: ${backup.seconds} s; ${backup.requests} requests meanwhile, slowest ${backup.slowestMs} ms, p99 ${backup.p99Ms} ms, errors ${backup.errors}`,
    );
  }
  if (want('login'))
    rows.push(
      await load(
        'login (argon2id)',
        10,
        () => ({
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(ADMIN),
        }),
        child,
      ),
    );

  if (want('mixed')) {
    const mixed = await mixedStaffWorkload(lists, slugs, staff, token);
    rows.push(await load('mixed staff workload (10% writes)', 20, mixed, child));
  }
  const rssAfter = rssMb(child.pid);
  await stop(child);
  let webhooks: BurstResult | undefined;
  if (want('webhook')) {
    // The receiver listens on loopback, which only WEBHOOK_ALLOW_PRIVATE lets an endpoint name.
    const hooked = (await startServer(kind, { WEBHOOK_ALLOW_PRIVATE: '1' })).child;
    const hookToken: string = (await (await api('POST', '/api/auth/login', undefined, ADMIN)).json()).token;
    webhooks = await webhookBurst((method, url, body) => api(method, url, hookToken, body));
    console.log(
      `  webhooks: ${webhooks.events} of ${webhooks.updates} events, ${webhooks.outOfOrder} out of order, ${webhooks.eventsPerSecond} events/s (updates took ${webhooks.updateSeconds} s, the last event came ${webhooks.totalSeconds} s after the first update)`,
    );
    await stop(hooked);
  }
  // The change log's costs restart the server (with the log off, then on again): PostgreSQL only,
  // where the log is turned off per connection.
  if (kind === 'pg' && want('history')) rows.push(...(await measureHistory(kind)));
  const search = want('search relevance') ? await searchFigures(kind) : {};
  return { rows, work, startup: { ...startup, rssAfterMixedMb: rssAfter }, search, webhooks, backup };
}

/** What the search latency rows' names start with (`--only "search:"` runs just them). */
const SEARCH_ROW = 'search: ';

/**
 * The search pages at scale, as visitors and staff use them: a shop search of two words with its
 * facets, a one-word search as the palette (Ctrl+K) sends it while typing, and a department's page
 * with its facets. Each request picks among a few queries. The server keeps a page it has read
 * (SEARCH_CACHE_ENTRIES) until the catalogue changes; run again with that off (`suffix`), every
 * request is read from the database.
 */
async function measureSearchLatency(
  want: (name: string) => boolean,
  child: ChildProcess,
  token: string,
  rows: Row[],
  suffix = '',
) {
  const staff = { authorization: `Bearer ${token}` };
  const departments: string[] = (await (await api('GET', '/api/public/categories?flat=1')).json()).data
    .filter((c: { depth: number }) => c.depth === 0)
    .map((c: { slug: string }) => c.slug);
  // Words of the seeded names (an adjective, then a noun), each pair held by 1 in 80 products.
  const twoWords = ['cordless drill', 'compact lamp', 'smart kettle', 'eco fan', 'ultra chair', 'pro saw'];
  // What the palette sends as a word is typed (after its debounce), from three letters on.
  const typed = [
    'dri',
    'dril',
    'drill',
    'cor',
    'cord',
    'cordl',
    'cordless',
    'ket',
    'kettl',
    'mow',
    'mower',
    'lamp',
  ];
  const scenarios: [string, Request[]][] = [
    [
      `${SEARCH_ROW}shop, two words, with facets`,
      twoWords.map((q) => ({ path: `/shop?q=${encodeURIComponent(q)}` })),
    ],
    [
      `${SEARCH_ROW}palette (Ctrl+K), one word as typed`,
      // Best matches first: the palette asks for no sort of its own.
      typed.map((q) => ({ path: `/api/products?q=${q}&page=1&limit=5`, headers: staff })),
    ],
    [
      `${SEARCH_ROW}shop, a department with facets`,
      departments.map((slug) => ({ path: `/shop?category=${slug}` })),
    ],
  ];
  for (const [row, requests] of scenarios) {
    const name = `${row}${suffix}`;
    if (!want(name)) continue;
    // Each query asked once first, one at a time, as visitors had asked them before: the timed
    // run measures the steady state (with pages kept, every one of them seen), not the first
    // seconds' misses queued behind each other.
    for (const request of requests)
      await fetch(`http://127.0.0.1:${PORT}${request.path}`, { headers: request.headers });
    await load(name, 10, () => choose(requests), child, { seconds: 1, quiet: true });
    rows.push(await load(name, 10, () => choose(requests), child));
  }
  const edited = `${SEARCH_ROW}shop, departments and two-word searches, a price edited every second`;
  if (suffix === '' && want(edited)) {
    // Kept pages last until a catalogue write: with staff at work, every page is read afresh after
    // each one, and the visitors who ask for it first wait behind those reads.
    const pages = [...scenarios[0][1], ...scenarios[2][1]];
    const [product] = (await (await api('GET', '/api/products?page=1&limit=1', token)).json()).data;
    // Up a cent, down a cent: the product ends as it was.
    let up = true;
    const edit = (cents: string) =>
      api('POST', '/api/products/bulk', token, {
        ids: [product.id],
        action: 'adjust_price',
        by: 'amount',
        value: cents,
      });
    const editing = setInterval(() => {
      void edit(up ? '0.01' : '-0.01');
      up = !up;
    }, 1000);
    try {
      rows.push(
        await load(edited, 10, () => choose(pages), child, { note: 'pages kept; a price edit each second' }),
      );
    } finally {
      clearInterval(editing);
      if (!up) await edit('-0.01');
    }
  }
}

/**
 * Relevance over the demo catalogue (in a database of its own beside the benchmark's), then the
 * search relations' sizes on the seeded catalogue; the server is stopped for both.
 */
async function searchFigures(kind: 'pg' | 'pglite'): Promise<SearchFigures> {
  const demoUrl = Object.assign(new URL(pgUrl), { pathname: `${new URL(pgUrl).pathname}_demo` }).toString();
  if (kind === 'pg') await ensureDatabase(demoUrl);
  const deps: SearchDeps = {
    root,
    kind,
    largeEnv: kind === 'pg' ? { DATABASE_URL: pgUrl } : { DATA_DIR: pgliteDir },
    demoEnv:
      kind === 'pg'
        ? {
            DATABASE_URL: demoUrl,
            DATA_DIR: path.join(root, '.tmp', `bench-demo-${new URL(demoUrl).pathname.slice(1)}`),
          }
        : { DATA_DIR: `${pgliteDir}-demo` },
    startServer: async (env) => (await startServer(kind, env)).child,
    stop,
    baseUrl: `http://127.0.0.1:${PORT}`,
    log: console.log,
  };
  const relevance = await measureRelevance(deps);
  console.log(`\n${relevanceTable(relevance)}\n`);
  for (const miss of relevance.misses)
    console.log(
      `  not in the first three: "${miss.q}" (${miss.kind}) rank ${miss.rank ?? '-'}; top ${miss.top.join(', ')}`,
    );
  console.log(`\n${germanTable(relevance.german)}\n`);
  for (const miss of relevance.german.misses)
    console.log(
      `  not in the first three (de): "${miss.q}" (${miss.kind}) rank ${miss.rank ?? '-'}; top ${miss.top.join(', ')}`,
    );
  const sizes = indexSizes(deps);
  console.log(`\n${indexSizeTable(sizes)}`);
  return { relevance, indexSizes: sizes };
}

const bundlePick = (slugs: string[]) => () => ({ path: `/api/public/products/slug/${choose(slugs)}/bundle` });

/**
 * The ceiling and the bundle scenarios, in rounds: the ceiling's row and the bundles' rows, the
 * server's start-up time, and a server (bundle cache on) left running for the scenarios after.
 */
async function measureBundles(kind: 'pg' | 'pglite', want: (name: string) => boolean) {
  const rows: Row[] = [];
  // The ceiling: a bare Fastify route in a process of its own, kept up (idle between its runs)
  // while the bundle rounds run.
  const hello = fork(path.join(root, 'bench', 'hello.mjs'), [], {
    env: { ...process.env, PORT: String(HELLO_PORT) },
  });
  await new Promise((r) => hello.once('message', r));
  const ceiling: Scenario = {
    name: 'ceiling',
    measure: (seconds) =>
      load('bare Fastify hello (ceiling)', 50, () => ({ path: '/' }), hello, {
        port: HELLO_PORT,
        seconds,
        quiet: true,
      }),
  };
  const ceilingRuns: Row[] = [];

  // A first start applies pending migrations; time the second, on the existing database.
  await stop((await startServer(kind)).child);
  if (kind === 'pg') await vacuum();
  const uncachedServer = await startServer(kind, { BUNDLE_CACHE_ENTRIES: '0' });
  const startup = { readyMs: uncachedServer.readyMs };
  console.log(`  ready to serve in ${uncachedServer.readyMs} ms`);
  const slugs: string[] = (await (await api('GET', '/api/public/products?limit=1000')).json()).data.map(
    (p: { slug: string }) => p.slug,
  );
  const bundle = bundlePick(slugs);
  // The shop page is measured against the cached bundle, in the same rounds: one needs the other.
  const bundleRounds = want('bundle') || want('shop');
  const bundleRows: Row[] = [];
  if (want('bundle')) {
    // The two servers take turns rather than run side by side: an embedded database belongs to
    // one process.
    const { rows: uncached, ceilingRuns: ceilingRunsHere } = await inRounds(ceiling, [
      {
        name: 'uncached',
        measure: (seconds) =>
          load('bundle, uncached (1000 products)', 50, bundle, uncachedServer.child, {
            note: 'cache off',
            seconds,
            quiet: true,
          }),
      },
    ]);
    ceilingRuns.push(...ceilingRunsHere);
    bundleRows.push(...uncached);
  }
  await stop(uncachedServer.child);

  const { child } = await startServer(kind);
  const token: string = (await (await api('POST', '/api/auth/login', undefined, ADMIN)).json()).token;
  if (bundleRounds) {
    // Warm: each product read once, so the run measures the cache serving, not its first misses
    // (a fifth of a 5 s run went to filling it). The shop's pages likewise.
    for (let i = 0; i < slugs.length; i += 50)
      await Promise.all(
        slugs
          .slice(i, i + 50)
          .flatMap((slug) => [
            api('GET', `/api/public/products/slug/${slug}/bundle`),
            api('GET', `/shop/${slug}`),
          ]),
      );
    const { rows: cached, ceilingRuns: ceilingRunsHere } = await cachedBundleRounds(ceiling, slugs, child);
    ceilingRuns.push(...ceilingRunsHere);
    bundleRows.push(...cached);
  } else {
    ceilingRuns.push(await ceiling.measure(duration));
  }
  await stop(hello);
  // The ceiling's row: the median of all its runs (each bundle row's share is still its own
  // rounds' ratio, not this).
  const ceilingRow: Row = {
    ...foldRuns(ceilingRuns),
    ofCeiling: 1,
    note: ceilingRuns.length > 1 ? `median of ${ceilingRuns.length} runs` : undefined,
  };
  rows.push(ceilingRow, ...bundleRows);
  return { rows, startup, slugs, child, token };
}

/** The cached bundle, its 304 and the shop's product page, against the ceiling in rounds. */
async function cachedBundleRounds(ceiling: Scenario, slugs: string[], child: ChildProcess) {
  const bundle = bundlePick(slugs);
  // The shop's product page, HTML rendered from the same bundle and cached beside it.
  const shopPage = () => ({ path: `/shop/${choose(slugs)}` });
  const one = `/api/public/products/slug/${slugs[0]}/bundle`;
  const etag = (await api('GET', one)).headers.get('etag') ?? '';
  const { rows: cached, ceilingRuns: ceilingRunsHere } = await inRounds(ceiling, [
    {
      name: 'cached',
      measure: (seconds) =>
        load('bundle, cached (1000 products, warm)', 50, bundle, child, { seconds, quiet: true }),
    },
    {
      name: '304',
      measure: (seconds) =>
        load(
          'bundle, If-None-Match → 304',
          50,
          () => ({ path: one, headers: { 'if-none-match': etag } }),
          child,
          { expect: 304, seconds, quiet: true },
        ),
    },
    {
      name: 'shop page',
      measure: (seconds) =>
        load('shop product page HTML, cached (1000 products, warm)', 50, shopPage, child, {
          seconds,
          quiet: true,
        }),
    },
  ]);
  // The shop page's target is a share of the cached bundle's rate, taken round by round.
  const [cachedBundle, , shop] = cached;
  shop.ofBundle = pairedShare(shop as Required<Row>, cachedBundle as Required<Row>);
  console.log(`  shop product page: ${Math.round(shop.ofBundle * 100)} % of the cached bundle's rate`);
  return { rows: cached, ceilingRuns: ceilingRunsHere };
}

/** The staff lists, filters and sorts, each measured after a second of warming; returns the lists. */
async function measureLists(
  want: (name: string) => boolean,
  child: ChildProcess,
  token: string,
  rows: Row[],
) {
  const staff = { authorization: `Bearer ${token}` };
  const lists: [string, string][] = [
    ['products, first page', '/api/products?limit=20'],
    ['products, search "cordless"', '/api/products?limit=20&q=cordless'],
    ['products, search "drill 4242"', '/api/products?limit=20&q=drill%204242'],
    // Product 4242's middle size on a catalogue seeded with --variants 3 (seed-large.ts names a
    // variant by its product's SKU and size); on one without variants, a SKU that matches none.
    ['products, search variant SKU', '/api/products?limit=20&q=SKU-0004242-M'],
    ['products, deep page (2000)', '/api/products?limit=20&page=2000'],
    ['categories, search + sort', '/api/categories?limit=20&q=aisle%201&sortBy=name&order=desc'],
    ['brands, search + sort', '/api/brands?limit=10&q=brand%2012&sortBy=name'],
    ...INBOX_SEARCHES,
    ['inquiries, sort by email, page 500', '/api/inquiries?perPage=15&sortBy=email&order=asc&page=500'],
    ['dashboard', '/api/dashboard'],
  ];
  // The products list's filters and sorts, alone and combined, on ids that exist in the seed.
  const someCategory: { id: number } = (await (await api('GET', '/api/categories?limit=1', token)).json())
    .data[0];
  const someBrand: { id: number } = (await (await api('GET', '/api/brands?limit=1', token)).json()).data[0];
  lists.push(
    [
      'products, a category and below, by price',
      `/api/products?limit=24&category_id=${someCategory.id}&sortBy=price&order=asc`,
    ],
    ['products, a brand, by name', `/api/products?limit=24&brand_id=${someBrand.id}&sortBy=name`],
    ['products, discounted, by price desc', '/api/products?limit=24&discounted=1&sortBy=price&order=desc'],
    [
      'products, price 20-60, by updated',
      '/api/products?limit=24&price_min=20&price_max=60&sortBy=updated_at',
    ],
    ['products, drafts without image', '/api/products?limit=24&status=draft&no_image=1'],
    [
      'products, search + brand + price sort',
      `/api/products?limit=24&q=drill&brand_id=${someBrand.id}&sortBy=price`,
    ],
    ['products, by name, page 1000', '/api/products?limit=24&sortBy=name&page=1000'],
    ['discounts, first page', '/api/discounts?limit=20'],
    ['discounts, title search, live', '/api/discounts?limit=20&q=sale&state=live'],
    ['discounts, brand-wide, page 50', '/api/discounts?limit=20&applies_to=brand&page=50'],
  );
  for (const [name, url] of lists) {
    if (!want(name)) continue;
    const pick = () => ({ path: url, headers: staff });
    // A second, not counted, warms this scenario's code and each pooled connection's plans, which
    // the first list measured after the bundle rounds would otherwise pay for.
    await load(name, 10, pick, child, { seconds: 1, quiet: true });
    rows.push(await load(name, 10, pick, child));
  }
  return lists;
}

/** What a row's name ends with when it was run with SEARCH_CACHE_ENTRIES=0. */
const NOTHING_KEPT = ' (nothing kept)';

/**
 * The inbox's searches. A search's page is kept until the next write to a request
 * (server/cache/inbox-pages.ts): its rows in measureLists are the steady state, with a new request
 * each second in measureInboxWhileWritten, and with nothing kept in a server of their own.
 */
const INBOX_SEARCHES: [string, string][] = [
  ['inquiries, search + sort', '/api/inquiries?perPage=15&q=visitor4242&sortBy=name'],
  ['inquiries, broad search', '/api/inquiries?perPage=15&q=quote&sortBy=created_at'],
];

/** The inbox's searches while the public form posts a new request every second. */
async function measureInboxWhileWritten(
  want: (name: string) => boolean,
  child: ChildProcess,
  token: string,
  rows: Row[],
) {
  const name = 'inquiries, both searches, a new request each second';
  if (!want(name)) return;
  const requests = INBOX_SEARCHES.map(([, url]) => ({
    path: url,
    headers: { authorization: `Bearer ${token}` },
  }));
  let serial = 0;
  const posting = setInterval(() => {
    serial += 1;
    void api('POST', '/api/inquiries', undefined, {
      name: `Bench writer ${serial}`,
      email: `bench.writer${serial}@example.com`,
      subject: 'Quote while searching',
      message: 'A request while staff search the inbox.',
    }).catch(() => {});
  }, 1000);
  try {
    rows.push(
      await load(name, 10, () => choose(requests), child, { note: 'pages kept; a request each second' }),
    );
  } finally {
    clearInterval(posting);
  }
}

/** The option lists and the shop's list pages, as visitors load them. */
async function measureVisitorReads(want: (name: string) => boolean, child: ChildProcess, rows: Row[]) {
  // What visitors load without a token: the option lists (cached, with ETags) as a page full of
  // selects asks for them, and the shop's list pages, which read the catalogue on each request.
  const rootCategory: string = (await (await api('GET', '/api/public/categories?flat=1')).json()).data[0]
    .slug;
  const visitorReads: [string, number, string][] = [
    ['public categories, flat (all)', 50, '/api/public/categories?flat=1'],
    ['public brands (1000)', 50, '/api/public/brands?limit=1000'],
    ['shop list, first page', 10, '/shop'],
    ['shop list, search "drill"', 10, '/shop?q=drill'],
    ['shop list, a category and below', 10, `/shop?category=${rootCategory}`],
    ['shop list, deep page (2000)', 10, '/shop?page=2000'],
  ];
  for (const [name, connections, url] of visitorReads) {
    if (!want(name)) continue;
    const pick = () => ({ path: url });
    await load(name, connections, pick, child, { seconds: 1, quiet: true });
    rows.push(await load(name, connections, pick, child));
  }
}

/** The rows whose names start with this (`--only "pricing:"` runs just them). */
const PRICING_ROW = 'pricing: ';

/**
 * What a customer pays, for a customer holding two lists of 100,000 rows (bench/customer-prices.ts):
 * a 24-line quote priced at once for staff, and the signed-in buyer's own prices for 24 variants.
 */
async function measureCustomerPrices(
  want: (name: string) => boolean,
  child: ChildProcess,
  token: string,
  rows: Row[],
) {
  const quoteRow = `${PRICING_ROW}a 24-line quote, two 100,000-row lists`;
  const accountRow = `${PRICING_ROW}a buyer's own prices, 24 variants`;
  if (!want(quoteRow) && !want(accountRow)) return;
  const { quote, account } = await customerPricesRequests(api, token, variants > 1, console.log);
  for (const [name, pick] of [
    [quoteRow, quote],
    [accountRow, account],
  ] as const) {
    if (!want(name)) continue;
    await load(name, 10, pick, child, { seconds: 1, quiet: true });
    rows.push(await load(name, 10, pick, child));
  }
}

/** The catalogue's long tasks (bench/catalogue-work.ts), timed one by one. */
async function measureCatalogueWork(child: ChildProcess, token: string) {
  const call = async (method: string, url: string, init: { body?: unknown; form?: FormData } = {}) => {
    const res = await fetch(`http://127.0.0.1:${PORT}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
      body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res;
  };
  return catalogueWork(call, child.pid, (r) =>
    console.log(`  ${r.task}: ${r.seconds} s, ${r.rows} rows, peak RSS ${r.peakRssMb} MB`),
  );
}

/** Staff at work: mostly lists and product pages, one request in ten a write. */
async function mixedStaffWorkload(
  lists: [string, string][],
  slugs: string[],
  staff: Record<string, string>,
  token: string,
) {
  const bundle = bundlePick(slugs);
  const ids: number[] = (await (await api('GET', '/api/products?limit=100', token)).json()).data.map(
    (p: { id: number }) => p.id,
  );
  const json = { ...staff, 'content-type': 'application/json' };
  let serial = 0;
  const mixed = (): Request => {
    const r = Math.random();
    if (r < 0.3) return choose(lists.map(([, url]) => ({ path: url, headers: staff })));
    if (r < 0.75) return bundle();
    if (r < 0.85)
      return { path: `/api/products?limit=20&q=${choose(['lamp', 'saw', 'kettle'])}`, headers: staff };
    if (r < 0.93) {
      serial += 1;
      return {
        method: 'POST',
        path: '/api/inquiries',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Bench ${serial}`,
          email: `bench${serial}@example.com`,
          subject: 'Quote',
          message: 'Load test',
        }),
      };
    }
    const id = choose(ids);
    return {
      method: 'POST',
      path: `/api/products/${id}/lists`,
      headers: json,
      body: JSON.stringify({
        title: `Bench list ${++serial}`,
        items: [{ caption: 'One' }, { caption: 'Two' }],
      }),
    };
  };
  return mixed;
}

/** The change log's costs (bench/history-work.ts), each on a server restarted for it. */
async function measureHistory(kind: 'pg' | 'pglite'): Promise<Row[]> {
  let current: ChildProcess | undefined;
  const restart = async (env: Record<string, string> = {}) => {
    if (current) await stop(current);
    current = (await startServer(kind, env)).child;
    const login = await (await api('POST', '/api/auth/login', undefined, ADMIN)).json();
    return { pid: current.pid, token: login.token as string };
  };
  const rows = await historyWork({
    pgUrl,
    restart,
    vacuum,
    log: console.log,
    load: (name, connections, pick, pid, seconds) =>
      load(name, connections, pick, undefined, { seconds, quiet: name === 'warm' }).then((row) => ({
        ...row,
        rssMb: rssMb(pid),
      })),
  });
  if (current) await stop(current);
  return rows;
}

/**
 * One process against several on one PostgreSQL: every process is started and kept up, and each
 * round measures the load sent to the first alone, then split evenly across all of them (as a
 * balancer would), with the same number of connections. Rows report medians over the rounds.
 */
async function runProcesses(count: number): Promise<Row[]> {
  console.log(`\n## PostgreSQL, one process against ${count}`);
  await ensureSeeded('pg');
  ensureAdmin('pg');
  const ports = Array.from({ length: count }, (_, i) => String(PORT + i));
  // Every process must accept the others' tokens.
  const shared = { JWT_SECRET: 'bench-several-processes-secret-0123456789' };
  const rows: Row[] = [];
  for (const cache of ['0', '5000']) {
    const servers: { child: ChildProcess; readyMs: number }[] = [];
    for (const port of ports)
      servers.push(await startServer('pg', { ...shared, PORT: port, BUNDLE_CACHE_ENTRIES: cache }));
    const token: string = (await (await api('POST', '/api/auth/login', undefined, ADMIN)).json()).token;
    const slugs: string[] = (await (await api('GET', '/api/public/products?limit=1000')).json()).data.map(
      (p: { slug: string }) => p.slug,
    );
    const bundle = () => ({ path: `/api/public/products/slug/${choose(slugs)}/bundle` });
    const list = () => ({ path: '/api/products?limit=20', headers: { authorization: `Bearer ${token}` } });
    const scenarios: [string, number, () => Request][] =
      cache === '0'
        ? [['bundle, uncached (1000 products)', 50, bundle]]
        : [
            ['bundle, cached (1000 products)', 50, bundle],
            ['products, first page', 10, list],
          ];
    for (const [name, connections, pick] of scenarios) {
      /** The load split evenly over the first `over` processes; their figures added up. */
      const split = async (over: number, seconds: number): Promise<Row> => {
        const parts = await Promise.all(
          servers.slice(0, over).map((server, i) =>
            load(name, Math.round(connections / over), pick, server.child, {
              port: PORT + i,
              seconds,
              quiet: true,
            }),
          ),
        );
        return {
          scenario: `${name}, ${over} process${over > 1 ? 'es' : ''}`,
          connections,
          rps: parts.reduce((sum, r) => sum + r.rps, 0),
          p50: Math.max(...parts.map((r) => r.p50)),
          p99: Math.max(...parts.map((r) => r.p99)),
          errors: parts.reduce((sum, r) => sum + r.errors, 0),
          rssMb: parts.reduce((sum, r) => sum + r.rssMb, 0),
        };
      };
      // Not counted: warms every process's JIT, pool and (when on) cache.
      await split(count, 2);
      const runs: Row[][] = [[], []];
      for (let round = 0; round < rounds; round++)
        for (const i of roundOrder(2, round)) runs[i].push(await split(i === 0 ? 1 : count, roundSeconds));
      for (const folded of runs.map((r) => ({ ...foldRuns(r), note: `median of ${rounds} rounds` }))) {
        logRow(folded);
        rows.push(folded);
      }
    }
    for (const server of servers) await stop(server.child);
  }
  return rows;
}

/** The several-processes table: each scenario with one process, then with all of them. */
function processesTable(rows: Row[]) {
  return [
    '| scenario | conns | req/s | p50 ms (worst process) | p99 ms (worst process) | errors | RSS MB (all processes) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} (${r.note}) | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.rssMb} |`,
    ),
  ].join('\n');
}

function table(rows: Row[]) {
  const ceiling = rows[0]?.rps ?? 1;
  const lines = [
    '| scenario | conns | req/s | % of ceiling | p50 ms | p99 ms | errors | server RSS MB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario}${r.note ? ` (${r.note})` : ''}${r.ofBundle === undefined ? '' : ` (${Math.round(r.ofBundle * 100)} % of the cached bundle)`} | ${r.connections} | ${r.rps} | ${Math.round((r.ofCeiling ?? r.rps / ceiling) * 100)} % | ${r.p50} | ${r.p99} | ${r.errors} | ${r.rssMb} |`,
    ),
  ];
  return lines.join('\n');
}

const kinds: ('pg' | 'pglite')[] = dbChoice === 'both' ? ['pg', 'pglite'] : [dbChoice as 'pg' | 'pglite'];
mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
let failed = false;
if (processes > 1) {
  // An embedded database belongs to one process, so several run on PostgreSQL only.
  const rows = await runProcesses(processes);
  console.log(`\n${processesTable(rows)}`);
  writeFileSync(
    path.join(root, 'bench', 'results', `pg-${processes}-processes.json`),
    `${JSON.stringify({ date: new Date().toISOString(), products, processes, roundSeconds, rounds, rows }, null, 2)}\n`,
  );
  if (rows.some((r) => r.errors > 0)) failed = true;
}
for (const kind of processes > 1 ? [] : kinds) {
  const { rows, work, startup, search, webhooks, backup } = await runFor(kind);
  console.log(
    `\n${table(rows)}\n\n${work.length ? `${workTable(work)}\n\n` : ''}ready in ${startup.readyMs} ms; RSS after the mixed workload ${startup.rssAfterMixedMb} MB`,
  );
  writeFileSync(
    path.join(root, 'bench', 'results', `${kind}.json`),
    `${JSON.stringify({ date: new Date().toISOString(), products, duration, serverDir, startup, rows, work, search, webhooks, backup }, null, 2)}\n`,
  );
  if (rows.some((r) => r.errors > 0) || (backup && backup.errors > 0)) failed = true;
  if (webhooks && (webhooks.events < webhooks.updates || webhooks.outOfOrder > 0)) failed = true;
}
if (failed) {
  console.error('Some requests failed: see the errors column.');
  process.exit(1);
}
