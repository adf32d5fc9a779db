import { randomUUID } from 'node:crypto';
import {
  IMPORT_FIELDS,
  IMPORT_TEXT,
  type ImportMapping,
  importApplyRights,
  importFormFields,
  importMappingSchema,
} from '#domain/imports';
import type { Rights } from '../../auth/rights';
import { AppError } from '../../errors/app-error';
import { zodToAppError } from '../../errors/validation';
import { type ImportDeps, type ImportParams, runImport } from './import-job';
import { type ImportColumns, resolveColumns, resolveTranslationColumns } from './import-row';
import type { ChunkSink, ReceivedImport } from './import-upload';

export const IMPORT_QUEUE = 'product-import';

/** Uploads never followed by a job (the request failed half-way, the process died) go after this. */
const ORPHAN_UPLOAD_HOURS = 24;
/**
 * A job that has not moved for this long was left by a process that died: a running import writes
 * its progress every few seconds.
 */
const STALE_JOB_MINUTES = 30;
/** Finished jobs (and their reports) are kept this long for a screen to show, then deleted. */
const KEEP_JOBS_DAYS = 30;

export type ImportsService = ReturnType<typeof createImportsService>;

export function createImportsService(deps: ImportDeps) {
  const { database, jobs, queue } = deps;
  const pool = database.pool;

  async function discard(jobId: string) {
    await pool.query('delete from import_chunks where job_id = $1', [jobId]);
  }

  /**
   * Fails the jobs a dead process left queued or running, and drops their scratch rows. With
   * `running`, every running job is taken as left behind (the embedded database has one process,
   * which is starting); a queued one still runs when the queue hands it out.
   */
  async function failAbandoned(running: boolean) {
    // One statement, so no reader sees a failed job whose scratch rows are still there.
    await pool.query(
      `with failed as (
         update jobs set state = 'failed', error = $1, updated_at = now()
         where (state = 'running' and $2) or
               (state in ('queued', 'running') and updated_at < now() - make_interval(mins => $3))
         returning id),
       dropped_rows as (delete from import_rows where job_id in (select id from failed)),
       dropped_chunks as (delete from import_chunks where job_id in (select id from failed))
       select count(*) from failed`,
      [IMPORT_TEXT.interrupted, running, STALE_JOB_MINUTES],
    );
  }

  return {
    /** When this process starts taking jobs. */
    recover: () => failAbandoned(database.kind === 'pglite'),

    /**
     * Takes an upload: `receive` streams the file into the database under a new job id; then the
     * form is checked against the file's header and the job is queued. A refused upload leaves
     * nothing behind.
     */
    async accept(
      receive: (sink: ChunkSink) => Promise<ReceivedImport>,
      /** The person importing; null for an API token (ADR 0019). */
      userId: number | null,
      rights: Rights,
      /** The API token importing, whose rows the change log then names. */
      tokenId: number | null = null,
    ): Promise<{ job_id: string }> {
      const jobId = randomUUID();
      await failAbandoned(false);
      await pool.query(
        `delete from jobs where created_at < now() - make_interval(days => $1) and state in ('succeeded', 'failed')`,
        [KEEP_JOBS_DAYS],
      );
      await pool.query(
        `delete from import_chunks c
         where c.created_at < now() - make_interval(hours => $1)
           and not exists (select 1 from jobs j where j.id = c.job_id)`,
        [ORPHAN_UPLOAD_HOURS],
      );
      let params: ImportParams;
      try {
        const received = await receive(async (seq, bytes) => {
          await pool.query('insert into import_chunks (job_id, seq, bytes) values ($1, $2, $3)', [
            jobId,
            seq,
            bytes,
          ]);
        });
        params = checkForm(received, deps.locales ?? []);
        // An import needs the rights of what its columns would write, as the editor and the
        // taxonomy screens ask them: it is refused here, before a job exists. A dry run only
        // reads, so it is let through.
        if (!params.dry_run) requireImportRights(rights, params);
      } catch (err) {
        await discard(jobId).catch(() => {});
        throw err;
      }
      await database.db.transaction(async (tx) => {
        await jobs.create(tx, {
          id: jobId,
          kind: 'product_import',
          params,
          createdBy: userId,
          createdByToken: tokenId,
        });
      });
      await queue.send(IMPORT_QUEUE, { job_id: jobId });
      return { job_id: jobId };
    },

    /** The queue's handler: runs one import job. */
    run: (data: { job_id: string }, signal: AbortSignal) => runImport(deps, data.job_id, signal),
  };
}

/** Applying a file needs the rights of what it would write (importApplyRights): 403 for the first missing. */
function requireImportRights(rights: Rights, { columns, create_missing, translations }: ImportParams) {
  const fields = IMPORT_FIELDS.filter((field) => columns[field]);
  const missing = importApplyRights(fields, create_missing, (translations?.length ?? 0) > 0).find(
    (code) => !rights.has(code),
  );
  if (missing) throw new AppError(403, IMPORT_TEXT.needsRight(missing), undefined, undefined, missing);
}

function checkForm(received: ReceivedImport, locales: readonly string[]): ImportParams {
  const parsed = importFormFields.safeParse(received.fields);
  if (!parsed.success) throw zodToAppError(parsed.error);
  const form = parsed.data;
  let mapping: ImportMapping | null = null;
  if (form.mapping !== undefined && form.mapping.trim() !== '') {
    let json: unknown;
    try {
      json = JSON.parse(form.mapping);
    } catch {
      throw new AppError(400, IMPORT_TEXT.mappingInvalid);
    }
    const result = importMappingSchema.safeParse(json);
    if (!result.success) throw new AppError(400, IMPORT_TEXT.mappingInvalid);
    mapping = result.data;
  }
  if (!received.header) throw new AppError(400, IMPORT_TEXT.empty);
  let columns: ImportColumns;
  try {
    columns = resolveColumns(received.header, mapping);
  } catch (err) {
    throw new AppError(400, (err as Error).message);
  }
  return {
    columns,
    translations: resolveTranslationColumns(received.header, locales),
    dry_run: form.dry_run !== 'false',
    create_missing: form.create_missing === 'true',
  };
}
