// Runs embedded PostgreSQL (PGlite) off the HTTP thread and exposes it on a loopback port in the
// PostgreSQL wire protocol, so the server uses the same `pg` driver for both databases
// (ADR 0001). Plain JavaScript so it loads in a worker without a TypeScript loader.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { makePrivate } from '../private-files.mjs';
import { dumpEmbedded, dumpWhileServing, serialized } from './pglite-dump.mjs';

const { dataDir, from } = workerData;
// pg_trgm backs the list screens' searches (migration 0004). Starting from a dump skips initdb,
// most of a new database's start (the tests start from a migrated one).
const db = await PGlite.create({
  ...(dataDir ? { dataDir } : {}),
  ...(from ? { loadDataDir: new Blob([readFileSync(from)]) } : {}),
  extensions: { pg_trgm },
});
// Its first files, and the cache files it writes at every start, come with modes of its own.
if (dataDir) makePrivate(dataDir);
// The server's pool holds one client at a time (so two transactions never interleave); the second
// slot only lets a reconnect in while the old socket is still being torn down, instead of
// refusing it with "Too many connections".
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 2 });
await server.start();
const port = Number(server.getServerConn().split(':').pop());

const control = dataDir ? await startControl(dataDir) : null;

/**
 * A database that serves (on a data directory) is dumped from a copy, so its requests go on; one
 * opened only for the dump (`alone`), or kept in memory, is dumped directly.
 */
const dump = (file, alone) =>
  serialized(() => (dataDir && !alone ? dumpWhileServing(db, dataDir, file) : dumpEmbedded(db, file)));

parentPort.on('message', async (msg) => {
  if (msg?.type === 'dump') {
    try {
      parentPort.postMessage({ type: 'dumped', id: msg.id, stats: await dump(msg.file, msg.alone) });
    } catch (err) {
      parentPort.postMessage({ type: 'dumped', id: msg.id, error: String(err?.message ?? err) });
    }
    return;
  }
  if (msg?.type !== 'close') return;
  try {
    await control?.stop();
    await server.stop();
    // close() checkpoints and flushes the data directory, so a stop never leaves it half-written.
    await db.close();
    parentPort.postMessage({ type: 'closed' });
  } catch (err) {
    parentPort.postMessage({ type: 'closed', error: String(err) });
  }
});

parentPort.postMessage({ type: 'ready', port });

/**
 * `npm run backup` in another process reaches a running server's database here, since its files
 * must not be read while PGlite has them open: a loopback port and a random token, written to a
 * file next to the data directory that only this user can read (ADR 0024). One request, a JSON
 * line {token, file}, is answered with a JSON line once the dump is in `file`.
 */
async function startControl(dir) {
  const token = randomBytes(24).toString('hex');
  const file = `${dir}.control.json`;
  const control = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('error', () => {});
    socket.on('data', async (chunk) => {
      input += chunk;
      if (!input.includes('\n')) return;
      socket.pause();
      let answer;
      try {
        const request = JSON.parse(input.slice(0, input.indexOf('\n')));
        const given = Buffer.from(String(request.token));
        if (given.length !== token.length || !timingSafeEqual(given, Buffer.from(token)))
          throw new Error('The backup request was refused: wrong token.');
        answer = { stats: await dump(String(request.file), false) };
      } catch (err) {
        answer = { error: String(err?.message ?? err) };
      }
      socket.end(`${JSON.stringify(answer)}\n`);
    });
  });
  await new Promise((resolve) => control.listen(0, '127.0.0.1', resolve));
  writeFileSync(file, JSON.stringify({ port: control.address().port, token, pid: process.pid }), {
    mode: 0o600,
  });
  return {
    stop: () =>
      new Promise((resolve) => {
        rmSync(file, { force: true });
        control.close(() => resolve());
      }),
  };
}
