// Starts the real server for the browser tests on a fresh embedded database, with the first
// admin from e2e/env.ts. Builds the web app first if needed.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, '.tmp', `e2e-data-${process.env.E2E_PORT ?? '3210'}`);
rmSync(dataDir, { recursive: true, force: true });

const build = spawnSync('node', ['scripts/ensure-build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

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
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
