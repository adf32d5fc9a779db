/**
 * `npm run test:soak`: the real server process on a PostgreSQL database of its own,
 * under a bounded mixed load of reads and writes on loopback for SOAK_SECONDS (90 by default),
 * from SOAK_CONCURRENCY (8) client loops. It fails (exit 1) on any 5xx, connection error or
 * unexpected status; on growth of the memory that survives a full garbage collection, from the end
 * of warm-up to the end, above SOAK_RSS_GROWTH_MB (64 MB; see soak-probe.ts for why); if any write
 * is not accounted for in the database afterwards; or if image files and rows disagree.
 * The database is created and dropped here (TEST_DATABASE_URL names the server, as for test:pg).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { openDatabase } from '../db/client';
import { describeOrphans, findOrphans, isClean } from '../images/orphans';
import { freePort } from '../test/private-postgres';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 90);
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY ?? 8);
const RSS_GROWTH_LIMIT_MB = Number(process.env.SOAK_RSS_GROWTH_MB ?? 64);
const WARM_UP_SECONDS = Math.min(20, Math.max(3, Math.round(SECONDS * 0.2)));
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = path.resolve(import.meta.dirname, '../..');

type Result = { status: number | null; ms: number; body: unknown };
/** The server's memory after full collections (soak-probe.ts), in MB. */
type Memory = { rss: number; heapTotal: number; heapUsed: number; external: number; vips: number };
type Call = (method: string, url: string, body?: object | FormData) => Promise<Result>;
type Server = Awaited<ReturnType<typeof startServer>>;
type Load = Awaited<ReturnType<typeof mixedLoad>>;
type Run = Awaited<ReturnType<typeof runLoad>>;
type Account = [what: string, expected: number, actual: number];

const failures: string[] = [];
const fail = (what: string) => {
  if (failures.length < 50) failures.push(what);
};

async function main() {
  const dbName = `stockroom_soak_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stockroom-soak-'));
  let server: Server | undefined;
  try {
    server = await startServer(dbUrl.toString(), dataDir);
    await waitForHealth(server.base, server.output);
    const load = await mixedLoad(await signIn(server.base));
    const run = await runLoad(server, load);
    const gone = server.gone();
    if (gone) fail(`the server process ended during the load (${gone}):\n${server.output().slice(-3000)}`);

    server.child.kill('SIGTERM');
    const code = await server.exited;
    const output = server.output();
    server = undefined;
    if (code !== 0) fail(`server exited with ${code}:\n${output.slice(-2000)}`);
    if (/"level":(50|60)/.test(output)) fail(`server logged errors:\n${output.slice(-2000)}`);

    const accounts = await accountForWrites(dbUrl.toString(), load);
    const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString(), max: 1 });
    const orphans = await findOrphans(database.db, path.join(dataDir, 'uploads'));
    await database.close();
    if (!isClean(orphans)) fail(`image files and rows disagree:\n${describeOrphans(orphans)}`);

    // Memory. Sampled RSS is reported to show the load's shape; the check is on what survives a
    // full collection at the end of warm-up and at the end.
    const growth = run.memoryWarm && run.memoryEnd ? run.memoryEnd.rss - run.memoryWarm.rss : Number.NaN;
    if (growth > RSS_GROWTH_LIMIT_MB)
      fail(
        `RSS after a full collection grew ${growth.toFixed(1)} MB after warm-up (limit ${RSS_GROWTH_LIMIT_MB} MB)`,
      );
    console.log(
      [
        ...summary(load, run, accounts, growth),
        `  orphans: ${isClean(orphans) ? 'none' : 'FOUND'}; server exit code ${code}`,
      ].join('\n'),
    );
  } finally {
    if (server) server.child.kill('SIGKILL');
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${dbName} with (force)`);
    await dropper.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`Soak FAILED:\n${failures.map((f) => `- ${f}`).join('\n')}`);
    return 1;
  }
  console.log('Soak passed.');
  return 0;
}

