import { describe, expect, it } from 'vitest';
import { API_ERROR } from '../../domain/messages';
import { createLoginThrottle, memoryCounterStore } from './login-throttle';

describe('login throttle', () => {
  it('blocks after the limit and forgets when the window passes', async () => {
    let now = 1_000_000;
    const clock = () => now;
    const throttle = createLoginThrottle(
      memoryCounterStore(clock),
      { maxPerEmail: 2, maxPerAddress: 100, windowMs: 60_000 },
      clock,
    );
    await throttle.recordFailure('a', 'x@example.com');
    await throttle.recordFailure('b', 'x@example.com');
    await expect(throttle.check('c', 'x@example.com')).rejects.toMatchObject({
      statusCode: 429,
      message: API_ERROR.tooManyLogins(1),
    });
    await expect(throttle.check('c', 'y@example.com')).resolves.toBeUndefined();
    now += 60_001;
    await expect(throttle.check('c', 'x@example.com')).resolves.toBeUndefined();
  });

  it('a success clears the email count', async () => {
    const throttle = createLoginThrottle(memoryCounterStore(), {
      maxPerEmail: 2,
      maxPerAddress: 100,
      windowMs: 60_000,
    });
    await throttle.recordFailure('a', 'x@example.com');
    await throttle.recordSuccess('x@example.com');
    await throttle.recordFailure('a', 'x@example.com');
    await expect(throttle.check('a', 'x@example.com')).resolves.toBeUndefined();
  });
});
