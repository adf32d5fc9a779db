import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { s3ImageStore } from '../images/s3-store';
import { SERVED_FILE_NAME } from '../images/store';
import { openConfiguredDatabase } from '../main';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-files.mjs';
import {
  DUMP_FILE,
  IMAGE_LISTING,
  IMAGES_DIR,
  MANIFEST,
  type Manifest,
  migrationJournal,
  sha256File,
  unpackArchive,
} from './archive';
import { embeddedServerRunning } from './backup';
import { sqlStatementsOfFile } from './sql-script';
import { refusedEntry, type TarEntry, tarEntries } from './tar-entries';

/** Statements sent to the database per round trip while loading. */
const BATCH_CHARS = 1 << 20;

export type RestoreReport = {
  manifest: Manifest;
  rows: number;
  images: { copied: number; listedInS3: number };
  migrationsApplied: number;
};

/**
 * Restores a backup archive into the deployment the configuration names (DATA_DIR or
 * DATABASE_URL, and IMAGE_STORE). Order matters for "nothing changed on failure": the archive is
 * unpacked and every checksum verified first; the target must be empty (or `force`); the database
 * is loaded in one transaction whose row counts are compared with the manifest before it commits;
 * then images are copied and newer migrations run.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  opts: { force?: boolean; log?: (line: string) => void } = {},
): Promise<RestoreReport> {
  const log = opts.log ?? (() => {});
  if (!existsSync(file)) throw new Error(`No backup file at ${file}.`);
  const work = await mkdtemp(path.join(tmpdir(), 'stockroom-restore-'));
  try {
    await refuseUnsafeEntries(file);
    await unpackArchive(file, work);
    const manifest = await readManifest(work);
    await verifyChecksums(work, manifest);
    log(
      `Backup of ${manifest.createdAt} (${manifest.app.name} ${manifest.app.version}, ${manifest.database.kind}) verified.`,
    );
    const newest = Math.max(...migrationJournal().map((e) => e.when));
    if (manifest.migration.last !== null && manifest.migration.last > newest)
      throw new Error(
        `The backup comes from a newer Stockroom (migration ${manifest.migration.tag ?? manifest.migration.last}); upgrade this one before restoring it.`,
      );
    if (!config.databaseUrl && (await embeddedServerRunning(config.dataDir)))
      throw new Error(
        `A Stockroom server is running on ${config.dataDir}: stop it before restoring into it.`,
      );

    const imageTarget = await checkImageTarget(config, opts.force ?? false);
    const database = await openConfiguredDatabase(config, 1);
    let rows = 0;
    try {
      rows = await loadDump(database, path.join(work, DUMP_FILE), manifest, opts.force ?? false);
    } finally {
      await database.close();
    }
    log(
      `Database loaded: ${rows} rows in ${Object.keys(manifest.counts).length} tables, as the manifest counts.`,
    );

    const images = await restoreImages(work, manifest, imageTarget);
    // A fresh connection: the dump's SET statements changed the loading session's settings.
    const migrated = await openConfiguredDatabase(config, 1);
    let migrationsApplied = 0;
    try {
      await runMigrations(migrated, undefined, config.locales.default);
      // A loaded database has no statistics, and the embedded one has no autovacuum to gather
      // them: until analysed, every list would be planned as if its tables were empty.
      await migrated.pool.query('analyze');
      const { rows: applied } = await migrated.pool.query<{ n: string }>(
        'select count(*)::text as n from drizzle.__drizzle_migrations',
      );
      migrationsApplied = Number(applied[0].n) - manifest.migration.applied;
    } finally {
      await migrated.close();
    }
    return { manifest, rows, images, migrationsApplied };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Every entry must be a plain file or folder that lands inside the folder the archive is unpacked
 * into: a `..` or absolute name would write elsewhere, a link would make the restore read or
 * write through it. Checked from the headers before tar writes anything.
 */
async function refuseUnsafeEntries(file: string) {
  let entries: TarEntry[];
  try {
    entries = await tarEntries(file);
  } catch (err) {
    throw new Error(
      `${file} is damaged or not a Stockroom backup (${(err as Error).message}). Nothing was restored.`,
    );
  }
  const refused = entries.map(refusedEntry).filter((why): why is string => why !== null);
  if (refused.length)
    throw new Error(
      `The backup holds an entry that restore refuses: ${refused.slice(0, 3).join('; ')}${refused.length > 3 ? ` and ${refused.length - 3} more` : ''}. Nothing was restored.`,
    );
}

async function readManifest(work: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(work, MANIFEST), 'utf8'));
  } catch {
    throw new Error(
      'The file is not a Stockroom backup: it has no readable manifest.json. Nothing was restored.',
    );
  }
  if (manifest.format !== 1 || !manifest.checksums?.[DUMP_FILE])
    throw new Error('The backup manifest is of an unknown format. Nothing was restored.');
  return manifest;
}

