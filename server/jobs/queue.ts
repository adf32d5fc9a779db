import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

/** What a job's handler gets: its data, and a signal raised when this process stops. */
export type JobHandler<T> = (data: T, signal: AbortSignal) => Promise<void>;

export type JobQueue = ReturnType<typeof createJobQueue>;

/** 'short' keeps one job per singleton key waiting to start (pg-boss queue policies). */
type QueuePolicy = 'standard' | 'short';

type Log = { warn(obj: object, message: string): void; error(obj: object, message: string): void };

/** The queue's tables live in a schema of their own, apart from the application's. */
const QUEUE_SCHEMA = 'pgboss';
/** How often an idle worker asks for a new job: a queued import starts within about this. */
const POLLING_SECONDS = 1;
/** A job still active after this is failed by the queue's supervisor (its process died). */
const EXPIRE_SECONDS = 60 * 60;

/**
 * The background-job queue (pg-boss), on the application's own pool: pg-boss never opens a
 * connection of its own, so on the embedded database (one session) it takes turns with the
 * requests. Any process sharing the database may run a queued job; each runs one at a time.
 *
 * `hold` runs work that keeps the pool's only connection busy (a long transaction on PGlite):
 * the queue's own statements wait for it instead of timing out on the pool.
 */
export function createJobQueue(database: Database, log: Log) {
  let holding: Promise<unknown> = Promise.resolve();
  const boss = new PgBoss({
    db: {
      async executeSql(text: string, values: unknown[]) {
        await holding;
        return database.pool.query(text, values);
      },
    },
    schema: QUEUE_SCHEMA,
    // No cron schedules: nothing here runs on a timetable, and the clock monitor would poll.
    schedule: false,
    // Finished jobs' rows: the application's own jobs table keeps what a screen shows.
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 1,
  });
  const handlers = new Map<string, { handler: JobHandler<never>; policy?: QueuePolicy }>();
  const onStart: (() => Promise<void>)[] = [];
  const workers = new Map<string, string>();
  const stopping = new AbortController();
  let started = false;
  /** The start under way or done: a send waits for it rather than finding no queue yet. */
  let starting: Promise<void> | null = null;

  boss.on('error', (err) => log.warn({ err }, 'job queue error'));

  async function run() {
    for (const work of onStart) await work();
    await oneStartAtATime(database, () => boss.start());
    for (const [queue, { handler, policy }] of handlers) {
      // A failed import is reported, not retried: running it again would fail the same way.
      await retryCreationRace(() =>
        boss.createQueue(queue, { name: queue, retryLimit: 0, expireInSeconds: EXPIRE_SECONDS, policy }),
      );
      const id = await boss.work<never>(
        queue,
        { pollingIntervalSeconds: POLLING_SECONDS, batchSize: 1 },
        async ([job]) => {
          try {
            await handler(job.data, stopping.signal);
          } catch (err) {
            log.error({ err, queue, job: job.id }, 'job failed');
            throw err;
          }
        },
      );
      workers.set(queue, id);
    }
    started = true;
  }

  return {
    /** Registers the handler of a queue; call before start. */
    handle<T>(queue: string, handler: JobHandler<T>, options: { policy?: QueuePolicy } = {}) {
      handlers.set(queue, { handler: handler as JobHandler<never>, policy: options.policy });
    },

    /** Runs when the queue starts, before it takes a job (say, to fail jobs a dead process left). */
    onStart(work: () => Promise<void>) {
      onStart.push(work);
    },

    /**
     * Starts the queue in the background: the server answers requests meanwhile (installing or
     * checking pg-boss's schema is a few round trips that a start need not wait for), and a send
     * made before it is done waits for it.
     */
    start(): Promise<void> {
      starting ??= run().catch((err) => {
        log.error({ err }, 'the job queue did not start');
        throw err;
      });
      return starting;
    },

    /** Whether this process runs the queue (and so may send to it). */
    get started() {
      return started;
    },

    /** Queues a job; this process's own worker is told at once rather than at its next poll. */
    async send(queue: string, data: object, options: PgBoss.SendOptions = {}) {
      if (!starting) return;
      await starting;
      await boss.send(queue, data, options);
      const worker = workers.get(queue);
      if (worker) boss.notifyWorker(worker);
    },

    hold<T>(work: () => Promise<T>): Promise<T> {
      const running = work();
      holding = running.catch(() => {});
      return running;
    },

    /** Stops taking jobs and tells the running one to stop; waits for it briefly. */
    async stop() {
      await starting?.catch(() => {});
      if (!started) return;
      stopping.abort();
      await boss.stop({ graceful: true, timeout: 5_000, close: false });
      started = false;
    },
  };
}

/**
 * Processes that start together on a new PostgreSQL database would each find the queue's schema
 * missing and install it; the loser's `CREATE SCHEMA` then fails on the catalogue's unique index
 * (23505), and pg-boss, left half started, cannot be started again. So the processes take turns
 * under a session advisory lock: the next one finds the schema installed. (PGlite is one process,
 * and its pool's one connection could not be held here while pg-boss queries.)
 */
async function oneStartAtATime<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work();
  const client = await database.pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('stockroom.job-queue.start'))`);
    try {
      return await work();
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('stockroom.job-queue.start'))`);
    }
  } finally {
    client.release();
  }
}

/**
 * Creating the queues at once from several processes can deadlock (40P01) or meet a row another
 * process just inserted (23505); PostgreSQL fails one of them either way. Creation is idempotent,
 * so the loser tries again after a moment and finds what the winner made.
 */
const CREATION_RACES = new Set(['40P01', '23505']);

async function retryCreationRace<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!CREATION_RACES.has((err as { code?: string }).code ?? '') || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 200 * attempt));
    }
  }
}
