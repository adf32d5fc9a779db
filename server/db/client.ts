import { Worker } from 'node:worker_threads';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { PGLITE_WORKER } from '../paths';
import { withActor } from './actor';
import { namingStatements } from './named-statements';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** The handle a db.transaction callback receives. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a LISTEN subscriber hears: a notification, or its connection going away and coming back. */
type ChannelEvent = { type: 'notify'; payload: string } | { type: 'down' } | { type: 'up' };

export type Database = {
  db: Db;
  pool: pg.Pool;
  kind: 'pglite' | 'postgres';
  /**
   * Subscribes to a NOTIFY channel on a connection of its own (outside the pool). 'up' comes once
   * listening, 'down' when that connection is lost (notifications may then be missed), and 'up'
   * again after it reconnects. Resolves to an unsubscribe function.
   */
  listen(channel: string, onEvent: (event: ChannelEvent) => void): Promise<() => Promise<void>>;
  /**
   * The embedded database only: a consistent dump into `file`, with the row counts of the same
   * state, taken from a copy while the server goes on (server/db/pglite-dump.mjs).
   */
  dumpTo?: (file: string) => Promise<DumpStats>;
  close(): Promise<void>;
};

/** Row counts per schema-qualified table, and how many migrations were applied (the last one's `when`). */
export type DumpStats = {
  counts: Record<string, number>;
  migration: { applied: number; last: number | null } | null;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; max?: number }
  /**
   * dataDir null keeps the embedded database in memory (tests); `from`, a PGlite data-directory
   * dump (dumpDataDir), starts it from that instead of an empty cluster.
   */
  | { kind: 'pglite'; dataDir: string | null; from?: string };

/**
 * A lost connection (server restart, admin shutdown, network) must never crash the process: an
 * idle client's error reaches the pool, which drops it; a checked-out client's error, emitted
 * between two queries of a transaction, would have no listener and be thrown, so every client
 * gets one. The client is then unqueryable and the pool discards it on release; the request
 * fails with a connection error that the error handler answers with 503.
 */
function survivesConnectionLoss(pool: pg.Pool) {
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.kind === 'postgres') {
    // A server that does not answer is a 503 within seconds (server/http/errors.ts), not a hang.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.max ?? 10,
      connectionTimeoutMillis: 5_000,
    });
    survivesConnectionLoss(pool);
    await pool.query('select 1');
    return {
      db: drizzle(namingStatements(withActor(pool)), { schema }),
      pool,
      kind: 'postgres',
      listen: (channel, onEvent) => listenOnServer(opts.url, channel, onEvent),
      close: () => pool.end(),
    };
  }
  const server = await startPglite(opts.dataDir, opts.from);
  return { ...connectPglite(server.port, server.stop), dumpTo: (file) => server.dump(file) };
}

/**
 * An embedded database's worker, listening on a loopback port, apart from any connection to it:
 * the tests hand one worker to one file after another (server/test/pglite-reuse.ts).
 */
export async function startPglite(
  dataDir: string | null,
  from?: string,
): Promise<{
  port: number;
  stop: () => Promise<void>;
  /** `alone`: nothing else uses this database (opened for the dump), so it is dumped directly. */
  dump: (file: string, opts?: { alone?: boolean }) => Promise<DumpStats>;
}> {
  const { worker, port } = await startPgliteWorker(dataDir, from);
  return {
    port,
    stop: () => stopPgliteWorker(worker),
    dump: (file, opts) => dumpInWorker(worker, file, opts?.alone ?? false),
  };
}

let dumps = 0;

function dumpInWorker(worker: Worker, file: string, alone: boolean): Promise<DumpStats> {
  const id = ++dumps;
  return new Promise((resolve, reject) => {
    const onMessage = (msg: { type: string; id?: number; stats?: DumpStats; error?: string }) => {
      if (msg.type !== 'dumped' || msg.id !== id) return;
      worker.off('message', onMessage);
      if (msg.error !== undefined) reject(new Error(msg.error));
      else resolve(msg.stats as DumpStats);
    };
    worker.on('message', onMessage);
    worker.postMessage({ type: 'dump', id, file, alone });
  });
}

/** A Database over an embedded database's port; close() ends the pool, then calls `stop`. */
export function connectPglite(port: number, stop: () => Promise<void>): Database {
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
  survivesConnectionLoss(pool);
  return {
    db: drizzle(withActor(pool), { schema }),
    pool,
    kind: 'pglite',
    async listen(channel, onEvent) {
      // PGlite has one backend: a LISTEN through the pool holds for it, and the pool's one client
      // receives the notifications (including those its own transactions raise) on its socket.
      const onNotification = (n: pg.Notification) => {
        if (n.channel === channel) onEvent({ type: 'notify', payload: n.payload ?? '' });
      };
      const watch = (client: pg.PoolClient) => client.on('notification', onNotification);
      pool.on('connect', watch);
      const client = await pool.connect();
      try {
        watch(client);
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      } finally {
        client.release();
      }
      onEvent({ type: 'up' });
      return async () => {
        pool.off('connect', watch);
      };
    },
    async close() {
      await pool.end();
      await stop();
    },
  };
}

const RECONNECT_MS = 1000;

/** LISTEN on a dedicated client that reconnects by itself, reporting 'down' and 'up'. */
async function listenOnServer(
  url: string,
  channel: string,
  onEvent: (event: ChannelEvent) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  const retry = () => {
    if (!stopped) timer = setTimeout(() => void connect(), RECONNECT_MS);
  };
  async function connect(): Promise<boolean> {
    const client = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (current === client) {
        current = null;
        onEvent({ type: 'down' });
      }
      client.end().catch(() => {});
      retry();
    };
    // An error on this connection (server restart) must not crash the process: reconnect.
    client.on('error', onLost);
    client.on('end', onLost);
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      onLost();
      return false;
    }
    if (stopped) {
      await client.end().catch(() => {});
      return false;
    }
    client.on('notification', (n) => onEvent({ type: 'notify', payload: n.payload ?? '' }));
    current = client;
    onEvent({ type: 'up' });
    return true;
  }
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

function startPgliteWorker(
  dataDir: string | null,
  from: string | undefined,
): Promise<{ worker: Worker; port: number }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PGLITE_WORKER, { workerData: { dataDir, from } });
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
    const onMessage = (msg: { type: string }) => {
      if (msg.type !== 'closed') return;
      worker.off('message', onMessage);
      clearTimeout(timer);
      void worker.terminate().then(() => resolve());
    };
    worker.on('message', onMessage);
    worker.postMessage({ type: 'close' });
  });
}
