import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated embedded database, which each test file's database starts from. */
    pgliteTemplate: string | null;
  }
}

/**
 * Vitest global setup: migrates one embedded database and dumps it, so each test file's database
 * loads that dump instead of running initdb and every migration again (most of a file's set-up).
 * On PostgreSQL (TEST_DB=pg) every file still creates and migrates a database of its own.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'pg') {
    project.provide('pgliteTemplate', null);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'stockroom-template-'));
  const dataDir = path.join(dir, 'db');
  const database = await openDatabase({ kind: 'pglite', dataDir });
  await runMigrations(database);
  await database.close();
  const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm } });
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
