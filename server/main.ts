import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { resolveJwtSecret } from './auth/secret';
import { type Config, loadConfig, loadDotEnv } from './config';
import { type Database, openDatabase } from './db/client';
import { runMigrations, SLOW_MIGRATIONS_NOTICE } from './db/migrate';
import { ensureFirstAdmin } from './modules/users/first-admin';
import { createUsersService } from './modules/users/users.service';
import { WEB_ROOT } from './paths';

/** The database the configuration names: PostgreSQL with DATABASE_URL, else PGlite in DATA_DIR. */
export const openConfiguredDatabase = (config: Config, poolSize?: number) =>
  openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, max: poolSize ?? config.databasePoolMax }
      : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') },
  );

/**
 * Builds the app on a migrated database and serves it until SIGTERM/SIGINT. `greeting` replaces
 * the sign-in hint (the demo prints its own accounts).
 */
export async function startServer(config: Config, database: Database, greeting?: (url: string) => string) {
  // Imported only when configured: start-up time that a single process does not need.
  // Its outage notices go to the app's log (JSON lines like every other), which exists once the
  // app is built; what Redis says before that waits for it.
  const early: ['warn' | 'info', string][] = [];
  let log: { warn(message: string): void; info(message: string): void } = {
    warn: (message) => early.push(['warn', message]),
    info: (message) => early.push(['info', message]),
  };
  const redis = config.redisUrl
    ? (await import('./redis/connection')).connectRedis(config.redisUrl, config.redisPrefix, {
        warn: (message) => log.warn(message),
        info: (message) => log.info(message),
      })
    : undefined;

  const app = await buildApp({
    config,
    database,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    webRoot: WEB_ROOT,
    redis,
    runJobs: true,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
  });

  log = { warn: (message) => app.log.warn(message), info: (message) => app.log.info(message) };
  for (const [level, message] of early.splice(0)) log[level](message);

  const admin = greeting
    ? ({ created: false } as const)
    : await ensureFirstAdmin(createUsersService(database.db), {
        email: config.adminEmail,
        password: config.adminPassword,
      });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A hung request must not keep the process (and the database files) open forever.
    const force = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 15_000);
    try {
      // Node closes idle keep-alive sockets once, when close() starts; a socket whose request
      // finishes afterwards would hold the server open for Fastify's 72 s keep-alive. Sweep them.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      await app.close();
      clearInterval(sweep);
      await database.close();
      await redis?.close();
      app.log.info('stopped cleanly');
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const shownHost = config.host === '127.0.0.1' || config.host === '0.0.0.0' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${config.port}`;
  const where =
    database.kind === 'pglite' ? `embedded database in ${path.join(config.dataDir, 'db')}` : 'PostgreSQL';
  app.log.info(`Stockroom is running at ${url} (${where})`);
  if (greeting) {
    console.log(greeting(url));
  } else if (admin.created && admin.generatedPassword) {
    // Printed once, on the start that created the account; it is stored only as a hash.
    console.log(
      `\n  First admin created. Sign in at ${url}/login with\n    email:    ${admin.email}\n    password: ${admin.generatedPassword}\n  This password is shown only once. Change it on the Profile screen.\n`,
    );
  } else if (admin.created) {
    console.log(`\n  First admin created. Sign in at ${url}/login as ${admin.email} with ADMIN_PASSWORD.\n`);
  } else {
    console.log(`\n  Sign in at ${url}/login with a staff account (add one with: npm run user:create).\n`);
  }
}

async function main() {
  loadDotEnv();
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await runMigrations(
    database,
    { afterMs: 2000, notify: () => console.log(SLOW_MIGRATIONS_NOTICE) },
    config.locales.default,
  );
  await startServer(config, database);
}

// Run only as the entry point, not when the demo imports startServer.
if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
