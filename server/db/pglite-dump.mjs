// A consistent dump of the embedded database (ADR 0024). PGlite has one session that the socket
// server shares between its connections, one protocol message at a time. A stopped database is
// dumped directly, holding that session; a running server's is copied while it serves (an online
// base backup: pg_backup_start, a copy of the files, pg_backup_stop and the log written meanwhile)
// and the copy dumped on another thread, so the server's requests wait only for the backup's
// start and stop. Plain JavaScript, like the worker that loads it.
import { copyFileSync } from 'node:fs';
import { appendFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const RETRY_MS = 5;
/** How long to wait for the server's open transaction to end before giving up. */
const IDLE_WAIT_MS = 60_000;

/** pg_dump's options shared with the PostgreSQL path (server/backup/backup.ts says why). */
export const DUMP_ARGS = [
  '--no-owner',
  '--no-privileges',
  '--exclude-schema=pgboss',
  '--rows-per-insert=1000',
];

/** A simple-protocol Query message. */
function queryMessage(sql) {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0, 'latin1');
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
}

/**
 * Runs SQL on the session directly (the caller holds it): PGlite's own query() waits for the lock
 * the caller already has.
 */
async function rawQuery(db, sql) {
  // execProtocolStream, not execProtocol: the latter sends the answer to whichever callback the
  // socket server's last message installed, which is the server's own connection.
  const messages = await db.execProtocolStream(queryMessage(sql));
  let names = [];
  const rows = [];
  for (const m of messages) {
    if (m.name === 'rowDescription') names = m.fields.map((f) => f.name);
    else if (m.name === 'dataRow') rows.push(Object.fromEntries(names.map((n, i) => [n, m.fields[i]])));
  }
  return { rows };
}

const quoteIdent = (name) => `"${name.replace(/"/g, '""')}"`;

/** Every table the dump holds and its row count, with the migration level, read in one state. */
export async function countRows(query) {
  const { rows: tables } = await query(
    `select table_schema as s, table_name as t from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'pgboss')
      order by 1, 2`,
  );
  const counts = {};
  for (const { s, t } of tables) {
    const { rows } = await query(`select count(*)::text as n from ${quoteIdent(s)}.${quoteIdent(t)}`);
    counts[`${s}.${t}`] = Number(rows[0].n);
  }
  let migration = null;
  if (counts['drizzle.__drizzle_migrations'] !== undefined) {
    const { rows } = await query(
      'select count(*)::text as applied, max(created_at)::text as last from drizzle.__drizzle_migrations',
    );
    migration = {
      applied: Number(rows[0].applied),
      last: rows[0].last === null ? null : Number(rows[0].last),
    };
  }
  return { counts, migration };
}

/**
 * Waits for a moment between two of the server's transactions and runs `work` holding the session.
 * A transaction the server leaves open longer than IDLE_WAIT_MS fails the dump, not the server.
 */
