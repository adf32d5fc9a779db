import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../paths';
import type { Database } from './client';

const migrationsFolder = MIGRATIONS_DIR;
// Any constant shared by every Stockroom process; it serialises migrations across processes.
const MIGRATION_LOCK = 727_001;

/** Applies pending migrations; safe to run from several processes at once and on every start. */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
