// Starts the real server for the browser tests on a fresh embedded database, with the first
// admin from e2e/env.ts. Builds the web app first if needed.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, '.tmp', `e2e-data-${process.env.E2E_PORT ?? '3210'}`);
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// The seller's details on the customer's quote page and in its PDF, with a logo (shelves on a
// square) drawn here, so the browser tests see them all.
const logoFile = path.join(dataDir, 'logo.png');
const { default: sharp } = await import('sharp');
await sharp(
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="144" height="48" viewBox="0 0 144 48">
    <rect width="48" height="48" rx="10" fill="#1c7ed6"/>
    <rect x="10" y="12" width="28" height="5" rx="2" fill="#fff"/>
    <rect x="10" y="22" width="28" height="5" rx="2" fill="#fff"/>
    <rect x="10" y="32" width="28" height="5" rx="2" fill="#fff"/>
    <rect x="58" y="14" width="76" height="8" rx="4" fill="#1c7ed6"/>
    <rect x="58" y="28" width="52" height="6" rx="3" fill="#74c0fc"/>
  </svg>`),
)
  .png()
  .toFile(logoFile);

const build = spawnSync('node', ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

// What the specs cannot make through the API (a quote whose date has passed), into the fresh
// database before the server opens it.
const seed = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/e2e-seed.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
});
if (seed.status !== 0) process.exit(seed.status ?? 1);

// The server as `npm start` runs it: the bundle ensure-build just made.
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? '3210',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: 'admin@e2e.test',
    ADMIN_PASSWORD: 'e2e-admin-pass',
    LOG_LEVEL: 'warn',
    // Many quote requests come from 127.0.0.1 in a test run.
    INQUIRY_RATE_MAX: '1000',
    // A shop in two languages, as a seller in Germany runs it: the default keeps today's pages,
    // and the German ones, their search and the buyer's language on a deal are there to test.
    LOCALES: 'en,de',
    COMPANY_ADDRESS: '12 Harbour Street\nPortsmouth PO1 3AX',
    COMPANY_EMAIL: 'sales@stockroom.test',
    COMPANY_PHONE: '+44 23 9200 0199',
    COMPANY_LOGO_FILE: logoFile,
    // The webhook specs' receivers listen on loopback, which endpoints may not name otherwise.
    WEBHOOK_ALLOW_PRIVATE: '1',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
