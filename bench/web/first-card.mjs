#!/usr/bin/env node
// Time until the Products list shows its first card on the seeded catalogue, in Chromium.
//
// Seeds a catalogue of its own (npm run seed:large) once and keeps it for later runs:
//   PostgreSQL (default): database stockroom_bench_web_<N> on BENCH_PG_URL
//     (postgres://postgres@127.0.0.1:5432/postgres), uploads in .tmp/bench-web-pg-<N>;
//   --db pglite: the embedded database in .tmp/bench-web-pglite-<N> (seeding takes about a minute).
// Then starts the server (built web app) on a free port, puts a session into localStorage as the
// app does (user_token, userData) and opens /products:
//   cold: a new browser context each time (empty HTTP cache, nothing loaded yet);
//   warm: a reload in the same context (scripts, styles and thumbnails cached; the list is fetched
//   again, since a reload starts the app afresh).
// The time is from navigation start to the first product card in the DOM with a size (visible),
// taken in the page by a MutationObserver; the first card's thumbnail loaded is reported too, and
// the /api/products request's own duration from Resource Timing.
//
// Usage: node bench/web/first-card.mjs [--db pg|pglite] [--products 100000] [--runs 5] [--fresh] [--json]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import pg from 'pg';
import { CHROMIUM_LAUNCH } from '../../scripts/chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pg' },
    products: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '5' },
    fresh: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
  },
});
const products = Number(values.products);
const runs = Number(values.runs);
if (!['pg', 'pglite'].includes(values.db) || !(products >= 1) || !(runs >= 1)) {
  console.error(
    'Usage: node bench/web/first-card.mjs [--db pg|pglite] [--products 100000] [--runs 5] [--fresh]',
  );
  process.exit(2);
}

const ADMIN = { email: 'bench@stockroom.test', password: 'bench-admin-pass' };
const log = (...args) => {
  if (!values.json) console.log(...args);
};

// --- the catalogue -------------------------------------------------------------------------------
const dataDir = path.join(root, '.tmp', `bench-web-${values.db}-${products}`);
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;
if (values.db === 'pg') {
  const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `stockroom_bench_web_${products}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount > 0;
  let seeded = false;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  if (exists && !values.fresh) {
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    seeded = await db
      .query('select count(*)::int as n from products')
      .then((r) => r.rows[0].n >= products)
      .catch(() => false);
    await db.end();
  }
  if (!seeded || !existsSync(path.join(dataDir, 'uploads'))) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  await admin.end();
  env.DATABASE_URL = url.toString();
  if (!seeded) seed();
  else log(`Reusing the seeded PostgreSQL database ${name} (--fresh to seed again).`);
} else {
  const marker = path.join(dataDir, 'db');
  if (values.fresh || !existsSync(marker)) {
    rmSync(dataDir, { recursive: true, force: true });
    seed();
  } else log(`Reusing the seeded embedded database in ${dataDir} (--fresh to seed again).`);
}

function seed() {
  mkdirSync(dataDir, { recursive: true });
  log(`Seeding ${products} products (${values.db})...`);
  const t0 = Date.now();
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'server/cli/seed-large.ts', '--products', String(products)],
    { cwd: root, env, stdio: values.json ? 'ignore' : 'inherit' },
  );
  if (res.status !== 0) throw new Error('seed:large failed');
  log(`Seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
}

// --- the server ----------------------------------------------------------------------------------
const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('the web build failed');

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = probe.address();
    probe.close(() => resolve(p));
  });
});
const baseURL = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.mjs'], {
  cwd: root,
  env: {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stopServer = () => {
  if (server.exitCode === null) server.kill('SIGTERM');
};
process.on('exit', stopServer);

let browser;
try {
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {}
    if (Date.now() - started > 120_000) throw new Error('the server did not start in 2 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }

  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { token, user } = await login.json();
  const userData = { id: user.id, username: user.name, email: user.email, role: user.role };

  browser = await chromium.launch(CHROMIUM_LAUNCH);

  const newContext = async () => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    // The session as the app stores it, and an observer that notes when the first card shows.
    await context.addInitScript(
      ([t, u]) => {
        localStorage.setItem('user_token', t);
        localStorage.setItem('userData', u);
        window.__firstCard = null;
        window.__firstImage = null;
        const check = () => {
          const card = document.querySelector('[data-testid="product-card"]');
          if (!card) return;
          const box = card.getBoundingClientRect();
          if (window.__firstCard === null && box.width > 0 && box.height > 0) {
            window.__firstCard = performance.now();
          }
          const img = card.querySelector('img');
          if (window.__firstImage === null && img?.complete && img.naturalWidth > 0) {
            window.__firstImage = performance.now();
          }
          if (window.__firstCard !== null && window.__firstImage !== null) observer.disconnect();
        };
        const observer = new MutationObserver(check);
        observer.observe(document, { childList: true, subtree: true, attributes: true });
        document.addEventListener('load', check, true);
      },
      [token, JSON.stringify(userData)],
    );
    return context;
  };

  const measure = async (page, open) => {
    await open();
    await page.getByTestId('product-card').first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForFunction(() => window.__firstImage !== null, null, { timeout: 60_000 });
    return page.evaluate(() => {
      const api = performance
        .getEntriesByType('resource')
        .find((e) => new URL(e.name).pathname === '/api/products');
      return { card: window.__firstCard, image: window.__firstImage, api: api ? api.duration : null };
    });
  };

  // One unmeasured load first: the server's first queries warm its caches and the database's.
  {
    const context = await newContext();
    const page = await context.newPage();
    await measure(page, () => page.goto('/products'));
    await context.close();
  }

  const cold = [];
  const warm = [];
  for (let i = 0; i < runs; i++) {
    const context = await newContext();
    const page = await context.newPage();
    cold.push(await measure(page, () => page.goto('/products')));
    warm.push(await measure(page, () => page.reload()));
    await context.close();
  }

  const stats = (xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return { median: Math.round(sorted[Math.floor(sorted.length / 2)]), max: Math.round(sorted.at(-1)) };
  };
  const summary = (samples) => ({
    firstCardMs: stats(samples.map((s) => s.card)),
    firstThumbnailMs: stats(samples.map((s) => s.image)),
    apiProductsMs: stats(samples.map((s) => s.api ?? 0)),
  });
  const result = { db: values.db, products, runs, cold: summary(cold), warm: summary(warm) };
  if (values.json) console.log(JSON.stringify(result));
  else {
    console.log(
      `\nProducts list, first card visible, ${products} products on ${values.db}, ${runs} runs each:`,
    );
    for (const kind of ['cold', 'warm']) {
      const r = result[kind];
      console.log(
        `  ${kind}: first card median ${r.firstCardMs.median} ms (max ${r.firstCardMs.max}); ` +
          `first thumbnail ${r.firstThumbnailMs.median} ms (max ${r.firstThumbnailMs.max}); ` +
          `GET /api/products ${r.apiProductsMs.median} ms (max ${r.apiProductsMs.max})`,
      );
    }
  }
} finally {
  await browser?.close();
  stopServer();
}
