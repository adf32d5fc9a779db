import { API_ERROR } from '#domain/messages';
import type { CounterStore } from '../limits/counters';
import { type Attempt, beginAttempt } from '../limits/throttle';

export type LoginLimits = {
  maxPerPair: number;
  maxPerEmail: number;
  maxPerAddress: number;
  windowMs: number;
};

export type LoginThrottle = {
  /** Counts a sign-in attempt before the password is checked; throws 429 when a limit is full. */
  begin(address: string, email: string): Promise<Attempt>;
};

/**
 * Failed sign-ins are limited per pair of email and client address, with a higher ceiling per
 * email and one per address. A person locked out of one address can still sign in from another
 * until the email's ceiling; a burst against one account stops at the pair's limit, and its
 * refused attempts do not count against the address, so an office behind one NAT is not locked
 * out by one visitor. A right password gives its count back: only failures are counted.
 */
export function createLoginThrottle(store: CounterStore, limits: LoginLimits): LoginThrottle {
  return {
    begin(address, email) {
      const pair = `login:pair:${address}:${email}`;
      const byEmail = `login:email:${email}`;
      const byAddress = `login:addr:${address}`;
      return beginAttempt(
        store,
        [
          { key: pair, max: limits.maxPerPair },
          { key: byEmail, max: limits.maxPerEmail },
          { key: byAddress, max: limits.maxPerAddress },
        ],
        limits.windowMs,
        API_ERROR.tooManyLogins,
        { release: [byEmail, byAddress], reset: [pair] },
      );
    },
  };
}

export type PasswordChangeThrottle = { begin(userId: number): Promise<Attempt> };

/** Wrong current passwords per user: a stolen session cannot be used to guess the password. */
export function createPasswordChangeThrottle(
  store: CounterStore,
  limits: { max: number; windowMs: number },
): PasswordChangeThrottle {
  return {
    begin(userId) {
      const key = `password:user:${userId}`;
      return beginAttempt(
        store,
        [{ key, max: limits.max }],
        limits.windowMs,
        API_ERROR.tooManyPasswordAttempts,
        { release: [], reset: [key] },
      );
    },
  };
}
