// The embedded database's backup, off its worker's thread (ADR 0024): copies the data directory
// while the server goes on (a fuzzy copy, as PostgreSQL's own online base backup makes), adds the
// write-ahead log written meanwhile and the backup label that the database worker gets from
// pg_backup_stop, opens the copy (recovery replays the log to the moment the backup stopped) and
// dumps it there, so the long dump never holds the server's one session. Plain JavaScript, like
// the worker that starts it.
import { copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { dumpEmbedded } from './pglite-dump.mjs';

/**
 * What PostgreSQL's base backup leaves out: the log (added after the stop), state that only
 * lives while a server runs, and files a recovery rebuilds.
 */
const SKIP_CONTENTS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'pg_internal.init',
  'backup_label',
  'tablespace_map',
]);

/** Copies a folder, file by file; a file removed meanwhile (a dropped table) is simply missing. */
async function copyTree(from, to, top = true) {
  await mkdir(to, { recursive: true, mode: 0o700 });
  for (const entry of await readdir(from, { withFileTypes: true }).catch(() => [])) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      if (top && SKIP_CONTENTS.has(entry.name)) await mkdir(target, { mode: 0o700 });
      else await copyTree(source, target, false);
    } else if (entry.isFile() && !SKIP_FILES.has(entry.name) && !entry.name.startsWith('pgsql_tmp')) {
      await copyFile(source, target).catch((err) => {
        if (err.code !== 'ENOENT') throw err;
      });
    }
  }
}

const next = (type) =>
  new Promise((resolve) => {
    const onMessage = (msg) => {
      if (msg?.type !== type) return;
      parentPort.off('message', onMessage);
      resolve(msg);
    };
    parentPort.on('message', onMessage);
  });

const { dataDir, copy, file } = workerData;
try {
  await copyTree(dataDir, copy);
  parentPort.postMessage({ type: 'copied' });
  const { labelfile, startWal, stopWal } = await next('label');
  // The segments from the backup's start to its stop: recovery replays them over the copy.
  const wal = path.join(dataDir, 'pg_wal');
  for (const name of await readdir(wal))
    if (/^[0-9A-F]{24}$/.test(name) && name >= startWal && name <= stopWal)
      await copyFile(path.join(wal, name), path.join(copy, 'pg_wal', name));
  await writeFile(path.join(copy, 'backup_label'), labelfile, { mode: 0o600 });
  parentPort.postMessage({ type: 'wal' });
  const db = await PGlite.create({ dataDir: copy, extensions: { pg_trgm } });
  let stats;
  try {
    stats = await dumpEmbedded(db, file);
  } finally {
    await db.close();
  }
  parentPort.postMessage({ type: 'dumped', stats });
} catch (err) {
  parentPort.postMessage({ type: 'failed', error: String(err?.message ?? err) });
} finally {
  await rm(copy, { recursive: true, force: true });
}
