import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { RedisConnection } from '../redis/connection';

/** A counter and the most it may reach within its window. */
export type Limit = { key: string; max: number };

/** What take() decided: allowed, or refused with the time until the fullest counter resets. */
type Taken = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Counters in fixed windows, for limits that must hold under a burst. take() checks and counts
 * in one atomic step: when no counter is full it adds one to each, otherwise it adds nothing and
 * refuses. So a burst gets exactly the limit's worth of attempts, however many arrive at once,
 * and an attempt refused by one counter never uses up another (an account that is locked does
 * not also lock the address trying it).
 */
export type CounterStore = {
  take(limits: Limit[], windowMs: number): Promise<Taken>;
  /** Gives back one count on each key (an attempt that turned out to be fine). */
  release(keys: string[]): Promise<void>;
  reset(key: string): Promise<void>;
};

/** Counters kept by one process; the oldest are dropped past `maxKeys`, so junk keys cannot grow it without bound. */
function memoryCounterStore(now: () => number = Date.now, maxKeys = 100_000): CounterStore {
  const counters = new LRUCache<string, { count: number; resetAt: number }>({ max: maxKeys });
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async take(limits, windowMs) {
      let wait = 0;
      for (const { key, max } of limits) {
        const entry = live(key);
        if (entry && entry.count >= max) wait = Math.max(wait, entry.resetAt - now());
      }
      if (wait > 0) return { allowed: false, retryAfterMs: wait };
      for (const { key } of limits) {
        const entry = live(key);
        if (entry) entry.count += 1;
        else counters.set(key, { count: 1, resetAt: now() + windowMs });
      }
      return { allowed: true };
    },
    async release(keys) {
      for (const key of keys) {
        const entry = live(key);
        if (entry && entry.count > 0) entry.count -= 1;
      }
    },
    async reset(key) {
      counters.delete(key);
    },
  };
}

// The same check-then-count as the memory store, run by Redis as one atomic script, so every
// process sharing the Redis sees one count. KEYS: the counters; ARGV[1]: the window in ms;
// ARGV[i + 1]: the most KEYS[i] may reach. Answers 0 when counted, else ms until a retry.
const TAKE_SCRIPT = `
local wait = 0
for i, key in ipairs(KEYS) do
  local n = tonumber(redis.call('GET', key) or '0')
  if n >= tonumber(ARGV[i + 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then
      redis.call('PEXPIRE', key, ARGV[1])
      ttl = tonumber(ARGV[1])
    end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for _, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[1]) end
end
return 0`;

const RELEASE_SCRIPT = `
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then redis.call('DECR', key) end
end
return 0`;

/** The client with the two scripts defined on it (ioredis runs them by SHA, loading once). */
type Scripted = Redis & {
  stockroomTake(...args: (string | number)[]): Promise<number>;
  stockroomRelease(...args: (string | number)[]): Promise<number>;
};

/** The counters in Redis, shared by every process of the deployment (keys carry its prefix). */
function redisCounterStore(connection: RedisConnection): CounterStore {
  const redis = connection.client as Scripted;
  if (!('stockroomTake' in redis)) {
    connection.client.defineCommand('stockroomTake', { lua: TAKE_SCRIPT });
    connection.client.defineCommand('stockroomRelease', { lua: RELEASE_SCRIPT });
  }
  return {
    async take(limits, windowMs) {
      const wait = await redis.stockroomTake(
        limits.length,
        ...limits.map((l) => l.key),
        windowMs,
        ...limits.map((l) => l.max),
      );
      return wait > 0 ? { allowed: false, retryAfterMs: wait } : { allowed: true };
    },
    async release(keys) {
      if (keys.length) await redis.stockroomRelease(keys.length, ...keys);
    },
    async reset(key) {
      await redis.del(key);
    },
  };
}

/**
 * Redis while it answers, this process's memory while it does not: a Redis outage loosens the
 * limits to one count per process, and never makes a request fail or wait.
 */
export function resilientCounterStore(connection: RedisConnection | undefined): CounterStore {
  const memory = memoryCounterStore();
  if (!connection) return memory;
  const shared = redisCounterStore(connection);
  const either =
    <A extends unknown[], R>(op: (store: CounterStore) => (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      if (!connection.isUp()) return op(memory)(...args);
      try {
        return await connection.deadline(op(shared)(...args));
      } catch (err) {
        connection.markDown(err);
        return op(memory)(...args);
      }
    };
  return {
    take: either((s) => s.take),
    release: either((s) => s.release),
    reset: either((s) => s.reset),
  };
}