/** The server process on its own port, database and data directory. */
async function startServer(dbUrl: string, dataDir: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = '';
  const probeFile = path.join(dataDir, 'memory.jsonl');
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', '--import', './server/security/soak-probe.ts', 'server/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: dbUrl,
        ADMIN_EMAIL: 'soak@example.com',
        ADMIN_PASSWORD: 'soak-pass-1',
        LOG_LEVEL: 'info',
        INQUIRY_RATE_MAX: '1000000',
        REDIS_URL: '',
        SOAK_PROBE_FILE: probeFile,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // Info level, as in production, keeping all but the per-request lines (a shutdown names its signal).
  const keep = (d: Buffer) => {
    const lines = d
      .toString()
      .split('\n')
      .filter(
        (l) => l && !l.includes('"msg":"incoming request"') && !l.includes('"msg":"request completed"'),
      );
    if (lines.length) output = `${output}${lines.join('\n')}\n`.slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let gone: string | null = null;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      gone = `code ${code}, signal ${signal}`;
      resolve(code);
    }),
  );
  return {
    child,
    base,
    pid: child.pid!,
    exited,
    output: () => output,
    /** How the process ended, or null while it runs. */
    gone: (): string | null => gone,
    collected: () => collectedMemory(child.pid!, probeFile),
  };
}

