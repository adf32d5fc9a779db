import fp from 'fastify-plugin';
import type { ScheduledBackups } from '../../backup/scheduled';
import type { Housekeeping } from '../../jobs/housekeeping';
import type { JobQueue } from '../../jobs/queue';

export type JobsOptions = {
  queue: JobQueue;
  housekeeping: Housekeeping;
  backups: ScheduledBackups;
  runJobs?: boolean;
};

/**
 * The job queue (imports) and the scheduled chores, run by this process from the app's start to
 * its close when it runs jobs; the others only queue.
 */
export const jobsLifecycle = fp<JobsOptions>(
  async (app, { queue, housekeeping, backups, runJobs }) => {
    app.decorate('housekeeping', housekeeping);
    if (!runJobs) return;
    // Not awaited: the queue starts beside the first requests (a failed start is logged).
    app.addHook('onReady', async () => {
      queue
        .start()
        .then(() =>
          Promise.all([
            housekeeping.start().catch((err) => app.log.error({ err }, 'housekeeping not scheduled')),
            backups.start().catch((err) => app.log.error({ err }, 'backups not scheduled')),
          ]),
        )
        .catch(() => {});
    });
    app.addHook('onClose', () => queue.stop());
  },
  { name: 'jobs' },
);

declare module 'fastify' {
  interface FastifyInstance {
    housekeeping: Housekeeping;
  }
}
