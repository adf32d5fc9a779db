import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { BACKUP_TEXT } from '#domain/backups';
import { SERVER_GRANTOR } from '../auth/rights';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import { createMailer } from '../mail/mailer';
import { createDashboardService } from '../modules/dashboard/dashboard.service';
import { createUsersService } from '../modules/users/users.service';
import { openTestDatabase } from '../test/harness';
import { createScheduledBackups } from './scheduled';

// The queue is not what is tested here (housekeeping.test.ts covers its once-per-run keys): a
// stand-in that takes the handler and the sends.
const queue = { handle() {}, async send() {} } as unknown as JobQueue;
const log = { info() {}, warn() {}, error() {} };

let database: Database;
let dataDir: string;
beforeAll(async () => {
  const test = await openTestDatabase({ migrated: true });
  // The embedded test database is lent without its worker's dump; a worker of its own has it.
  database =
    test.kind === 'pglite'
      ? await openDatabase({ kind: 'pglite', dataDir: null, from: inject('pgliteTemplate') ?? undefined })
      : test;
  if (test !== database) await test.close();
  dataDir = mkdtempSync(path.join(tmpdir(), 'stockroom-scheduled-'));
  await createUsersService(database.db).create(
    {
      name: 'Ada Admin',
      email: 'ada@example.com',
      password: 'admin-pass-1',
      role: 'admin',
    },
    SERVER_GRANTOR,
  );
});
afterAll(async () => {
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function setUp(env: Record<string, string>, dir = dataDir) {
  const databaseUrl = database.kind === 'postgres' ? String(database.pool.options.connectionString) : '';
  const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env });
  const mailer = createMailer(database, config, log);
  return {
    backups: createScheduledBackups({ queue, database, config, mailer, log }),
    dashboard: createDashboardService(database.db, { backupEverySeconds: config.backup.everySeconds }),
  };
}

describe('scheduled backups', () => {
  it('are off by default, and the dashboard then says nothing of them', async () => {
    const { dashboard } = setUp({});
    expect((await dashboard.get()).health.backup).toBeNull();
  });

  it('record each run, keep only BACKUP_KEEP files, and take one per interval', async () => {
    const { backups, dashboard } = setUp({ BACKUP_EVERY: '1d', BACKUP_KEEP: '2' });
    expect((await dashboard.get()).health.backup).toMatchObject({ warning: 'none', last_good_at: null });

    for (let i = 0; i < 3; i++) expect(await backups.runOnce()).toBe('succeeded');
    expect(readdirSync(path.join(dataDir, 'backups')).filter((n) => n.endsWith('.tar.gz'))).toHaveLength(2);
    const health = (await dashboard.get()).health.backup;
    expect(health?.warning).toBeNull();
    expect(health?.last_good_file).toMatch(/^stockroom-.*\.tar\.gz$/);

    // Within the interval, as several processes' runs would find it: nothing more.
    const again = await Promise.all([backups.runOnce(86_400), backups.runOnce(86_400)]);
    expect(again).toEqual(['skipped', 'skipped']);
    const { rows } = await database.pool.query(
      "select state, count(*)::int as n from jobs where kind = 'backup' group by state",
    );
    expect(rows).toEqual([{ state: 'succeeded', n: 3 }]);

    // Two intervals without a good one: the card warns.
    await database.pool.query("update jobs set created_at = now() - interval '3 days' where kind = 'backup'");
    expect((await dashboard.get()).health.backup?.warning).toBe('stale');
    expect(BACKUP_TEXT.stale).toContain('twice');
    // Due again, two at once take it once.
    const due = await Promise.all([backups.runOnce(86_400), backups.runOnce(86_400)]);
    expect(due.sort()).toEqual(['skipped', 'succeeded']);
  });

  it('a failed run is recorded, e-mails the admins through the outbox and shows on the card', async () => {
    // A file where the backups folder should be: the backup cannot be written.
    const broken = mkdtempSync(path.join(tmpdir(), 'stockroom-scheduled-broken-'));
    writeFileSync(path.join(broken, 'backups'), 'not a folder');
    try {
      const { backups, dashboard } = setUp({ BACKUP_EVERY: '1d' }, broken);
      expect(await backups.runOnce()).toBe('failed');
      const { rows } = await database.pool.query(
        "select error from jobs where kind = 'backup' and state = 'failed' order by created_at desc limit 1",
      );
      expect(rows[0].error).toMatch(/EEXIST|ENOTDIR|not a directory|exists/i);
      const mail = await database.pool.query(
        "select to_address, subject, text_body from outbox where kind = 'backup_failed'",
      );
      expect(mail.rows).toHaveLength(1);
      expect(mail.rows[0]).toMatchObject({
        to_address: 'ada@example.com',
        subject: 'A scheduled backup failed',
      });
      expect((await dashboard.get()).health.backup?.last_failed_at).not.toBeNull();
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
