// Runs embedded PostgreSQL (PGlite) off the HTTP thread and exposes it on a loopback port in the
// PostgreSQL wire protocol, so the server uses the same `pg` driver for both databases
// (ADR 0001). Plain JavaScript so it loads in a worker without a TypeScript loader.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

const { dataDir, from } = workerData;
// pg_trgm backs the list screens' searches (migration 0004). Starting from a dump skips initdb,
// most of a new database's start (the tests start from a migrated one).
const db = await PGlite.create({
  ...(dataDir ? { dataDir } : {}),
  ...(from ? { loadDataDir: new Blob([readFileSync(from)]) } : {}),
  extensions: { pg_trgm },
});
// The server's pool holds one client at a time (so two transactions never interleave); the second
// slot only lets a reconnect in while the old socket is still being torn down, instead of
// refusing it with "Too many connections".
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 2 });
await server.start();
const port = Number(server.getServerConn().split(':').pop());

parentPort.on('message', async (msg) => {
  if (msg?.type !== 'close') return;
  try {
    await server.stop();
    // close() checkpoints and flushes the data directory, so a stop never leaves it half-written.
    await db.close();
    parentPort.postMessage({ type: 'closed' });
  } catch (err) {
    parentPort.postMessage({ type: 'closed', error: String(err) });
  }
});

parentPort.postMessage({ type: 'ready', port });
