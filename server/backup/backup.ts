import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, copyFile, link, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import type { Config } from '../config';
import { type Database, type DumpStats, startPglite } from '../db/client';
import { countRows, DUMP_ARGS } from '../db/pglite-dump.mjs';
import { createImageStore } from '../images/image-store';
import { SERVED_FILE_NAME } from '../images/store';
import {
  appVersion,
  DUMP_FILE,
  IMAGE_LISTING,
  IMAGES_DIR,
  MANIFEST,
  type Manifest,
  migrationJournal,
  packArchive,
  sha256File,
} from './archive';

const run = promisify(execFile);

/** Where a backup goes when no --out is given: DATA_DIR/backups/stockroom-<UTC time>.tar.gz. */
const defaultBackupFile = (dataDir: string, at = new Date()) =>
  path.join(dataDir, 'backups', `stockroom-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`);

/** The embedded database's folder under DATA_DIR, and the file its running worker answers at. */
const embeddedDir = (dataDir: string) => path.join(dataDir, 'db');
const controlFile = (dataDir: string) => `${embeddedDir(dataDir)}.control.json`;

/**
 * Writes one backup archive of the configured deployment. `database`, when given, is the running
 * server's own connection (the scheduled backup); otherwise a running server is reached through
 * its database, and a stopped embedded one is opened directly.
 */
export async function createBackup(
  config: Config,
  opts: { out?: string; database?: Database } = {},
): Promise<{ file: string; manifest: Manifest }> {
  const out = path.resolve(opts.out ?? defaultBackupFile(config.dataDir));
  await mkdir(path.dirname(out), { recursive: true });
  // Next to the archive, so the parts are on the disk that has room for it.
  const work = await mkdtemp(path.join(path.dirname(out), '.backup-'));
  try {
    const dumpFile = path.join(work, DUMP_FILE);
    const dumped = config.databaseUrl
      ? await dumpServer(config.databaseUrl, dumpFile)
      : await dumpEmbeddedDatabase(config.dataDir, dumpFile, opts.database);
    const images = await collectImages(config, work);
    const checksums: Record<string, string> = { [DUMP_FILE]: await sha256File(dumpFile) };
    for (const name of images.files) checksums[name] = await sha256File(path.join(work, name));
    const journal = migrationJournal();
    const manifest: Manifest = {
      format: 1,
      app: appVersion(),
      createdAt: new Date().toISOString(),
      database: { kind: config.databaseUrl ? 'postgres' : 'pglite', dumpedBy: dumped.tool },
      migration: {
        applied: dumped.stats.migration?.applied ?? 0,
        last: dumped.stats.migration?.last ?? null,
        tag: journal.find((e) => e.when === dumped.stats.migration?.last)?.tag ?? null,
      },
      counts: dumped.stats.counts,
      images: images.summary,
      checksums,
    };
    await writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${out}.partial`;
    await packArchive(work, partial);
    // Renamed only once complete, so a listed backup is never half-written.
    await rm(out, { force: true });
    await link(partial, out).catch(() => copyFile(partial, out));
    await rm(partial, { force: true });
    // The dump holds password hashes and customers' details: readable by this user only.
    await chmod(out, 0o600);
    return { file: out, manifest };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

type Dumped = { stats: DumpStats; tool: string };

async function dumpEmbeddedDatabase(dataDir: string, file: string, database?: Database): Promise<Dumped> {
  const tool = '@electric-sql/pglite-tools pg_dump';
  if (database?.dumpTo) return { stats: await database.dumpTo(file), tool };
  const running = await askRunningServer(dataDir, file);
  if (running) return { stats: running, tool };
  const dir = embeddedDir(dataDir);
  if (!existsSync(dir))
    throw new Error(`There is no embedded database in ${dir} to back up (DATA_DIR=${dataDir}).`);
  const stopped = await startPglite(dir);
  try {
    return { stats: await stopped.dump(file, { alone: true }), tool };
  } finally {
    await stopped.stop();
  }
}

/** The running server's dump, or null when no server answers on this DATA_DIR. */
async function askRunningServer(dataDir: string, file: string): Promise<DumpStats | null> {
  let control: { port: number; token: string };
  try {
    control = JSON.parse(readFileSync(controlFile(dataDir), 'utf8'));
  } catch {
    return null;
  }
  const answer = await new Promise<string | null>((resolve, reject) => {
    const socket = net.connect(control.port, '127.0.0.1');
    let input = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify({ token: control.token, file })}\n`));
    socket.on('data', (chunk) => {
      input += chunk;
    });
    socket.on('end', () => resolve(input));
    socket.on('error', (err: NodeJS.ErrnoException) =>
      // A file left by a server that was killed: nobody listens, so the database is not open.
      err.code === 'ECONNREFUSED' ? resolve(null) : reject(err),
    );
  });
  if (answer === null) return null;
  const parsed = JSON.parse(answer) as { stats?: DumpStats; error?: string };
  if (parsed.error || !parsed.stats)
    throw new Error(`The running server could not dump its database: ${parsed.error}`);
  return parsed.stats;
}