async function holdingIdleSession(db, work) {
  const started = Date.now();
  for (;;) {
    const outcome = await db.runExclusive(async () =>
      db.isInTransaction() ? null : { value: await work() },
    );
    if (outcome) return outcome.value;
    if (Date.now() - started > IDLE_WAIT_MS)
      throw new Error(
        'The embedded database stayed inside a transaction for a minute; try the backup again.',
      );
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

/** Table data per pg_dump run, by the tables' size on disk: each run's output is one string. */
const GROUP_BYTES = 64 << 20;

/**
 * The tables' data in groups of about GROUP_BYTES, so that no run of PGlite's pg_dump, which
 * returns its whole output as one JavaScript string, meets V8's string limit (about 512 MB).
 */
async function tableGroups(query) {
  const { rows } = await query(
    `select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name,
            pg_total_relation_size(c.oid)::text as bytes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema', 'pgboss')
      order by 2 desc, 1`,
  );
  const groups = [];
  let current = [];
  let size = 0;
  for (const { name, bytes } of rows) {
    if (current.length && size + Number(bytes) > GROUP_BYTES) {
      groups.push(current);
      current = [];
      size = 0;
    }
    current.push(name);
    size += Number(bytes);
  }
  if (current.length) groups.push(current);
  return groups;
}

/**
 * Writes the dump to `file` and answers the row counts and migration level of the same state.
 * The dump is made in parts, each a run of pg_dump appended to the file: the schema
 * (pre-data), the data a group of tables at a time (each run leaves the other groups' data out;
 * every run repeats the sequences' values, which is harmless), then indexes, constraints and
 * triggers (post-data), the order a single run writes. All run while the session is held, so
 * every part sees the same state. Whatever pg_dump leaves on the shared session (its open
 * read-only transaction, its prepared statements, its SET parameters) is put back after each
 * run, so the server's connection never notices.
 */
export async function dumpEmbedded(db, file) {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  return holdingIdleSession(db, async () => {
    const query = (text) => rawQuery(db, text);
    const settings = await query(
      "select name, setting from pg_settings where context in ('user', 'superuser') order by name",
    );
    const prepared = new Set(
      (await query('select name from pg_prepared_statements')).rows.map((r) => r.name),
    );
    const stats = await countRows(query);
    // pgDump's own statements before and after the dump go through `query`/`exec` here; its
    // DEALLOCATE ALL would drop the server's prepared statements too, so only the dump's go.
    const session = {
      query,
      exec: async (text) => (/^\s*DEALLOCATE ALL\b/i.test(text) ? [] : [await query(text)]),
      execProtocolRawStream: (message, options) => db.execProtocolRawStream(message, options),
    };
    const searchPath = settings.rows.find((r) => r.name === 'search_path')?.setting ?? 'public';
    const putBack = async () => {
      // Rolling back pg_dump's transaction also undoes pgDump's own reset of search_path, made
      // inside it, and the next run reads search_path to put it back.
      if (db.isInTransaction()) await query('rollback');
      await query(`select set_config('search_path', '${searchPath.replace(/'/g, "''")}', false)`);
      const { rows } = await query('select name from pg_prepared_statements');
      for (const { name } of rows) if (!prepared.has(name)) await query(`deallocate ${quoteIdent(name)}`);
    };
    const run = async (args) => {
      try {
        return await (await pgDump({ pg: session, args: [...DUMP_ARGS, ...args] })).text();
      } finally {
        await putBack();
      }
    };
    try {
      const groups = await tableGroups(query);
      await writeFile(file, await run(['--section=pre-data']), { mode: 0o600 });
      for (const group of groups) {
        const others = groups.filter((g) => g !== group).flat();
        await appendFile(
          file,
          await run(['--section=data', ...others.map((t) => `--exclude-table-data=${t}`)]),
        );
      }
      await appendFile(file, await run(['--section=post-data']));
    } finally {
      const { rows: now } = await query(
        "select name, setting from pg_settings where context in ('user', 'superuser') order by name",
      );
      const before = new Map(settings.rows.map((r) => [r.name, r.setting]));
      for (const { name, setting } of now) {
        const was = before.get(name);
        if (was !== undefined && was !== setting)
          await query(
            `select set_config('${name.replace(/'/g, "''")}', '${was.replace(/'/g, "''")}', false)`,
          );
      }
    }
    return stats;
  });
}

/** Holds the log from the backup's start until it is copied, should a checkpoint come meanwhile. */
const SLOT = 'stockroom_backup';
const SNAPSHOT_WORKER = new URL('./pglite-snapshot.mjs', import.meta.url);

/** One backup at a time: PostgreSQL allows one per session, and PGlite has one session. */
let queue = Promise.resolve();
export function serialized(work) {
  const run = queue.then(work);
  queue = run.catch(() => {});
  return run;
}

/**
 * The dump of a running server's database in `dataDir`, written to `file`, with the row counts of
 * the same state. The session is held three times, briefly: to start the backup (a checkpoint),
 * to stop it (and copy pg_control, which is only written while the session is held), and to drop
 * the slot; the copy, the recovery and the dump run on a thread of their own
 * (pglite-snapshot.mjs), in a folder beside `file`.
 */
export async function dumpWhileServing(db, dataDir, file) {
  const query = (text) => rawQuery(db, text);
  const copy = path.join(path.dirname(file), 'pgdata');
  const { startWal } = await holdingIdleSession(db, async () => {
    await query(`select pg_create_physical_replication_slot('${SLOT}', true, true)`);
    try {
      const { rows } = await query(
        "select pg_walfile_name(lsn) as wal from pg_backup_start('stockroom', true) as lsn",
      );
      return { startWal: rows[0].wal };
    } catch (err) {
      await query(`select pg_drop_replication_slot('${SLOT}')`);
      throw err;
    }
  });
  let backupOpen = true;
  let slotHeld = true;
  const stopBackup = async () => {
    const { rows } = await query('select labelfile, pg_walfile_name(lsn) as wal from pg_backup_stop(false)');
    backupOpen = false;
    return rows[0];
  };
  const dropSlot = () =>
    holdingIdleSession(db, async () => {
      await query(`select pg_drop_replication_slot('${SLOT}')`);
      slotHeld = false;
    });
  const worker = new Worker(SNAPSHOT_WORKER, { workerData: { dataDir, copy, file } });
  try {
    return await new Promise((resolve, reject) => {
      worker.on('error', reject);
      worker.on('exit', (code) => reject(new Error(`The backup's copy stopped (exit ${code}).`)));
      worker.on('message', async (msg) => {
        try {
          if (msg.type === 'copied') {
            const stop = await holdingIdleSession(db, async () => {
              const stopped = await stopBackup();
              // PostgreSQL writes it only while it runs a statement: never while the session is held.
              copyFileSync(
                path.join(dataDir, 'global', 'pg_control'),
                path.join(copy, 'global', 'pg_control'),
              );
              return stopped;
            });
            worker.postMessage({ type: 'label', labelfile: stop.labelfile, startWal, stopWal: stop.wal });
          } else if (msg.type === 'wal') await dropSlot();
          else if (msg.type === 'dumped') resolve(msg.stats);
          else if (msg.type === 'failed') reject(new Error(msg.error));
        } catch (err) {
          reject(err);
        }
      });
    });
  } finally {
    await worker.terminate();
    if (backupOpen) await holdingIdleSession(db, stopBackup).catch(() => {});
    if (slotHeld) await dropSlot().catch(() => {});
    await rm(copy, { recursive: true, force: true });
  }
}
