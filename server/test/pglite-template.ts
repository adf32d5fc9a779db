import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { TestProject } from 'vitest/node';
import { connectPglite } from '../db/client';
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
 *
 * The database is made in memory, here, rather than in a data directory by the server's worker:
 * no test starts before this is done, and initdb writing its files to disk and opening them again
 * for the dump was most of its time.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DB === 'pg') {
    project.provide('pgliteTemplate', null);
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'stockroom-template-'));
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 2 });
  await server.start();
  const database = connectPglite(Number(server.getServerConn().split(':').pop()), () => server.stop());
  await runMigrations(database);
  await database.close();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
