import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR } from '#domain/messages';
import { buildApp } from '../app';
import { defaultRedisPrefix, loadConfig } from '../config';
import { resilientCounterStore } from '../limits/counters';
import { freePort, startRedis } from '../multi/cluster';
import { connectRedis, REDIS_COMMAND_TIMEOUT_MS, type RedisConnection } from '../redis/connection';
import { ADMIN, createTestContext, type TestContext } from '../test/harness';

/**
 * Sign-in and request limits probed as an attacker would: bursts, several processes on one Redis,
 * Redis going away, slow clients, sign-out, tokens without expiry. Each test names the finding
 * it guards against.
 */

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A port nothing listens on: Redis "unreachable". */
const DEAD_REDIS_URL = 'redis://127.0.0.1:1';

type Ctx = TestContext;
const login = (app: Ctx['app'], payload: object, ip = '10.20.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });
const wrong = (email: string) => ({ email, password: 'wrong-password' });
const right = { email: ADMIN.email, password: ADMIN.password };
const statuses = (answers: { statusCode: number }[]) => {
  const out: Record<number, number> = {};
  for (const a of answers) out[a.statusCode] = (out[a.statusCode] ?? 0) + 1;
  return out;
};
/** Every 429 says when to come back, in whole seconds. */
function expectRetryAfter(answers: { statusCode: number; headers: Record<string, unknown> }[]) {
  for (const a of answers.filter((x) => x.statusCode === 429)) {
    expect(String(a.headers['retry-after'] ?? '')).toMatch(/^[1-9]\d*$/);
  }
}
const prefix = () => `stockroom-test-${randomBytes(4).toString('hex')}:`;
const warnings: string[] = [];
const redisFor = (url: string, keyPrefix = prefix()) =>
  connectRedis(url, keyPrefix, { warn: (message) => warnings.push(message), info: () => {} });

/** A second process on the same database, as another server would run it. */
async function secondApp(ctx: Ctx, redis?: RedisConnection, env: Record<string, string> = {}) {
  const config = loadConfig({ DATA_DIR: ctx.config.dataDir, LOG_LEVEL: 'silent', ...env });
  const app = await buildApp({
    config,
    database: ctx.database,
    jwtSecret: ctx.jwtSecret,
    redis,
    uploadsDir: ctx.uploadsDir,
  });
  await app.ready();
  return app;
}

describe('a burst of wrong passwords (finding 1)', () => {
  let ctx: Ctx;
  let redisA: RedisConnection;
  let redisB: RedisConnection;
  let other: Ctx['app'];
  const shared = prefix();
  beforeAll(async () => {
    redisA = redisFor(REDIS_URL, shared);
    redisB = redisFor(REDIS_URL, shared);
    expect(await redisA.whenUp(5_000)).toBe(true);
    expect(await redisB.whenUp(5_000)).toBe(true);
    const env = { LOGIN_MAX_FAILURES_PER_PAIR: '10', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000' };
    ctx = await createTestContext(env, { redis: redisA });
    other = await secondApp(ctx, redisB, env);
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
    await redisA?.close();
    await redisB?.close();
  });

  it('gets at most the limit of password checks in one process; the rest are 429 with Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, () => login(ctx.app, wrong(ADMIN.email), '10.20.1.1')),
    );
    const counts = statuses(answers);
    expect(counts[401] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(10);
    expect(counts[429] ?? 0, JSON.stringify(counts)).toBeGreaterThanOrEqual(290);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(300);
    expectRetryAfter(answers);
  });

  it('holds across two processes sharing Redis', async () => {
    const user = await ctx.makeUser({ name: 'Split', email: 'split@example.com', password: 'right-pass' });
    expect(user.user.id).toBeGreaterThan(0);
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        login(i % 2 ? other : ctx.app, wrong('split@example.com'), '10.20.2.1'),
      ),
    );
    const counts = statuses(answers);
    expect(counts[401] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(10);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(300);
    expectRetryAfter(answers);
  });
});