/** Asks the server for its memory after full collections (soak-probe.ts) and waits for the answer. */
async function collectedMemory(pid: number, probeFile: string): Promise<Memory | null> {
  const lines = () => (existsSync(probeFile) ? readFileSync(probeFile, 'utf8').trim().split('\n') : []);
  const before = lines().length;
  process.kill(pid, 'SIGUSR2');
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const now = lines();
    if (now.length > before) {
      const bytes = JSON.parse(now[now.length - 1]) as Memory;
      return Object.fromEntries(Object.entries(bytes).map(([k, v]) => [k, v / 2 ** 20])) as Memory;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  fail('the server did not report its memory after a collection within 15 s');
  return null;
}

/** Signs the soak's admin in: a call to the API with its token, timed, never throwing. */
async function signIn(base: string): Promise<Call> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'soak@example.com', password: 'soak-pass-1' }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };

  return async (method, url, body) => {
    const started = performance.now();
    try {
      const res = await fetch(`${base}${url}`, {
        method,
        headers:
          body instanceof FormData
            ? auth
            : { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {}
      return { status: res.status, ms: performance.now() - started, body: parsed };
    } catch (err) {
      return { status: null, ms: performance.now() - started, body: String((err as Error).cause ?? err) };
    }
  };
}

/** The load's operations and what they did, to compare with the database afterwards. */
async function mixedLoad(call: Call) {
  const tally = {
    categories: 0,
    brands: 0,
    inquiries: 0,
    productsCreated: 0,
    productsDeleted: 0,
    lists: 0,
  };
  const liveProducts = new Map<number, { slug: string; lists: number }>();
  const stats = {
    latencies: [] as number[],
    statusCounts: new Map<string, number>(),
    requests: 0,
    errors: 0,
  };
  let uniq = 0;
  const pictures = await Promise.all(
    ['#c33', '#3c3', '#33c', '#cc3'].map((c) =>
      sharp({ create: { width: 32, height: 32, channels: 3, background: c } })
        .png()
        .toBuffer(),
    ),
  );

  async function expectStatus(label: string, r: Result, expected: number) {
    stats.requests++;
    stats.latencies.push(r.ms);
    const key = r.status === null ? 'network error' : String(r.status);
    stats.statusCounts.set(key, (stats.statusCounts.get(key) ?? 0) + 1);
    if (r.status !== expected) {
      stats.errors++;
      fail(`${label}: expected ${expected}, got ${key} ${JSON.stringify(r.body).slice(0, 200)}`);
      return false;
    }
    return true;
  }

  const pickProduct = () => {
    const ids = [...liveProducts.keys()];
    return ids.length ? ids[Math.floor(Math.random() * ids.length)] : null;
  };

  /** A write to a product, or to a new category, brand or inquiry: the load's last 50 in 100. */
  async function write(roll: number, n: number) {
    if (roll < 66) {
      const r = await call('POST', '/api/products', { name: `Soak product ${n}`, mrp: 10 + (n % 90) });
      if (await expectStatus('create product', r, 201)) {
        tally.productsCreated++;
        const body = r.body as { id: number; slug: string };
        liveProducts.set(body.id, { slug: body.slug, lists: 0 });
      }
      return;
    }
    if (roll < 72) {
      const id = pickProduct();
      if (id === null) return;
      const product = liveProducts.get(id)!;
      const r = await call('POST', `/api/products/${id}/lists`, {
        title: `List ${n}`,
        items: [{ caption: 'one' }, { caption: 'two' }],
      });
      // The product may have been deleted by another loop meanwhile.
      if (r.status === 404 && !liveProducts.has(id)) return void stats.requests++;
      if (await expectStatus('create list', r, 201)) {
        product.lists++;
        tally.lists++;
      }
      return;
    }
    if (roll < 76) {
      const id = pickProduct();
      if (id === null) return;
      const r = await call('PUT', `/api/products/${id}`, {
        name: `Soak product ${n} edited`,
        pricing: { mrp: 20, discountPercent: n % 30 },
      });
      if (r.status === 404 && !liveProducts.has(id)) return void stats.requests++;
      return expectStatus('update product', r, 200);
    }
    if (roll < 80) {
      const id = pickProduct();
      if (id === null || liveProducts.size < 20) return;
      liveProducts.delete(id);
      if (await expectStatus('delete product', await call('DELETE', `/api/products/${id}`), 204))
        tally.productsDeleted++;
      return;
    }
    if (roll < 85) {
      const r = await call('POST', '/api/categories', { name: `Soak category ${n}` });
      if (await expectStatus('create category', r, 201)) tally.categories++;
      return;
    }
    if (roll < 88) {
      // A brand with a logo: images through the whole pipeline, shared files included.
      const form = new FormData();
      form.append('name', `Soak brand ${n}`);
      form.append(
        'logo',
        new Blob([new Uint8Array(pictures[n % pictures.length])], { type: 'image/png' }),
        'l.png',
      );
      const r = await call('POST', '/api/brands', form);
      if (await expectStatus('create brand', r, 201)) tally.brands++;
      return;
    }
    if (roll < 92) {
      const r = await call('POST', '/api/inquiries', {
        name: 'Soak Visitor',
        email: `visitor${n}@example.com`,
        subject: 'Quote please',
        message: 'How much for ten?',
      });
      if (await expectStatus('create inquiry', r, 201)) tally.inquiries++;
      return;
    }
    return expectStatus('list inquiries', await call('GET', '/api/inquiries'), 200);
  }

  /** One operation, chosen by weight: mostly reads, a steady share of writes. */
  async function step() {
    const roll = Math.random() * 100;
    const n = ++uniq;
    if (roll < 14) return expectStatus('list products', await call('GET', '/api/products?limit=20'), 200);
    if (roll < 24) return expectStatus('list categories', await call('GET', '/api/categories?limit=50'), 200);
    if (roll < 32) return expectStatus('list brands', await call('GET', '/api/brands'), 200);
    if (roll < 40) return expectStatus('public products', await call('GET', '/api/public/products'), 200);
    if (roll < 45) return expectStatus('dashboard', await call('GET', '/api/dashboard'), 200);
    if (roll < 50) return expectStatus('healthz', await call('GET', '/healthz'), 200);
    if (roll < 58) {
      const id = pickProduct();
      if (id === null) return;
      const slug = liveProducts.get(id)!.slug;
      return expectStatus('bundle', await call('GET', `/api/public/products/slug/${slug}/bundle`), 200);
    }
    return write(roll, n);
  }

  return { step, tally, liveProducts, stats };
}

/** CONCURRENCY loops of the load until SECONDS pass, sampling the server's memory. */
async function runLoad(server: Server, load: Load) {
  // RSS of the server process, once a second.
  const samples: { t: number; mb: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    const mb = rssMb(server.pid);
    if (mb !== null) samples.push({ t: (Date.now() - started) / 1000, mb });
  }, 1000);
  const deadline = started + SECONDS * 1000;
  // The baseline is taken under load, as the end is taken just after it: what survives a full
  // collection is the live set either way, and a handful of requests in flight is small beside it.
  const warm = new Promise((r) => setTimeout(r, WARM_UP_SECONDS * 1000)).then(() => server.collected());
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline && !server.gone()) await load.step();
    }),
  );
  clearInterval(sampler);
  const elapsed = (Date.now() - started) / 1000;
  const memoryWarm = await warm;
  const memoryEnd = server.gone() ? null : await server.collected();
  return { samples, elapsed, memoryWarm, memoryEnd };
}

