import { type Config, loadConfig, loadDotEnv } from '../config';
import type { Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { openConfiguredDatabase } from '../main';

/**
 * Runs a command-line task on the server's own database settings (environment or .env), with
 * one connection, and always closes it. What the task throws is printed as its message alone
 * (a person reads it, not a stack) and exits 1; otherwise the task's exit code stands.
 */
export async function withConfiguredDatabase(
  task: (database: Database, config: Config) => Promise<number>,
  opts: { migrate: boolean; config?: Config },
): Promise<number> {
  if (!opts.config) loadDotEnv();
  const config = opts.config ?? loadConfig();
  const database = await openConfiguredDatabase(config, 1);
  try {
    if (opts.migrate) await runMigrations(database, undefined, config.locales.default);
    return await task(database, config);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    return 1;
  } finally {
    await database.close();
  }
}
