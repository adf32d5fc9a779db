#!/usr/bin/env node
// The production bundle's JavaScript per route, gzip-compressed, with its budget:
//   - the login route (the first thing anyone loads): entry + its static imports + the login route
//     chunk and its static imports, at most 200 kB gzip in all;
//   - every other route: each chunk it loads beyond what the entry already loaded (its own route
//     chunk, the shared chunks it pulls in, and the chunks it loads lazily, e.g. the dashboard's
//     chart) at most 120 kB gzip;
//   - the visitors' shop (/shop pages, server-rendered; its own entry, web/shop/shop.ts): everything
//     a shop page loads, its script, the chunks it imports and its CSS, at most 80 kB gzip in all.
// Reads Vite's build manifest (build.manifest in vite.config.ts), prints a table and exits 1 when
// a budget is exceeded, so `npm run build` (and CI) fails on an over-budget bundle.
//
// Usage: node bench/web/bundle-budget.mjs [dist/web] [--json]
// kB = 1000 bytes, as Vite prints them; gzip level 9.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET = { loginTotal: 200_000, routeChunk: 120_000, shopTotal: 80_000 };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);
const distDir = path.resolve(root, args.find((a) => !a.startsWith('--')) ?? 'dist/web');
const asJson = args.includes('--json');

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
} catch (error) {
  console.error(
    `bundle-budget: no build manifest in ${distDir}/.vite (run vite build first): ${error.message}`,
  );
  process.exit(2);
}

const gzipCache = new Map();
/** Gzip size of one emitted file, in bytes. */
function gz(file) {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
  }
  return gzipCache.get(file);
}

/** The manifest keys a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

/** Everything a chunk may load later: its dynamic imports' closures, transitively, minus `except`. */
function lazyClosure(keys, except, routeKeys) {
  const out = new Set();
  const queue = [...keys];
  while (queue.length) {
    const key = queue.shift();
    for (const dyn of manifest[key]?.dynamicImports ?? []) {
      if (routeKeys.has(dyn)) continue; // another route, counted on its own row
      for (const k of staticClosure(dyn)) {
        if (except.has(k) || out.has(k)) continue;
        out.add(k);
        queue.push(k);
      }
    }
  }
  return out;
}