/** Every write of the load, counted again in the database. */
async function accountForWrites(dbUrl: string, { tally, liveProducts }: Load): Promise<Account[]> {
  const check = new pg.Client({ connectionString: dbUrl });
  await check.connect();
  const count = async (sql: string) => Number((await check.query(sql)).rows[0].n);
  const expectedLists = [...liveProducts.values()].reduce((sum, p) => sum + p.lists, 0);
  const accounts: Account[] = [
    ['categories', tally.categories, await count('select count(*) as n from categories')],
    ['brands', tally.brands, await count('select count(*) as n from brands')],
    ['inquiries', tally.inquiries, await count('select count(*) as n from inquiries')],
    [
      'products (created - deleted)',
      tally.productsCreated - tally.productsDeleted,
      await count('select count(*) as n from products'),
    ],
    ['lists of live products', expectedLists, await count('select count(*) as n from product_lists')],
    [
      'layout blocks (2 per product + lists)',
      2 * liveProducts.size + expectedLists,
      await count('select count(*) as n from product_layout_blocks'),
    ],
  ];
  await check.end();
  for (const [what, expected, actual] of accounts)
    if (expected !== actual) fail(`${what}: the load wrote ${expected}, the database has ${actual}`);
  return accounts;
}

/** The report's lines: requests, latencies, writes and memory. */
function summary({ tally, stats }: Load, run: Run, accounts: Account[], growth: number): string[] {
  const { samples, elapsed, memoryWarm, memoryEnd } = run;
  const { requests, errors } = stats;
  const rssStart = samples[0]?.mb ?? 0;
  const rssMax = Math.max(...samples.map((s) => s.mb));
  const mb = (x: number | undefined) => (x === undefined ? '?' : x.toFixed(0));
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
  return [
    `Soak: ${elapsed.toFixed(0)} s, ${CONCURRENCY} loops, ${requests} requests (${(requests / elapsed).toFixed(0)}/s), ${errors} errors`,
    `  statuses: ${[...stats.statusCounts].map(([k, v]) => `${k}×${v}`).join(', ')}`,
    `  latency ms: p50 ${pct(50).toFixed(1)}, p95 ${pct(95).toFixed(1)}, p99 ${pct(99).toFixed(1)}, max ${pct(100).toFixed(0)}`,
    `  writes: ${tally.productsCreated} products created, ${tally.productsDeleted} deleted, ${tally.lists} lists, ${tally.categories} categories, ${tally.brands} brands with logos, ${tally.inquiries} inquiries: ${accounts.every(([, e, a]) => e === a) ? 'all accounted for' : 'MISMATCH'}`,
    `  server RSS MB sampled under load: start ${rssStart.toFixed(0)}, max ${rssMax.toFixed(0)}; every 10 s: ${samples
      .filter((s) => Math.round(s.t) % 10 === 0)
      .map((s) => s.mb.toFixed(0))
      .join(' ')}`,
    `  after a full collection, MB: growth ${growth.toFixed(1)} MB (limit ${RSS_GROWTH_LIMIT_MB} MB)`,
    ...(
      [
        ['at warm-up', memoryWarm],
        ['at the end', memoryEnd],
      ] as const
    ).map(
      ([when, m]) =>
        `    ${when}: RSS ${mb(m?.rss)}, JS heap ${mb(m?.heapUsed)} used of ${mb(m?.heapTotal)}, external ${mb(m?.external)}, libvips cache ${mb(m?.vips)}`,
    ),
  ];
}

function rssMb(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

async function waitForHealth(base: string, output: () => string) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not start:\n${output()}`);
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