describe('lockout without denial of service (findings 6 and 10)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestContext({
      LOGIN_MAX_FAILURES_PER_PAIR: '10',
      LOGIN_MAX_FAILURES_PER_EMAIL: '25',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '50',
    });
  });
  afterAll(() => ctx?.close());

  it('lets the right password in from an address that has not failed, and says when to retry', async () => {
    await ctx.makeUser({ name: 'Locked', email: 'locked@example.com', password: 'right-pass' });
    for (let i = 0; i < 10; i++) {
      expect((await login(ctx.app, wrong('locked@example.com'), '10.30.0.1')).statusCode).toBe(401);
    }
    const refused = await login(
      ctx.app,
      { email: 'locked@example.com', password: 'right-pass' },
      '10.30.0.1',
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe(API_ERROR.tooManyLogins(15));
    expectRetryAfter([refused]);
    const elsewhere = await login(
      ctx.app,
      { email: 'locked@example.com', password: 'right-pass' },
      '10.30.0.2',
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('stops an account at its ceiling across addresses', async () => {
    await ctx.makeUser({ name: 'Ceiling', email: 'ceiling@example.com', password: 'right-pass' });
    // 25 failures spread over addresses that each stay under the pair limit.
    for (let i = 0; i < 25; i++) {
      const res = await login(ctx.app, wrong('ceiling@example.com'), `10.31.${i}.1`);
      expect(res.statusCode).toBe(401);
    }
    const res = await login(ctx.app, { email: 'ceiling@example.com', password: 'right-pass' }, '10.31.99.1');
    expect(res.statusCode).toBe(429);
    expectRetryAfter([res]);
  });

  it('a burst against one account does not lock the other accounts at that address', async () => {
    await ctx.makeUser({ name: 'Burst', email: 'burst@example.com', password: 'right-pass' });
    const answers = await Promise.all(
      Array.from({ length: 300 }, () => login(ctx.app, wrong('burst@example.com'), '10.32.0.1')),
    );
    expect(statuses(answers)[401] ?? 0).toBeLessThanOrEqual(10);
    // The office's admin, behind the same address, signs in.
    expect((await login(ctx.app, right, '10.32.0.1')).statusCode).toBe(200);
  });
});

describe('password change (finding 4)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestContext({ PASSWORD_CHANGE_MAX_FAILURES: '5' });
  });
  afterAll(() => ctx?.close());

  it('is limited per user, with Retry-After, and the right password is refused once locked', async () => {
    const { token } = await ctx.makeUser({ name: 'Pw', email: 'pw@example.com', password: 'right-pass' });
    const change = (current: string) =>
      ctx.as(token).put('/api/me/password', { current_password: current, new_password: 'another-pass-1' });
    const answers = await Promise.all(Array.from({ length: 40 }, () => change('not-it')));
    const counts = statuses(answers);
    expect(counts[400] ?? 0, JSON.stringify(counts)).toBeLessThanOrEqual(5);
    expect(counts[429] ?? 0, JSON.stringify(counts)).toBeGreaterThanOrEqual(35);
    expectRetryAfter(answers);
    expect((await change('right-pass')).statusCode).toBe(429);
    // Nothing changed: the old password still signs in.
    expect(
      (await login(ctx.app, { email: 'pw@example.com', password: 'right-pass' }, '10.40.0.1')).statusCode,
    ).toBe(200);
  });
});

describe('sign-out (finding 5) and tokens without expiry (finding 7)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());
  const me = (token: string) => ctx.as(token).get('/api/me');

  it('POST /api/auth/logout revokes the token it is called with, and only that one', async () => {
    const first = await ctx.login(ADMIN.email, ADMIN.password);
    const second = await ctx.login(ADMIN.email, ADMIN.password);
    const out = await ctx.as(first).post('/api/auth/logout');
    expect(out.statusCode).toBe(204);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(second)).statusCode).toBe(200);
    // Signing out twice, or with no token, is not a way in.
    const again = await ctx.as(first).post('/api/auth/logout');
    expect(again.statusCode).toBe(401);
    expect((await ctx.as().post('/api/auth/logout')).statusCode).toBe(401);
  });

  it('a sign-out through one process is refused by another on the next request', async () => {
    const other = await secondApp(ctx);
    try {
      const token = await ctx.login(ADMIN.email, ADMIN.password);
      expect(
        (await other.inject({ method: 'GET', url: '/api/me', headers: ctx.auth(token) })).statusCode,
      ).toBe(200);
      await ctx.as(token).post('/api/auth/logout');
      expect(
        (await other.inject({ method: 'GET', url: '/api/me', headers: ctx.auth(token) })).statusCode,
      ).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('POST /api/auth/logout-all ends every session of the caller, its own included', async () => {
    const { token: a } = await ctx.makeUser({
      name: 'Many',
      email: 'many@example.com',
      password: 'right-pass',
    });
    const b = await ctx.login('many@example.com', 'right-pass');
    const out = await ctx.as(a).post('/api/auth/logout-all');
    expect(out.statusCode).toBe(204);
    expect((await me(a)).statusCode).toBe(401);
    expect((await me(b)).statusCode).toBe(401);
    // The admin's sessions are untouched, and the user can sign in again.
    expect((await me(ctx.adminToken)).statusCode).toBe(200);
    expect((await me(await ctx.login('many@example.com', 'right-pass'))).statusCode).toBe(200);
  });

  it('refuses a correctly signed token that has no expiry', async () => {
    const [row] = (
      await ctx.database.pool.query('select id, token_version from users where email = $1', [ADMIN.email])
    ).rows;
    const forever = await new SignJWT({ tv: row.token_version, jti: randomBytes(16).toString('base64url') })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(row.id))
      .setIssuedAt()
      .sign(ctx.jwtSecret);
    const res = await me(forever);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(API_ERROR.sessionExpired);
  });
});

