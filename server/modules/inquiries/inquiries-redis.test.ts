import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connectRedis } from '../../redis/connection';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * Two apps, each on a database of its own, sharing one Redis: the counters that must hold across
 * processes. A slow test (two contexts at once), in the slow project.
 */
const address = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0]).join('.')}`;
const valid = {
  name: 'Vera Visitor',
  email: 'vera@example.com',
  phone: '+1 555 0100',
  subject: 'Quote please',
  message: 'Ten units.',
};

describe('with Redis (REDIS_URL)', () => {
  it('shares the quote-request limit and the sign-in throttle between two processes', async () => {
    const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const redis = connectRedis(url, `stockroom-test-${randomBytes(4).toString('hex')}:`, {
      warn: () => {},
      info: () => {},
    });
    if (!(await redis.whenUp(5_000)))
      throw new Error(`Redis is needed for this test at ${url} (set TEST_REDIS_URL)`);
    const env = { INQUIRY_RATE_MAX: '2', LOGIN_MAX_FAILURES_PER_EMAIL: '2' };
    const one = await createTestContext(env, { redis });
    const two = await createTestContext(env, { redis });
    try {
      const ip = address();
      const post = (c: TestContext) => c.as().post('/api/inquiries', valid, { remoteAddress: ip });
      expect((await post(one)).statusCode).toBe(201);
      expect((await post(two)).statusCode).toBe(201);
      expect((await post(one)).statusCode).toBe(429);

      const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
      const login = (c: TestContext) =>
        c.as().post('/api/auth/login', { email, password: 'nope' }, { remoteAddress: address() });
      expect((await login(one)).statusCode).toBe(401);
      expect((await login(two)).statusCode).toBe(401);
      expect((await login(one)).statusCode).toBe(429);
    } finally {
      await one.close();
      await two.close();
      await redis.close();
    }
  });
});
