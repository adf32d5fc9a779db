import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../paths';
import type { Database } from './client';
import { ADVISORY_LOCKS } from './locks';

const migrationsFolder = MIGRATIONS_DIR;
const MIGRATION_LOCK = ADVISORY_LOCKS.migrations;

/** What a start says when its migrations take a while (see runMigrations' `slow`). */
export const SLOW_MIGRATIONS_NOTICE =
  'Applying database migrations. On a large catalogue this can take a minute; the server starts when they are done.';

/**
 * Applies pending migrations; safe to run from several processes at once and on every start.
 * `slow.notify` runs once if they are still running after `slow.afterMs`: a migration that
 * rebuilds data (0012 builds every product's section document, which takes a while on a large
 * catalogue) would otherwise look like a start that hangs.
 */
export async function runMigrations(
  database: Database,
  slow?: { afterMs: number; notify: () => void },
  /** The shop's default language (LOCALES' first): what older requests were written in (0071). */
  defaultLocale?: string,
): Promise<void> {
  const timer = slow ? setTimeout(slow.notify, slow.afterMs) : undefined;
  try {
    const client = await database.pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      if (defaultLocale)
        await client.query(`select set_config('stockroom.default_locale', $1, false)`, [defaultLocale]);
      try {
        await migrate(drizzle(client), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
      }
    } finally {
      client.release();
    }
  } finally {
    clearTimeout(timer);
  }
}
