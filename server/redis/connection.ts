import { Redis } from 'ioredis';

export type RedisLog = { warn(message: string): void; info(message: string): void };

/**
 * A Redis client that never makes a request wait for Redis: commands fail at once while the
 * connection is down (no offline queue) and after a short timeout while it hangs, so callers
 * fall back to this process's memory. Every key carries the deployment's prefix. An outage is
 * logged once when it starts and once when it ends, not on every reconnect attempt.
 */
export type RedisConnection = {
  client: Redis;
  prefix: string;
  /** True while commands can be sent; false during an outage or before the first connect. */
  isUp(): boolean;
  /** A command failed: treat Redis as down until the client reconnects. */
  markDown(err: unknown): void;
  /**
   * The command's answer, or a rejection once it has been waited on for longer than
   * REDIS_COMMAND_TIMEOUT_MS while the process was free to read it (see withDeadline).
   */
  deadline<T>(command: Promise<T>): Promise<T>;
  /** Resolves true once connected, or false after timeoutMs (start-up and tests wait on it). */
  whenUp(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
};

/** How long a command may take before the caller gives up on Redis and uses memory. */
export const REDIS_COMMAND_TIMEOUT_MS = 120;

/**
 * Rejects when the command has not answered within `ms`, but only once this process has had a
 * chance to read the answer. A timer can fire late, after a busy event loop (a burst of hundreds
 * of requests) held it and the reply alike; timers run before pending I/O in a turn of the loop,
 * so a plain timeout (ioredis's commandTimeout) would then reject a reply already waiting in the
 * socket and count a busy process as a Redis outage. Deferring the verdict by one setImmediate
 * lets the poll phase deliver that reply first.
 */
export function withDeadline<T>(command: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(
      () =>
        setImmediate(() => {
          if (settled) return;
          settled = true;
          reject(new Error('Command timed out'));
        }),
      ms,
    );
    command.then(
      (value) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (err) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

export function connectRedis(url: string, prefix: string, log: RedisLog): RedisConnection {
  const client = new Redis(url, {
    keyPrefix: prefix,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    // Reconnect quickly at first, then every 2 s: cheap, and limits return to Redis soon after
    // it is back.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  let up = false;
  let outageLogged = false;
  const goDown = (reason: string) => {
    up = false;
    if (outageLogged) return;
    outageLogged = true;
    log.warn(`Redis is unreachable (${reason}); limits use this process's memory until it is back`);
  };
  client.on('ready', () => {
    up = true;
    if (outageLogged) log.info('Redis is reachable again; limits are shared again');
    outageLogged = false;
  });
  // ioredis emits an error for every failed reconnect; only the first of an outage is news.
  client.on('error', (err) => goDown(err.message));
  client.on('close', () => {
    if (up) goDown('connection closed');
  });
  return {
    client,
    prefix,
    isUp: () => up && client.status === 'ready',
    markDown(err) {
      goDown(err instanceof Error ? err.message : String(err));
      // A command that timed out on a connection that still looks open: reconnect, so 'ready'
      // tells us when Redis answers again.
      if (client.status === 'ready') client.disconnect(true);
    },
    deadline: (command) => withDeadline(command, REDIS_COMMAND_TIMEOUT_MS),
    whenUp(timeoutMs) {
      if (up) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          client.off('ready', onReady);
          resolve(false);
        }, timeoutMs);
        const onReady = () => {
          clearTimeout(timer);
          resolve(true);
        };
        client.once('ready', onReady);
      });
    },
    async close() {
      // A close we asked for is no outage: nothing to warn about.
      up = false;
      client.removeAllListeners('error');
      client.on('error', () => {});
      if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
      else client.disconnect();
    },
  };
}
