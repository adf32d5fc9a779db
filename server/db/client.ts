import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** The handle a db.transaction callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; max?: number }
  /** dataDir null keeps the embedded database in memory (tests). */
  | { kind: 'pglite'; dataDir: string | null };

const workerPath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-worker.mjs');

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.max ?? 10 });
    // An idle client's error (server restart) must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    await pool.query('select 1');
    return { db: drizzle(pool, { schema }), pool, kind: 'postgres', close: () => pool.end() };
  }
  const { worker, port } = await startPgliteWorker(opts.dataDir);
  // One client, never dropped when idle: a reconnect races the worker's teardown of the old
  // socket, and PGlite has only one session to give.
  const pool = new pg.Pool({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    // Code that asks the pool for a second connection inside a transaction would wait forever
    // here (PostgreSQL's larger pool hides it); fail loudly instead.
    connectionTimeoutMillis: 15_000,
  });
  pool.on('error', () => {});
  return {
    db: drizzle(pool, { schema }),
    pool,
    kind: 'pglite',
    async close() {
      await pool.end();
      await stopPgliteWorker(worker);
    },
  };
}

function startPgliteWorker(dataDir: string | null): Promise<{ worker: Worker; port: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerPath, { workerData: { dataDir } });
    const onError = (err: Error) => reject(new Error(`Embedded database failed to start: ${err.message}`));
    worker.once('error', onError);
    worker.once('message', (msg: { type: string; port: number }) => {
      worker.off('error', onError);
      if (msg.type === 'ready') resolve({ worker, port: msg.port });
    });
  });
}

function stopPgliteWorker(worker: Worker): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 10_000);
    worker.once('message', () => {
      clearTimeout(timer);
      void worker.terminate().then(() => resolve());
    });
    worker.postMessage({ type: 'close' });
  });
}
