import { AppError } from '../errors/app-error';
import type { CounterStore, Limit } from './counters';

/** A 429 that says when to come back, in whole seconds (Retry-After) and in the message's minutes. */
export function tooManyRequests(message: (minutes: number) => string, retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, message(Math.max(1, Math.ceil(seconds / 60))), undefined, {
    'retry-after': String(seconds),
  });
}

/** One attempt counted before it is tried; `succeeded` gives back what a good attempt used. */
export type Attempt = { succeeded(): Promise<void> };

/**
 * Counts an attempt against every limit before the work it guards runs, or throws the 429.
 * Counting first is what makes a limit hold under a burst: checking first and counting after the
 * password check lets every request of a burst through the check before any is counted.
 */
export async function beginAttempt(
  store: CounterStore,
  limits: Limit[],
  windowMs: number,
  message: (minutes: number) => string,
  /** On success: counters given back (failures only are counted) and counters cleared. */
  onSuccess: { release: string[]; reset: string[] },
): Promise<Attempt> {
  const taken = await store.take(limits, windowMs);
  if (!taken.allowed) throw tooManyRequests(message, taken.retryAfterMs);
  return {
    async succeeded() {
      await store.release(onSuccess.release);
      await Promise.all(onSuccess.reset.map((key) => store.reset(key)));
    },
  };
}
