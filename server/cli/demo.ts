/**
 * `npm run demo`: Stockroom on its own data directory (./data-demo unless DATA_DIR says otherwise),
 * filled once with a demo catalogue; later runs start on the same data without adding anything.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Config, loadConfig, loadDotEnv } from '../config';
import type { Database } from '../db/client';
import { runMigrations } from '../db/migrate';
import { diskImageStore } from '../images/store';
import { openConfiguredDatabase, startServer } from '../main';
import { createUsersService } from '../modules/users/users.service';
import { type DemoAccounts, seedDemoCatalogue } from './demo-catalogue';

/** Seeds an empty database once; returns the demo accounts (kept beside the data to print again). */
export async function prepareDemo(
  database: Database,
  { dataDir, currency }: Pick<Config, 'dataDir' | 'currency'>,
): Promise<DemoAccounts | null> {
  await runMigrations(database);
  const accountsFile = path.join(dataDir, 'demo-accounts.json');
  if ((await createUsersService(database.db).count()) > 0) {
    return existsSync(accountsFile) ? (JSON.parse(readFileSync(accountsFile, 'utf8')) as DemoAccounts) : null;
  }
  const accounts = await seedDemoCatalogue(
    database.db,
    diskImageStore(path.join(dataDir, 'uploads')),
    currency,
  );
  // Demo-only passwords, generated per demo database and readable by whoever runs it.
  writeFileSync(accountsFile, JSON.stringify(accounts, null, 2), { mode: 0o600 });
  return accounts;
}

async function main() {
  loadDotEnv();
  // The demo never touches the real database: embedded, in its own directory.
  const config = {
    ...loadConfig({ ...process.env, DATA_DIR: process.env.DEMO_DATA_DIR ?? './data-demo' }),
    databaseUrl: undefined,
  };
  const database = await openConfiguredDatabase(config);
  console.log('Preparing the demo catalogue (the first run takes a minute)...');
  const accounts = await prepareDemo(database, config);
  await startServer(config, database, (url) =>
    accounts
      ? `\n  Stockroom demo at ${url}\n    admin:  ${accounts.admin.email}  /  ${accounts.admin.password}\n    editor: ${accounts.editor.email}  /  ${accounts.editor.password}\n${accounts.sales ? `    sales:  ${accounts.sales.email}  /  ${accounts.sales.password}\n` : ''}  Data in ${config.dataDir} (delete it to start over).\n`
      : `\n  Stockroom demo at ${url} (accounts file missing in ${config.dataDir}; delete the folder to start over).\n`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