describe('Redis unreachable (findings 2 and 11)', () => {
  let ctx: Ctx;
  let dead: RedisConnection;
  beforeAll(async () => {
    warnings.length = 0;
    dead = redisFor(DEAD_REDIS_URL);
    ctx = await createTestContext(
      { INQUIRY_RATE_MAX: '3', LOGIN_MAX_FAILURES_PER_PAIR: '3' },
      { redis: dead },
    );
    // Let the client try and fail to connect a few times, as a server running through an outage would.
    await new Promise((r) => setTimeout(r, 1500));
  });
  afterAll(async () => {
    await ctx?.close();
    await dead?.close();
  });

  it('signs in with the right password and still throttles wrong ones, in memory', async () => {
    expect((await login(ctx.app, right, '10.50.0.1')).statusCode).toBe(200);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await login(ctx.app, wrong(ADMIN.email), '10.50.0.2'));
    expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 401, 429, 429]);
  });

  it('keeps limiting quote requests, and no request waits on Redis', async () => {
    const payload = { name: 'V', email: 'v@example.com', subject: 'S', message: 'M' };
    // One request from another address first, untimed: a fresh app's first request pays for
    // compiling its code paths and planning its statements, which is no wait on Redis; a wait on
    // Redis (its connect timeout) would show on every request below.
    const warm = await ctx.as().post('/api/inquiries', payload, { remoteAddress: '10.50.1.2' });
    expect(warm.statusCode, warm.body).toBe(201);
    const times: number[] = [];
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      const res = await ctx.as().post('/api/inquiries', payload, { remoteAddress: '10.50.1.1' });
      times.push(performance.now() - start);
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    expect(Math.max(...times)).toBeLessThan(200);
  });

  it('says so in /healthz (200, degraded) and logs one warning for the outage, not one per retry', async () => {
    const res = await ctx.as().get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('degraded');
    expect(warnings.length).toBe(1);
  });
});

describe('a busy process and a Redis that stops answering (findings 1 and 11)', () => {
  const key = 'probe:busy';
  it('keeps counting in Redis when a busy event loop held the answer past the timeout', async () => {
    warnings.length = 0;
    const connection = redisFor(REDIS_URL);
    try {
      expect(await connection.whenUp(5_000)).toBe(true);
      const store = resilientCounterStore(connection);
      const taken = store.take([{ key, max: 5 }], 60_000);
      // A burst of requests holds the event loop like this; Redis answers meanwhile. Taking that
      // for an outage handed the burst a fresh allowance in memory.
      const until = performance.now() + REDIS_COMMAND_TIMEOUT_MS * 3;
      while (performance.now() < until) {}
      expect(await taken).toEqual({ allowed: true });
      expect(warnings).toEqual([]);
      expect(connection.isUp()).toBe(true);
      expect(await connection.client.get(key)).toBe('1');
    } finally {
      await connection.close();
    }
  });

  it('falls back to memory within 200 ms when Redis stops answering, and returns to it after', async () => {
    warnings.length = 0;
    const own = await startRedis(await freePort());
    const connection = redisFor(own.url);
    const pauser = new Redis(own.url);
    try {
      expect(await connection.whenUp(5_000)).toBe(true);
      const store = resilientCounterStore(connection);
      // Connected, but every command waits: a hung server or a lost network path.
      await pauser.call('CLIENT', 'PAUSE', '2000', 'ALL');
      const started = performance.now();
      expect(await store.take([{ key, max: 5 }], 60_000)).toEqual({ allowed: true });
      expect(performance.now() - started).toBeLessThan(200);
      expect(warnings).toHaveLength(1);
      expect(connection.isUp()).toBe(false);
      // Later attempts go straight to memory while it is down.
      const next = performance.now();
      await store.take([{ key, max: 5 }], 60_000);
      expect(performance.now() - next).toBeLessThan(20);
      expect(await connection.whenUp(10_000)).toBe(true);
      await store.take([{ key, max: 5 }], 60_000);
      expect(await connection.client.get(key)).toBe('1');
    } finally {
      pauser.disconnect();
      await connection.close();
      await own.kill();
    }
  });
});