const jsFiles = (keys) => [
  ...new Set([...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'))),
];
const cssFiles = (keys) => [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
const sum = (files) => files.reduce((n, f) => n + gz(f), 0);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

// Two entries (vite.config.ts): the staff SPA, from index.html, and the shop's script.
const SHOP_ENTRY = 'shop/shop.ts';
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('.html'));
if (!entryKey) {
  console.error("bundle-budget: the manifest has no entry chunk for the SPA's index.html");
  process.exit(2);
}
if (!manifest[SHOP_ENTRY]?.isEntry) {
  console.error(`bundle-budget: the manifest has no shop entry (${SHOP_ENTRY})`);
  process.exit(2);
}
// Route modules: what the router imports lazily (web/router.tsx): the pages, e.g.
// pages/login/LoginPage.tsx (named by their folder), and the signed-in shell, shell/AppLayout.tsx.
const routeKeys = new Set(manifest[entryKey].dynamicImports ?? []);
const routeName = (key) =>
  /(^|\/)pages\//.test(key) ? key.split('/').at(-2) : path.basename(key).replace(/\.[jt]sx?$/, '');
if (![...routeKeys].some((k) => routeName(k) === 'login')) {
  console.error("bundle-budget: no login route among the entry's lazy imports");
  process.exit(2);
}

const entry = staticClosure(entryKey);
const rows = [];
const failures = [];
for (const key of [...routeKeys].sort()) {
  const route = routeName(key);
  const own = [...staticClosure(key)].filter((k) => !entry.has(k));
  const lazy = [...lazyClosure([key, ...own], new Set([...entry, ...own]), routeKeys)];
  const ownFiles = jsFiles(own);
  const lazyFiles = jsFiles(lazy);
  const largest = [...ownFiles, ...lazyFiles].sort((a, b) => gz(b) - gz(a))[0];
  const row = {
    route,
    routeChunk: gz(manifest[key].file),
    own: sum(ownFiles),
    ownChunks: ownFiles.length,
    lazy: sum(lazyFiles),
    largestFile: largest,
    largest: largest ? gz(largest) : 0,
  };
  if (route === 'login') {
    const loginFiles = jsFiles(new Set([...entry, ...own]));
    row.total = sum(loginFiles);
    row.totalChunks = loginFiles.length;
    row.css = sum(cssFiles(new Set([...entry, ...own])));
    if (row.total > BUDGET.loginTotal) {
      failures.push(
        `login route JavaScript is ${kb(row.total)} gzip, over the ${kb(BUDGET.loginTotal)} budget`,
      );
    }
  }
  for (const file of [...ownFiles, ...lazyFiles]) {
    if (gz(file) > BUDGET.routeChunk && route !== 'login') {
      failures.push(
        `${route}: chunk ${file} is ${kb(gz(file))} gzip, over the ${kb(BUDGET.routeChunk)} budget`,
      );
    }
  }
  rows.push(row);
}
const entryJs = sum(jsFiles(entry));

// The shop page loads its entry and what it imports, never a lazy chunk, and its CSS.
const shopKeys = staticClosure(SHOP_ENTRY);
const shopJsFiles = jsFiles(shopKeys);
const shopCssFiles = cssFiles(shopKeys);
const shop = {
  js: sum(shopJsFiles),
  css: sum(shopCssFiles),
  files: shopJsFiles.length + shopCssFiles.length,
  // A shop page must never pull in the staff app (React, Mantine, the router).
  staffChunks: [...shopKeys].filter((k) => k !== SHOP_ENTRY && /react|mantine|index/i.test(manifest[k].file)),
};
shop.total = shop.js + shop.css;
if (shop.total > BUDGET.shopTotal) {
  failures.push(`shop pages load ${kb(shop.total)} gzip, over the ${kb(BUDGET.shopTotal)} budget`);
}
if (shop.staffChunks.length > 0) {
  failures.push(`the shop's script imports staff app chunks: ${shop.staffChunks.join(', ')}`);
}

if (asJson) {
  console.log(JSON.stringify({ entry: entryJs, rows, shop, failures, budget: BUDGET }, null, 2));
} else {
  const login = rows.find((r) => r.route === 'login');
  console.log(
    `\nJavaScript per route, gzip (kB = 1000 bytes; budget: login ${kb(BUDGET.loginTotal)} in all, other routes ${kb(BUDGET.routeChunk)} per chunk)`,
  );
  console.log(
    `entry + static imports: ${kb(entryJs)}; login route in all: ${kb(login.total)} in ${login.totalChunks} files (+ ${kb(login.css)} CSS)\n`,
  );
  const head = ['route', 'route chunk', 'own (static)', 'lazy', 'largest chunk'];
  const body = rows.map((r) => [
    r.route,
    kb(r.routeChunk),
    `${kb(r.own)} / ${r.ownChunks}`,
    r.lazy ? kb(r.lazy) : '-',
    r.largestFile ? `${kb(r.largest)} ${path.basename(r.largestFile)}` : '-',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
  console.log(
    '\nown (static): chunks the route loads beyond the entry, total / count; lazy: loaded later by the route.',
  );
  console.log(
    `\nshop: at most ${kb(BUDGET.shopTotal)} gzip: ${kb(shop.total)} (${kb(shop.js)} JavaScript + ${kb(shop.css)} CSS, ${shop.files} files)`,
  );
}

if (failures.length) {
  for (const f of failures) console.error(`OVER BUDGET: ${f}`);
  process.exit(1);
}
if (!asJson) console.log('Bundle budget: OK');
