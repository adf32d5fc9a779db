// The README's quick start, run as a user would: `npm start` on a fresh data directory (building
// what is missing), then a sign-in, the staff app, the shop and an API list through real HTTP,
// and a clean stop on SIGTERM. CI runs it with each supported Node version first on PATH.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'stockroom-smoke-'));
const admin = { email: 'smoke@example.com', password: 'smoke-test-password' };

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
console.log(`Smoke test on Node ${process.version}: npm start on port ${port}`);

// Its own process group, so the stop reaches npm's child (the server) too.
const server = spawn('npm', ['start'], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
  },
});
const exited = new Promise((resolve) => server.on('exit', (code, signal) => resolve({ code, signal })));

function fail(message) {
  console.error(`Smoke test failed: ${message}`);
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {}
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}

async function expectOk(url, init, check) {
  const response = await fetch(`${base}${url}`, init);
  if (!response.ok) fail(`${url} answered ${response.status}`);
  const body = await response.text();
  if (check && !check(body, response)) fail(`${url} did not answer what it should: ${body.slice(0, 200)}`);
  return body;
}

// A first start builds the web app and the server: give it minutes.
const deadline = Date.now() + 300_000;
for (;;) {
  const state = await Promise.race([exited, new Promise((r) => setTimeout(() => r(null), 500))]);
  if (state) fail(`npm start exited before serving (${JSON.stringify(state)})`);
  const up = await fetch(`${base}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (Date.now() > deadline) fail('the server did not answer /healthz within 5 minutes');
}

await expectOk('/', undefined, (body) => body.includes('<div id="root">'));
await expectOk('/shop', undefined, (body) => body.includes('<html'));
const login = JSON.parse(
  await expectOk('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  }),
);
const { token } = login;
if (typeof token !== 'string') fail('the sign-in answered no token');
await expectOk('/api/products?page=1&limit=10', { headers: { authorization: `Bearer ${token}` } }, (body) =>
  Array.isArray(JSON.parse(body).data),
);

process.kill(-server.pid, 'SIGTERM');
const stop = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 20_000))]);
if (stop === 'timeout') fail('the server did not stop within 20 s of SIGTERM');
rmSync(dataDir, { recursive: true, force: true });
console.log(
  `Smoke test passed on Node ${process.version}: built, served the app, the shop and the API, stopped`,
);
