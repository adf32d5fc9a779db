import type { JobQueue } from './queue';

/** The queue of the scheduled chores (pruning the change log, emptying the trash). */
export const HOUSEKEEPING_QUEUE = 'housekeeping';

const HOUSEKEEPING_TIMING = {
  /** Between two runs. */
  everySeconds: 60 * 60,
  /** After a process starts, so a fresh deployment does its chores without waiting an hour. */
  firstAfterSeconds: 60,
};

type Log = { error(obj: object, message: string): void };

/**
 * Chores that run about hourly on whichever process the queue gives the job to. The queue has no
 * cron (its clock monitor would poll): each run queues the next with startAfter. Its singleton
 * keys, under the 'short' policy, keep one waiting run of each kind however many processes queue
 * one, so starting several processes does not multiply the runs; the run soon after a start has
 * a key of its own, so a restart is not made to wait for a run queued an hour ahead.
 */
export function createHousekeeping(queue: JobQueue, log: Log) {
  const tasks = new Map<string, () => Promise<void>>();

  const schedule = (startAfter: number, singletonKey: string) =>
    queue.send(HOUSEKEEPING_QUEUE, {}, { startAfter, singletonKey });

  /** Every task, each on its own: one that fails is logged and the others still run. */
  async function runAll() {
    for (const [name, task] of tasks) {
      try {
        await task();
      } catch (err) {
        log.error({ err, task: name }, 'housekeeping task failed');
      }
    }
  }

  queue.handle(
    HOUSEKEEPING_QUEUE,
    async () => {
      try {
        await runAll();
      } finally {
        await schedule(HOUSEKEEPING_TIMING.everySeconds, 'hourly');
      }
    },
    { policy: 'short' },
  );

  return {
    /** Registers a chore; a name already registered is replaced. */
    add(name: string, task: () => Promise<void>) {
      tasks.set(name, task);
    },
    /** Queues the first run, once the queue has started. */
    start: (afterSeconds = HOUSEKEEPING_TIMING.firstAfterSeconds) => schedule(afterSeconds, 'start'),
    /** Runs every chore now, in this process (scripts, tests). */
    runAll,
  };
}

export type Housekeeping = ReturnType<typeof createHousekeeping>;
