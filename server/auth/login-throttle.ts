import type { Redis } from 'ioredis';
import { API_ERROR } from '../../domain/messages';
import { AppError } from '../http/errors';

/**
 * Counts failed sign-ins per email and per client address in fixed windows. Only failures count,
 * so staff who type their password right are never slowed down. The store is an interface so a
 * shared one (Redis) can replace the in-memory map when several processes run.
 */
export type CounterStore = {
  /** Current count for key within its window (0 when none). */
  get(key: string): Promise<{ count: number; resetAt: number }>;
  increment(key: string, windowMs: number): Promise<void>;
  reset(key: string): Promise<void>;
};

export function memoryCounterStore(now: () => number = Date.now): CounterStore {
  const map = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = map.get(key);
    if (entry && entry.resetAt <= now()) {
      map.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async get(key) {
      return live(key) ?? { count: 0, resetAt: 0 };
    },
    async increment(key, windowMs) {
      const entry = live(key);
      if (entry) entry.count += 1;
      else map.set(key, { count: 1, resetAt: now() + windowMs });
    },
    async reset(key) {
      map.delete(key);
    },
  };
}

/** The same counters in Redis, shared by every process (REDIS_URL). */
export function redisCounterStore(redis: Redis): CounterStore {
  const prefix = 'stockroom:';
  return {
    async get(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return { count: Number(count ?? 0), resetAt: Date.now() + Math.max(0, ttl) };
    },
    async increment(key, windowMs) {
      // NX: the window starts at the first failure and is not stretched by later ones.
      await redis
        .multi()
        .incr(prefix + key)
        .pexpire(prefix + key, windowMs, 'NX')
        .exec();
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

export type LoginThrottle = {
  /** Throws 429 when either the address or the email has used up its failures. */
  check(address: string, email: string): Promise<void>;
  recordFailure(address: string, email: string): Promise<void>;
  recordSuccess(email: string): Promise<void>;
};

export function createLoginThrottle(
  store: CounterStore,
  limits: { maxPerEmail: number; maxPerAddress: number; windowMs: number },
  now: () => number = Date.now,
): LoginThrottle {
  const emailKey = (email: string) => `login:email:${email}`;
  const addressKey = (address: string) => `login:addr:${address}`;
  return {
    async check(address, email) {
      const [byAddress, byEmail] = await Promise.all([
        store.get(addressKey(address)),
        store.get(emailKey(email)),
      ]);
      const blocked = [
        byAddress.count >= limits.maxPerAddress ? byAddress.resetAt : 0,
        byEmail.count >= limits.maxPerEmail ? byEmail.resetAt : 0,
      ].filter(Boolean);
      if (blocked.length > 0) {
        const minutes = Math.max(1, Math.ceil((Math.max(...blocked) - now()) / 60_000));
        throw new AppError(429, API_ERROR.tooManyLogins(minutes));
      }
    },
    async recordFailure(address, email) {
      await Promise.all([
        store.increment(addressKey(address), limits.windowMs),
        store.increment(emailKey(email), limits.windowMs),
      ]);
    },
    async recordSuccess(email) {
      await store.reset(emailKey(email));
    },
  };
}