/** Whether a server is running on this DATA_DIR's embedded database (restore refuses then). */
export async function embeddedServerRunning(dataDir: string): Promise<boolean> {
  let control: { port: number };
  try {
    control = JSON.parse(readFileSync(controlFile(dataDir), 'utf8'));
  } catch {
    return false;
  }
  return new Promise((resolve) => {
    const socket = net.connect(control.port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

const majorOf = (versionNum: number) => Math.floor(versionNum / 10000);

/**
 * pg_dump in the snapshot the row counts were read in: a REPEATABLE READ transaction exports it
 * and stays open until pg_dump is done, so both describe the same committed state while writes
 * go on. The password goes in the environment, never on pg_dump's command line.
 */
async function dumpServer(databaseUrl: string, file: string): Promise<Dumped> {
  const pgDump = process.env.PG_DUMP ?? 'pg_dump';
  let toolVersion: string;
  try {
    toolVersion = (await run(pgDump, ['--version'])).stdout.trim();
  } catch {
    throw new Error(
      'Backing up a PostgreSQL database needs pg_dump (PostgreSQL client tools) on the PATH, or PG_DUMP naming it.',
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>('show server_version_num');
    const serverMajor = majorOf(Number(rows[0].v));
    const toolMajor = Number(/(\d+)(?:\.\d+)?/.exec(toolVersion.replace(/^\D+/, ''))?.[1]);
    if (toolMajor < serverMajor)
      throw new Error(
        `${toolVersion} cannot dump a PostgreSQL ${serverMajor} server: install pg_dump ${serverMajor} or newer.`,
      );
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0].id;
    const stats = (await countRows((text: string) => client.query(text))) as DumpStats;
    const url = new URL(databaseUrl);
    const password = decodeURIComponent(url.password);
    url.password = '';
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        pgDump,
        [...DUMP_ARGS, `--snapshot=${snapshot}`, '--inserts', '--file', file, '--dbname', url.toString()],
        {
          env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_dump failed (exit ${code}): ${stderr.trim()}`)),
      );
    });
    await client.query('commit');
    return { stats, tool: toolVersion };
  } finally {
    await client.end();
  }
}

/** Disk images are copied in; S3 images stay in their bucket and the archive lists them. */
async function collectImages(
  config: Config,
  work: string,
): Promise<{ files: string[]; summary: Manifest['images'] }> {
  const store = createImageStore(config.imageStore, path.join(config.dataDir, 'uploads'));
  const listed = (await store.list()).filter((f) => SERVED_FILE_NAME.test(f.name));
  if (config.imageStore.kind === 's3') {
    await writeFile(
      path.join(work, IMAGE_LISTING),
      `${JSON.stringify(listed.map(({ name, bytes }) => ({ name, bytes })))}\n`,
    );
    return {
      files: [IMAGE_LISTING],
      summary: { store: 's3', bucket: config.imageStore.bucket, listed: listed.length },
    };
  }
  await mkdir(path.join(work, IMAGES_DIR));
  const files: string[] = [];
  const uploads = path.join(config.dataDir, 'uploads');
  for (const { name } of listed) {
    const target = path.join(work, IMAGES_DIR, name);
    // A hard link costs no space; the archive reads its bytes. An image removed since the
    // listing (an orphan sweep) is simply not in the backup.
    const ok = await link(path.join(uploads, name), target)
      .catch(() => copyFile(path.join(uploads, name), target))
      .then(
        () => true,
        () => false,
      );
    if (ok) files.push(`${IMAGES_DIR}/${name}`);
  }
  return { files, summary: { store: 'disk', files: files.length } };
}
