/**
 * DATA_DIR and everything the server puts in it (the embedded database's files and write-ahead
 * log, the token secret, uploads, backups) are readable by the server's user only: every folder
 * 0700, every file 0600, on a fresh install and on an older one whose files were left readable.
 */
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { cleanUp } from './multi/cluster';
import { png } from './test/images';
import { cli, type Server, startServer } from './test/processes';

const ADMIN = { ADMIN_EMAIL: 'rest-admin@example.com', ADMIN_PASSWORD: 'rest-password-1' };
const root = mkdtempSync(path.join(tmpdir(), 'stockroom-rest-'));
let server: Server | undefined;

afterAll(() =>
  cleanUp('data at rest', [() => server?.stop(), () => rmSync(root, { recursive: true, force: true })]),
);

/** Every folder and file below `dir` (and `dir`) whose mode is not the private one. */
function notPrivate(dir: string): string[] {
  const wrong: string[] = [];
  const walk = (at: string) => {
    const stat = lstatSync(at);
    const mode = stat.mode & 0o777;
    if (stat.isDirectory()) {
      if (mode !== 0o700) wrong.push(`${path.relative(root, at)} ${mode.toString(8)}`);
      for (const name of readdirSync(at)) walk(path.join(at, name));
    } else if (mode !== 0o600) wrong.push(`${path.relative(root, at)} ${mode.toString(8)}`);
  };
  walk(dir);
  return wrong;
}

it('a new DATA_DIR, after a product with an image and a backup, holds nothing others can read', async () => {
  const dataDir = path.join(root, 'fresh');
  server = await startServer({ DATA_DIR: dataDir, ...ADMIN });
  const login = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const created = await fetch(`${server.base}/api/products`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Private drill', sku: 'REST-1', mrp: 10 }),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const form = new FormData();
  form.append('images[]', new Blob([new Uint8Array(await png('#08c', 64))], { type: 'image/png' }), 'a.png');
  const uploaded = await fetch(`${server.base}/api/products/${id}/images/batch`, {
    method: 'POST',
    headers: auth,
    body: form,
  });
  expect(uploaded.status, await uploaded.text()).toBeLessThan(300);
  const backup = await cli('backup', [], { DATA_DIR: dataDir });
  expect(backup.code, backup.out).toBe(0);

  // What there is to check: the database with its log, the secret, the image, the backup.
  const names = readdirSync(dataDir);
  expect(names).toEqual(expect.arrayContaining(['db', 'jwt-secret', 'uploads', 'backups']));
  expect(readdirSync(path.join(dataDir, 'db', 'pg_wal')).length).toBeGreaterThan(0);
  expect(readdirSync(path.join(dataDir, 'uploads')).length).toBeGreaterThan(0);
  expect(notPrivate(dataDir)).toEqual([]);
  await server.stop();
  // A stop writes the database's last files (statistics, a checkpoint).
  expect(notPrivate(dataDir)).toEqual([]);
}, 300_000);

it('an older install whose files others could read is made private at start', async () => {
  const dataDir = path.join(root, 'older');
  mkdirSync(path.join(dataDir, 'uploads'), { recursive: true });
  writeFileSync(path.join(dataDir, 'jwt-secret'), 'an-older-secret-of-enough-length-0123456789');
  writeFileSync(path.join(dataDir, 'uploads', `${'ab'.repeat(20)}.webp`), 'old image');
  for (const [file, mode] of [
    [dataDir, 0o755],
    [path.join(dataDir, 'uploads'), 0o777],
    [path.join(dataDir, 'jwt-secret'), 0o644],
    [path.join(dataDir, 'uploads', `${'ab'.repeat(20)}.webp`), 0o666],
  ] as const)
    chmodSync(file, mode);
  server = await startServer({ DATA_DIR: dataDir, ...ADMIN });
  expect(notPrivate(dataDir)).toEqual([]);
  await server.stop();
}, 300_000);