describe('Redis keys per deployment (finding 8)', () => {
  it('derives a different default prefix for each database, the same for every process of one', () => {
    const a = defaultRedisPrefix('postgres://u:p@db:5432/shop_a', '/x');
    const b = defaultRedisPrefix('postgres://u:p@db:5432/shop_b', '/x');
    const aAgain = defaultRedisPrefix('postgres://other:secret@db:5432/shop_a', '/y');
    expect(a).not.toBe(b);
    expect(a).toBe(aAgain);
    expect(loadConfig({ DATA_DIR: '/tmp/a' }).redisPrefix).not.toBe(
      loadConfig({ DATA_DIR: '/tmp/b' }).redisPrefix,
    );
  });

  it('keeps two deployments on one Redis apart, and writes only under the prefix', async () => {
    const pa = prefix();
    const pb = prefix();
    const ra = redisFor(REDIS_URL, pa);
    const rb = redisFor(REDIS_URL, pb);
    const probe = new Redis(REDIS_URL);
    expect(await ra.whenUp(5_000)).toBe(true);
    expect(await rb.whenUp(5_000)).toBe(true);
    const a = await createTestContext({ LOGIN_MAX_FAILURES_PER_PAIR: '2' }, { redis: ra });
    const b = await createTestContext({ LOGIN_MAX_FAILURES_PER_PAIR: '2' }, { redis: rb });
    try {
      // An address no other test uses, to find every key this test made.
      const ip = `10.60.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      for (let i = 0; i < 3; i++) await login(a.app, wrong(ADMIN.email), ip);
      expect((await login(a.app, right, ip)).statusCode).toBe(429);
      expect((await login(b.app, right, ip)).statusCode).toBe(200);
      const made = await probe.keys(`*${ip}*`);
      expect(made.length).toBeGreaterThan(0);
      expect(made.filter((key) => !key.startsWith(pa) && !key.startsWith(pb))).toEqual([]);
    } finally {
      await a.close();
      await b.close();
      await ra.close();
      await rb.close();
      probe.disconnect();
    }
  });
});

describe('slow clients (finding 3)', () => {
  let ctx: Ctx;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext({
      REQUEST_TIMEOUT_SECONDS: '2',
      HEADERS_TIMEOUT_SECONDS: '2',
      MAX_CONNECTIONS: '3',
    });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => ctx?.close());

  /** Opens a socket, writes `head`, then one byte every `everyMs`; resolves when the server closes it. */
  function trickle(head: string, everyMs: number, maxMs: number) {
    return new Promise<{ closedAfterMs: number | null; answer: string }>((resolve) => {
      const start = Date.now();
      const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
      let answer = '';
      const feed = setInterval(() => socket.write('a'), everyMs);
      const give = setTimeout(() => done(null), maxMs);
      socket.on('data', (d) => {
        answer += d.toString();
      });
      const done = (ms: number | null) => {
        clearInterval(feed);
        clearTimeout(give);
        socket.destroy();
        resolve({ closedAfterMs: ms, answer });
      };
      socket.on('close', () => done(Date.now() - start));
      socket.on('error', () => {});
    });
  }

  it('cuts a request body trickled a byte at a time', async () => {
    const head =
      'POST /api/inquiries HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n';
    const { closedAfterMs } = await trickle(head, 400, 10_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs as number).toBeLessThan(5_000);
  });

  it('cuts headers trickled a byte at a time', async () => {
    const { closedAfterMs } = await trickle('GET /healthz HTTP/1.1\r\nX-Slow: ', 400, 10_000);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs as number).toBeLessThan(5_000);
  });

  it('defaults to cutting a trickled body within 30 s', () => {
    const { http } = loadConfig({ DATA_DIR: ctx.config.dataDir });
    expect(http.requestTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(http.headersTimeoutMs).toBeLessThanOrEqual(30_000);
    expect(http.maxConnections).toBeGreaterThan(0);
  });

  it('refuses connections over MAX_CONNECTIONS', async () => {
    const open = await Promise.all(
      Array.from(
        { length: 3 },
        () =>
          new Promise<net.Socket>((resolve) => {
            const s = net.connect(port, '127.0.0.1', () => resolve(s));
            s.on('error', () => {});
          }),
      ),
    );
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status,
        () => 'refused',
      );
      expect(res).toBe('refused');
    } finally {
      for (const s of open) s.destroy();
    }
  });
});
