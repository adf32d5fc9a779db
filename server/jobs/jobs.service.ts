import { and, eq, sql } from 'drizzle-orm';
import { IMPORT_TEXT, type Job, type JobKind, type JobState } from '#domain/imports';
import type { Database, Db } from '../db/client';
import { jobs } from '../db/schema';
import { notFound } from '../errors/app-error';

type Row = typeof jobs.$inferSelect;
type Executor = Pick<Db, 'insert'>;
/** A raw statement on the pool or on a transaction's client. */
export type Query = (
  text: string,
  values?: unknown[],
) => Promise<{ rows: unknown[]; rowCount: number | null }>;

const toJob = (row: Row): Job => ({
  id: row.id,
  // read() only ever returns imports (a backup's run is not a Job of the API).
  kind: row.kind as JobKind,
  state: row.state,
  progress: { done: row.progress_done, total: row.progress_total },
  report: (row.report as Job['report']) ?? null,
  error: row.error,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export type JobsService = ReturnType<typeof createJobsService>;

/**
 * The jobs table: what GET /api/jobs/{id} answers on any process. The process running a job also
 * keeps its progress in memory, written to the table as it goes; while the embedded database's one
 * connection is held by the job's own transaction the table cannot be written, so this process
 * answers from memory, which is then the fresher of the two.
 */
export function createJobsService(database: Database) {
  const db = database.db;
  const live = new Map<string, Job>();

  async function read(id: string): Promise<Job> {
    // Imports only: a backup's run is read by the dashboard's health card, not by import.run.
    const [row] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.kind, 'product_import')));
    if (!row) throw notFound(IMPORT_TEXT.jobNotFound);
    return toJob(row);
  }

  return {
    async get(id: string): Promise<Job> {
      return live.get(id) ?? read(id);
    },

    async create(
      executor: Executor,
      input: {
        id: string;
        kind: JobKind;
        params: Record<string, unknown>;
        createdBy: number | null;
        createdByToken?: number | null;
      },
    ) {
      await executor.insert(jobs).values({
        id: input.id,
        kind: input.kind,
        params: input.params,
        created_by: input.createdBy,
        created_by_token: input.createdByToken ?? null,
      });
    },

    /** Claims a queued job for this process; null when it is not queued (already run, or gone). */
    async start(id: string): Promise<{
      params: Record<string, unknown>;
      createdBy: number | null;
      createdByToken: number | null;
    } | null> {
      const [row] = await db
        .update(jobs)
        .set({ state: 'running', updated_at: sql`now()` })
        .where(sql`${jobs.id} = ${id} and ${jobs.state} = 'queued'`)
        .returning();
      if (!row) return null;
      live.set(id, toJob(row));
      return {
        params: row.params as Record<string, unknown>,
        createdBy: row.created_by,
        createdByToken: row.created_by_token,
      };
    },

    /**
     * Records progress in memory, and in the table unless `memoryOnly` (the caller holds the only
     * connection in a transaction).
     */
    async progress(id: string, done: number, total: number | null, opts: { memoryOnly?: boolean } = {}) {
      const job = live.get(id);
      if (job) live.set(id, { ...job, progress: { done, total }, updated_at: new Date().toISOString() });
      if (opts.memoryOnly) return;
      await db
        .update(jobs)
        .set({ progress_done: done, progress_total: total, updated_at: sql`now()` })
        .where(sql`${jobs.id} = ${id} and ${jobs.state} = 'running'`);
    },

    /**
     * Ends a job; `query` runs it in the caller's transaction when given (an apply commits with its
     * result, so a job never reads succeeded for changes rolled back, nor running for changes made).
     */
    async finish(
      id: string,
      result: {
        state: Extract<JobState, 'succeeded' | 'failed'>;
        report: Job['report'];
        error: string | null;
      },
      query: Query = (text, values) => database.pool.query(text, values),
    ) {
      const job = live.get(id);
      const total = job?.progress.total ?? job?.progress.done ?? 0;
      const done = result.state === 'succeeded' ? total : (job?.progress.done ?? 0);
      await query(
        `update jobs set state = $2, report = $3, error = $4, progress_done = $5, progress_total = $6,
           updated_at = now() where id = $1`,
        [
          id,
          result.state,
          result.report === null ? null : JSON.stringify(result.report),
          result.error,
          done,
          total,
        ],
      );
    },

    /** Forgets the in-memory copy once the table holds the final state. */
    release(id: string) {
      live.delete(id);
    },
  };
}