async function verifyChecksums(work: string, manifest: Manifest) {
  const bad: string[] = [];
  for (const [name, expected] of Object.entries(manifest.checksums)) {
    const file = path.join(work, name);
    // A name from the manifest must stay inside the unpacked archive.
    if (!file.startsWith(work + path.sep) || !existsSync(file)) bad.push(`${name} (missing)`);
    else if ((await sha256File(file)) !== expected) bad.push(`${name} (checksum differs)`);
  }
  if (bad.length)
    throw new Error(
      `The backup is damaged: ${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ` and ${bad.length - 5} more` : ''}. Nothing was restored.`,
    );
}

type ImageTarget = { kind: 'disk'; dir: string } | { kind: 's3'; store: ReturnType<typeof s3ImageStore> };

async function checkImageTarget(config: Config, force: boolean): Promise<ImageTarget> {
  if (config.imageStore.kind === 's3') {
    const store = s3ImageStore(config.imageStore);
    const held = (await store.list()).filter((f) => SERVED_FILE_NAME.test(f.name)).length;
    if (held && !force)
      throw new Error(
        `The S3 bucket ${config.imageStore.bucket} already holds ${held} image file(s); restore into an empty one, or pass --force.`,
      );
    return { kind: 's3', store };
  }
  const dir = path.join(config.dataDir, 'uploads');
  const held = existsSync(dir) ? (await readdir(dir)).filter((n) => SERVED_FILE_NAME.test(n)).length : 0;
  if (held && !force)
    throw new Error(
      `${dir} already holds ${held} image file(s); restore into an empty DATA_DIR, or pass --force.`,
    );
  return { kind: 'disk', dir };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Schemas that are the application's (everything but PostgreSQL's own). */
async function ownSchemas(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `select nspname as name from pg_namespace
      where nspname not like 'pg\\_%' and nspname <> 'information_schema' order by 1`,
  );
  return rows.map((r) => r.name);
}

async function loadDump(
  database: Database,
  dumpFile: string,
  manifest: Manifest,
  force: boolean,
): Promise<number> {
  const client = await database.pool.connect();
  try {
    const { rows: tables } = await client.query<{ n: string }>(
      `select count(*)::text as n from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const target = database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database';
    if (Number(tables[0].n) > 0 && !force)
      throw new Error(
        `The target ${target} is not empty (${tables[0].n} tables); restore into an empty one, or pass --force to replace it.`,
      );
    const known = new Set(
      (await client.query<{ name: string }>('select name from pg_settings')).rows.map((r) => r.name),
    );
    await client.query('begin');
    try {
      if (force) {
        for (const schema of await ownSchemas(client))
          await client.query(`drop schema ${quoteIdent(schema)} cascade`);
        await client.query('create schema public');
        await client.query('grant usage on schema public to public');
      }
      let batch = '';
      const flush = async () => {
        if (batch) await client.query(batch);
        batch = '';
      };
      for await (const statement of sqlStatementsOfFile(dumpFile)) {
        // A setting the target's PostgreSQL does not have (a newer server's dump): skipped, as
        // psql would report it and go on.
        const setting = /^(?:--[^\n]*\n|\s)*SET\s+(\w+)\s*=/i.exec(statement)?.[1];
        if (setting && !known.has(setting.toLowerCase())) continue;
        batch += `${statement};\n`;
        if (batch.length > BATCH_CHARS) await flush();
      }
      await flush();
      let rows = 0;
      const wrong: string[] = [];
      for (const [table, expected] of Object.entries(manifest.counts)) {
        const [schema, name] = table.split('.');
        const { rows: found } = await client.query<{ n: string }>(
          `select count(*)::text as n from ${quoteIdent(schema)}.${quoteIdent(name)}`,
        );
        if (Number(found[0].n) !== expected)
          wrong.push(`${table}: ${found[0].n} rows, manifest says ${expected}`);
        rows += Number(found[0].n);
      }
      if (wrong.length) throw new Error(`Row counts differ from the manifest (${wrong.join('; ')}).`);
      await client.query('commit');
      return rows;
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw new Error(`Loading the database failed, and nothing of it was kept: ${(err as Error).message}`);
    }
  } finally {
    client.release();
  }
}

async function restoreImages(
  work: string,
  manifest: Manifest,
  target: ImageTarget,
): Promise<RestoreReport['images']> {
  if (manifest.images.store === 's3') {
    // The images stayed in their bucket; the listing tells which ones the database refers to.
    const listed = JSON.parse(await readFile(path.join(work, IMAGE_LISTING), 'utf8')) as { name: string }[];
    return { copied: 0, listedInS3: listed.length };
  }
  const names = Object.keys(manifest.checksums)
    .filter((n) => n.startsWith(`${IMAGES_DIR}/`))
    .map((n) => n.slice(IMAGES_DIR.length + 1));
  if (target.kind === 'disk') await mkdir(target.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  for (const name of names) {
    const from = path.join(work, IMAGES_DIR, name);
    if (target.kind === 'disk') {
      // A copy keeps the archive's mode; the uploads are the server's user's alone.
      await copyFile(from, path.join(target.dir, name));
      await chmod(path.join(target.dir, name), PRIVATE_FILE_MODE);
    } else await target.store.putFile(name, await readFile(from));
  }
  return { copied: names.length, listedInS3: 0 };
}
