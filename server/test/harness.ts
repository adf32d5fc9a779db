import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../app';
import { SERVER_GRANTOR } from '../auth/rights';
import { type Config, loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { createImageStore } from '../images/image-store';
import { describeOrphans, findOrphans, isClean } from '../images/orphans';
import type { SenderOptions } from '../mail/mailer';
import { createUsersService } from '../modules/users/users.service';
import type { RedisConnection } from '../redis/connection';
import { checkBundlesAgainstSchema } from './bundle-schema-check';
import { bearer, createClient } from './client';
import { borrowPglite } from './pglite-reuse';

/**
 * One fresh database per test file: embedded PGlite in memory by default, or, with TEST_DB=pg,
 * a database of its own on the PostgreSQL server (TEST_DATABASE_URL), dropped afterwards.
 * `migrated` hands it over migrated: an embedded one starts from the dump the global set-up made
 * (server/test/pglite-template.ts) when there is one, or is an earlier file's put back in that
 * state (server/test/pglite-reuse.ts), and any other is migrated here.
 */
export async function openTestDatabase(
  opts: { migrated?: boolean } = {},
): Promise<Database & { label: string }> {
  if (process.env.TEST_DB !== 'pg') {
    // Outside Vitest (bench/web/upload.mjs) there is no global set-up to have made one.
    const from = opts.migrated && process.env.VITEST ? (inject('pgliteTemplate') ?? undefined) : undefined;
    // A worker that keeps its modules between files (the server project) keeps its databases too.
    const database =
      from && process.env.STOCKROOM_TEST_REUSE_DB
        ? await borrowPglite(from)
        : await openDatabase({ kind: 'pglite', dataDir: null, from });
    if (opts.migrated && !from) await runMigrations(database);
    return { ...database, label: 'pglite' };
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `stockroom_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 5 });
  if (opts.migrated) await runMigrations(database);
  return {
    ...database,
    label: 'postgres',
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export const ADMIN = { name: 'Ada Admin', email: 'ada@example.com', password: 'admin-pass-1' } as const;

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/** A built app on a fresh, migrated database with one admin, plus helpers for the tests. */
export async function createTestContext(
  env: Record<string, string> = {},
  /** uploadsDir: another folder for the images (say, a small filesystem); checked for orphans too. */
  extra: {
    redis?: RedisConnection;
    uploadsDir?: string;
    runJobs?: boolean;
    /** The app's logger (off by default), for tests that read what it writes. */
    logger?: AppDeps['logger'];
    /** The sender's timings (a short backoff, for tests of retries). */
    mail?: SenderOptions;
    /** The webhook sender's timings. */
    webhooks?: AppDeps['webhooks'];
  } = {},
) {
  const database = await openTestDatabase({ migrated: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stockroom-test-'));
  const config: Config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const jwtSecret = randomBytes(32);
  const uploadsDir = extra.uploadsDir ?? path.join(dataDir, 'uploads');
  const app = await buildApp({
    config,
    database,
    jwtSecret,
    redis: extra.redis,
    uploadsDir,
    runJobs: extra.runJobs,
    logger: extra.logger,
    mail: extra.mail,
    webhooks: extra.webhooks,
  });
  // Every bundle a test is served is held to productBundleSchema, strictly.
  const bundleCheck = checkBundlesAgainstSchema(app);
  await app.ready();
  const users = createUsersService(database.db);
  await users.create({ ...ADMIN, role: 'admin' }, SERVER_GRANTOR);

  async function login(email: string, password: string): Promise<string> {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res.json().token;
  }

  const adminToken = await login(ADMIN.email, ADMIN.password);

  return {
    app,
    database,
    config,
    uploadsDir,
    jwtSecret,
    users,
    login,
    adminToken,
    admin: createClient(app, adminToken),
    /** Creates a user directly and returns it with a token. */
    async makeUser(input: { name: string; email: string; role?: string; password?: string }) {
      const password = input.password ?? 'secret-pass';
      const user = await users.create({ role: 'editor', ...input, password }, SERVER_GRANTOR);
      return { user, token: await login(input.email, password) };
    },
    /** Requests as the holder of `token` (a staff member), or with none as a visitor. */
    as: (token?: string | null) => createClient(app, token),
    auth: bearer,
    bundleCheck,
    /**
     * Closes the app and drops the database, and fails the file if the uploads folder and the
     * image rows disagree (every test file that writes images proves it leaves no orphan) or if
     * a bundle it served did not match productBundleSchema.
     */
    async close() {
      let report: Awaited<ReturnType<typeof findOrphans>> | undefined;
      try {
        await app.close();
        report = await findOrphans(database.db, createImageStore(config.imageStore, uploadsDir));
      } finally {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
      if (!isClean(report))
        throw new Error(`Image files and rows disagree after this file:\n${describeOrphans(report)}`);
      if (bundleCheck.mismatches.length > 0) throw new Error(bundleCheck.mismatches.join('\n\n'));
    },
  };
}
