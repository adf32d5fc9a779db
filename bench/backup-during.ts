import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

/** Clients that keep asking the server while the backup runs, each one request after another. */
const CLIENTS = 4;

export type BackupResult = {
  /** The backup command's own time, from its start to its exit. */
  seconds: number;
  requests: number;
  /** The slowest request sent while the backup ran, and the 99th percentile. */
  slowestMs: number;
  p99Ms: number;
  errors: number;
};

/**
 * `npm run backup` against the running server while CLIENTS clients read and write through it
 * (a staff products page, a shop product's bundle and a new product in turn): how long the backup
 * took and how long the slowest request waited meanwhile. The archive and the new products (and
 * the trash) are emptied after.
 */
export async function backupUnderLoad(opts: {
  cwd: string;
  env: NodeJS.ProcessEnv;
  base: string;
  token: string;
  slugs: string[];
  out: string;
}): Promise<BackupResult> {
  const auth = { authorization: `Bearer ${opts.token}` };
  const requests = [
    () => fetch(`${opts.base}/api/products?limit=20`, { headers: auth }),
    () =>
      fetch(
        `${opts.base}/api/public/products/slug/${opts.slugs[Math.floor(Math.random() * opts.slugs.length)]}/bundle`,
      ),
    async () => {
      const res = await fetch(`${opts.base}/api/products`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Made during a backup',
          // Numbered as sent: four clients may send in the same millisecond before any is created.
          sku: `BENCH-BACKUP-${Date.now()}-${++sent}`,
          mrp: 10,
        }),
      });
      if (res.status === 201) created.push(((await res.clone().json()) as { id: number }).id);
      return res;
    },
  ];
  const created: number[] = [];
  let sent = 0;
  let running = true;
  const waits: number[] = [];
  let errors = 0;
  const client = async (offset: number) => {
    for (let i = offset; running; i++) {
      const started = performance.now();
      const res = await requests[i % requests.length]().catch(() => null);
      await res?.arrayBuffer();
      waits.push(performance.now() - started);
      if (!res || res.status >= 400) errors++;
    }
  };
  const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));
  const started = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/backup.ts', '--out', opts.out], {
      cwd: opts.cwd,
      env: opts.env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', resolve);
  });
  const seconds = (performance.now() - started) / 1000;
  running = false;
  await Promise.all(clients);
  rmSync(opts.out, { force: true });
  rmSync(path.join(path.dirname(opts.out), `${path.basename(opts.out)}.partial`), { force: true });
  for (const id of created)
    await fetch(`${opts.base}/api/products/${id}`, { method: 'DELETE', headers: auth });
  await fetch(`${opts.base}/api/trash`, { method: 'DELETE', headers: auth });
  if (code !== 0) throw new Error(`npm run backup exited with ${code}`);
  const sorted = [...waits].sort((a, b) => a - b);
  return {
    seconds: Math.round(seconds * 10) / 10,
    requests: waits.length,
    slowestMs: Math.round(sorted[sorted.length - 1] ?? 0),
    p99Ms: Math.round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
    errors,
  };
}
