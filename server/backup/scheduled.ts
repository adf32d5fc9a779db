import { randomUUID } from 'node:crypto';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { backupFailedMail } from '#domain/backups';
import type { Config } from '../config';
import type { Database, Db } from '../db/client';
import { ADVISORY_LOCKS } from '../db/locks';
import { jobs, roles, users } from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import type { Mailer } from '../mail/mailer';
import { createBackup } from './backup';

/** The queue of scheduled backups, apart from housekeeping: a long backup delays no chore. */
const BACKUP_QUEUE = 'backup';
/** A process's first look after it starts, so a deployment with none gets one soon. */
const FIRST_AFTER_SECONDS = 60;
const BACKUP_FILE = /^stockroom-.*\.tar\.gz$/;

type Log = { info(obj: object, message: string): void; error(obj: object, message: string): void };

type Deps = { queue: JobQueue; database: Database; config: Config; mailer: Mailer; log: Log };

/** The latest scheduled run of each outcome, for the dashboard's health card. */
export async function lastBackups(db: Db) {
  const latest = async (state: 'succeeded' | 'failed') => {
    const [row] = await db
      .select({ at: jobs.created_at, report: jobs.report, error: jobs.error })
      .from(jobs)
      .where(and(eq(jobs.kind, 'backup'), eq(jobs.state, state)))
      .orderBy(desc(jobs.created_at))
      .limit(1);
    return row ?? null;
  };
  return { good: await latest('succeeded'), failed: await latest('failed') };
}

/**
 * Backups every BACKUP_EVERY on the job queue, keeping the newest BACKUP_KEEP in DATA_DIR/backups
 * of the process that ran it. Like housekeeping, each run queues the next with startAfter, and the
 * 'short' policy keeps one waiting run however many processes queue one; a run that finds a backup
 * started within the interval (by another process) does nothing, so there is one per interval.
 * Each run is a row in `jobs` (kind 'backup'); a failed one e-mails the admins through the outbox.
 */
export function createScheduledBackups({ queue, database, config, mailer, log }: Deps) {
  const every = config.backup.everySeconds;
  const db = database.db;
  const dir = path.join(config.dataDir, 'backups');

  /** Seconds until the next backup is due: 0 when none started within the interval. */
  async function secondsUntilDue(intervalSeconds: number): Promise<number> {
    const [row] = await db
      .select({ at: jobs.created_at })
      .from(jobs)
      .where(and(eq(jobs.kind, 'backup'), sql`${jobs.state} in ('running', 'succeeded')`))
      .orderBy(desc(jobs.created_at))
      .limit(1);
    if (!row) return 0;
    return Math.max(0, Math.ceil((row.at.getTime() + intervalSeconds * 1000 - Date.now()) / 1000));
  }

  async function prune() {
    const names = (await readdir(dir)).filter((n) => BACKUP_FILE.test(n));
    const dated = await Promise.all(
      names.map(async (name) => ({ name, at: (await stat(path.join(dir, name))).mtimeMs })),
    );
    dated.sort((a, b) => b.at - a.at || b.name.localeCompare(a.name));
    for (const { name } of dated.slice(config.backup.keep)) await rm(path.join(dir, name), { force: true });
  }

  /**
   * Records the start of a run, unless `interval` is given and one started within it (another
   * process took this interval): checked and written under one lock, so two never both start.
   */
  async function claim(interval: number | null): Promise<string | null> {
    const id = randomUUID();
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.backups})`);
      if (interval !== null) {
        const [recent] = await tx
          .select({ id: jobs.id })
          .from(jobs)
          .where(
            and(
              eq(jobs.kind, 'backup'),
              sql`${jobs.state} in ('running', 'succeeded')`,
              sql`${jobs.created_at} > now() - make_interval(secs => ${interval})`,
            ),
          )
          .limit(1);
        if (recent) return null;
      }
      await tx.insert(jobs).values({ id, kind: 'backup', state: 'running', params: { every } });
      return id;
    });
  }

  /**
   * One recorded run: always (tests, by hand), or with `interval` only if none started within it.
   * Resolves to what became of it, or 'skipped'.
   */
  async function runOnce(interval: number | null = null): Promise<'succeeded' | 'failed' | 'skipped'> {
    const id = await claim(interval);
    if (!id) return 'skipped';
    try {
      const { file, manifest } = await createBackup(config, { database });
      const bytes = (await stat(file)).size;
      await prune();
      const report = {
        file: path.basename(file),
        bytes,
        rows: Object.values(manifest.counts).reduce((a, b) => a + b, 0),
        migration: manifest.migration.tag,
      };
      await db
        .update(jobs)
        .set({ state: 'succeeded', report, updated_at: new Date() })
        .where(eq(jobs.id, id));
      log.info({ backup: report }, 'scheduled backup written');
      return 'succeeded';
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.error({ err }, 'scheduled backup failed');
      await db.transaction(async (tx) => {
        await tx
          .update(jobs)
          .set({ state: 'failed', error: message, updated_at: new Date() })
          .where(eq(jobs.id, id));
        const admins = await tx
          .select({ email: users.email })
          .from(users)
          .innerJoin(roles, eq(roles.key, users.role))
          .where(sql`'settings.manage' = any(${roles.permissions})`);
        for (const { email } of admins)
          await mailer.enqueue(tx, {
            to: email,
            kind: 'backup_failed',
            ...backupFailedMail(message, config.publicUrl),
          });
      });
      return 'failed';
    }
  }

  if (every !== null) {
    const schedule = (startAfter: number, singletonKey: string) =>
      queue.send(BACKUP_QUEUE, {}, { startAfter, singletonKey });
    queue.handle(
      BACKUP_QUEUE,
      async () => {
        try {
          await runOnce(every);
        } finally {
          await schedule(Math.max(1, await secondsUntilDue(every)), 'next');
        }
      },
      { policy: 'short' },
    );
  }

  return {
    /** Queues the first look once the queue has started (nothing when BACKUP_EVERY is off). */
    async start() {
      if (every === null) return;
      await queue.send(
        BACKUP_QUEUE,
        {},
        {
          startAfter: Math.max(FIRST_AFTER_SECONDS, await secondsUntilDue(every)),
          singletonKey: 'start',
        },
      );
    },
    runOnce,
  };
}

export type ScheduledBackups = ReturnType<typeof createScheduledBackups>;
