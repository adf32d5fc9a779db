import type { onRequestAsyncHookHandler } from 'fastify';
import type { CounterStore } from './counters';
import { tooManyRequests } from './throttle';

/**
 * Every request of a route counted per client address in a fixed window, before anything else
 * runs; past `max` it answers 429 with Retry-After. The store is the one the sign-in limits use,
 * so it is shared through Redis and falls back to memory when Redis is away.
 */
export function rateLimitPerAddress(
  store: CounterStore,
  opts: { name: string; max: number; windowMs: number; message: string },
): onRequestAsyncHookHandler {
  return async (request) => {
    const taken = await store.take([{ key: `${opts.name}:${request.ip}`, max: opts.max }], opts.windowMs);
    if (!taken.allowed) throw tooManyRequests(() => opts.message, taken.retryAfterMs);
  };
}
