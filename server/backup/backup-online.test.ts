/**
 * A backup of a running embedded server does not stop it: while `npm run backup` dumps a database
 * that takes seconds to dump, the server's requests (reads and writes) keep answering within a
 * bound far below the backup's own time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { openConfiguredDatabase } from '../main';
import { cleanUp, sleep } from '../multi/cluster';
import { cli, type Server, startServer } from '../test/processes';

/** The longest any request may wait while the backup runs. */
const BOUND_MS = 2_000;
const ADMIN = { ADMIN_EMAIL: 'backup-admin@example.com', ADMIN_PASSWORD: 'backup-password-1' };

const root = mkdtempSync(path.join(tmpdir(), 'stockroom-online-'));
const dataDir = path.join(root, 'data');
let server: Server | undefined;

beforeAll(async () => {
  const config = loadConfig({ DATA_DIR: dataDir });
  const database = await openConfiguredDatabase(config, 1);
  try {
    await runMigrations(database);
    // Ballast, far quicker to write than as many products: the dump takes seconds.
    await database.pool.query(
      `create table ballast as select g as id, repeat(md5(g::text), 16) as body from generate_series(1, 200000) g`,
    );
  } finally {
    await database.close();
  }
}, 180_000);

afterAll(() =>
  cleanUp('online backup', [() => server?.stop(), () => rmSync(root, { recursive: true, force: true })]),
);

it('requests answer within the bound while a running embedded server is backed up', async () => {
  server = await startServer({ DATA_DIR: dataDir, ...ADMIN });
  const { base } = server;
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  let running = true;
  let backingUp = false;
  const waits: number[] = [];
  const statuses = new Set<number>();
  const probe = (async () => {
    for (let i = 0; running; i++) {
      const during = backingUp;
      const started = performance.now();
      const res =
        i % 2
          ? await fetch(`${base}/api/products?limit=20&page=${1 + (i % 50)}`, { headers })
          : await fetch(`${base}/api/products`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ name: `During backup ${i}`, sku: `ONLINE-${i}`, mrp: 10 }),
            });
      await res.arrayBuffer();
      statuses.add(res.status);
      // Only requests sent while the backup runs: the first ones after a start warm the server up.
      if (during) waits.push(performance.now() - started);
    }
  })();

  await sleep(2_000);
  backingUp = true;
  const started = performance.now();
  const backup = await cli('backup', ['--out', path.join(root, 'online.tar.gz')], { DATA_DIR: dataDir });
  const took = performance.now() - started;
  running = false;
  await probe;

  expect(backup.code, backup.out).toBe(0);
  // The backup lasts well beyond the bound, so a server that waited for it would show.
  expect(took).toBeGreaterThan(3 * BOUND_MS);
  expect(waits.length).toBeGreaterThan(10);
  expect([...statuses].sort()).toEqual([200, 201]);
  expect(Math.max(...waits)).toBeLessThan(BOUND_MS);
}, 240_000);
