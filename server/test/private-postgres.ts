import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL server of the test's own (never the machine's shared one), in a temporary folder on
 * a free port, so a test may stop and start it. As root, initdb and pg_ctl run as the `postgres`
 * user (initdb refuses root). `unavailable` says why it cannot run here, if it cannot.
 */
export type PrivatePostgres = {
  url: string;
  port: number;
  start(): void;
  /** fast: clients get 57P01 admin_shutdown; immediate: the server dies as in a crash. */
  stop(mode?: 'fast' | 'immediate'): void;
  destroy(): void;
};

const BIN_DIRS = [process.env.PG_BIN, '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/15/bin'];

export function privatePostgresUnavailable(): string | null {
  const bin = findBin();
  if (!bin) return 'PostgreSQL server binaries (initdb, pg_ctl) not found; set PG_BIN to their folder';
  if (process.getuid?.() === 0 && userId('postgres') === null)
    return 'running as root but there is no postgres user to run initdb as';
  return null;
}

function findBin(): string | null {
  for (const dir of BIN_DIRS) if (dir && existsSync(path.join(dir, 'initdb'))) return dir;
  return null;
}

function userId(name: string): { uid: number; gid: number } | null {
  try {
    const uid = Number(execFileSync('id', ['-u', name]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', name]).toString().trim());
    return { uid, gid };
  } catch {
    return null;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findBin();
  if (!bin) throw new Error('PostgreSQL binaries not found');
  const dir = mkdtempSync(path.join(tmpdir(), 'stockroom-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? userId('postgres') : null;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (tool: string, args: string[], timeout = 30_000) => {
    const [cmd, argv] = owner
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
    return execFileSync(cmd, argv, { cwd: dir, timeout, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=30`;
  const pg: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () =>
      void run('pg_ctl', ['start', '-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '20']),
    stop: (mode = 'fast') => void run('pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '20']),
    destroy() {
      try {
        pg.stop('immediate');
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}
