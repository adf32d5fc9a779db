import type { Database } from './client';

export type WokenLoop = {
  /** Runs a pass now, or one more after the pass under way. Never rejects. */
  wake(): Promise<void>;
  /** Listens on the channel and polls, from now until stop(). */
  start(): Promise<void>;
  /** Stops listening and polling, and waits for the pass under way. */
  stop(): Promise<void>;
  /** True once stop() was called: a pass checks it between its rounds. */
  readonly stopped: boolean;
};

/**
 * A background pass, such as a sender's, run when a NOTIFY on `channel` wakes it (the commit that
 * wrote its work) and every `pollMs` besides (retries falling due): one pass at a time, and one
 * more when woken during one. A pass that throws (the database away) is reported to `onError`
 * and tried again at the next wake or poll.
 */
export function wokenLoop(
  database: Pick<Database, 'listen'>,
  channel: string,
  pass: () => Promise<unknown>,
  opts: { pollMs: number; onError: (err: unknown) => void },
): WokenLoop {
  let started = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  function wake(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
        } catch (err) {
          if (!stopped) opts.onError(err);
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void wake().then(schedule);
    }, opts.pollMs);
    timer.unref();
  }

  return {
    wake,
    async start() {
      if (started) return;
      started = true;
      unlisten = await database.listen(channel, (event) => {
        // 'up' after a lost connection: notifications may have been missed, so look now.
        if (event.type !== 'down') void wake();
      });
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await unlisten?.();
      unlisten = undefined;
      await running;
    },
    get stopped() {
      return stopped;
    },
  };
}
