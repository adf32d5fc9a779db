import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR } from '#domain/messages';
import { ADMIN, createTestContext, type TestContext } from '../test/harness';
import { RELAXED_LIMITS, responseProblems } from './support';

/**
 * Sign-in: no account enumeration (same answer, similar time), and a throttle per account
 * and per client address that cannot be stepped around by respelling the email, adding body
 * fields or sending proxy headers the server was not told to trust.
 */

type Ctx = TestContext;
const login = (ctx: Ctx, payload: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  ctx.as().post('/api/auth/login', payload as object, {
    headers: opts.headers,
    remoteAddress: opts.ip ?? '10.9.0.1',
  });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('no account enumeration', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestContext(RELAXED_LIMITS);
  });
  afterAll(() => ctx?.close());

  it('gives an unknown email, a wrong password and a wrongly-cased unknown email the same status and body', async () => {
    const answers = await Promise.all([
      login(ctx, { email: 'nobody@example.com', password: 'whatever-1' }),
      login(ctx, { email: ADMIN.email, password: 'wrong-password' }),
      login(ctx, { email: ` ${ADMIN.email.toUpperCase()} `, password: 'wrong-password' }),
      login(ctx, { email: 'NOBODY@example.com', password: ADMIN.password }),
    ]);
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: API_ERROR.invalidCredentials });
      expect(responseProblems(res)).toEqual([]);
    }
    // Nothing else tells them apart either: same headers apart from the date and length-neutral ones.
    const shape = (h: Record<string, unknown>) =>
      Object.keys(h)
        .filter((k) => k !== 'date')
        .sort();
    expect(shape(answers[0].headers)).toEqual(shape(answers[1].headers));
  });

  it('takes similar time for an unknown email and a wrong password (the dummy argon2 verification)', async () => {
    const time = async (payload: object, ip: string) => {
      const start = performance.now();
      const res = await login(ctx, payload, { ip });
      const ms = performance.now() - start;
      expect(res.statusCode).toBe(401);
      return ms;
    };
    // Warm up both paths (the dummy hash is computed once, on first use).
    await time({ email: 'warm@example.com', password: 'x' }, '10.9.1.1');
    await time({ email: ADMIN.email, password: 'x' }, '10.9.1.1');
    const unknown: number[] = [];
    const wrong: number[] = [];
    // Interleaved, so load on the machine falls on both alike.
    for (let i = 0; i < 9; i++) {
      unknown.push(await time({ email: `nobody${i}@example.com`, password: 'guess-123' }, `10.9.2.${i}`));
      wrong.push(await time({ email: ADMIN.email, password: `guess-${i}` }, `10.9.3.${i}`));
    }
    const ratio = median(unknown) / median(wrong);
    expect(
      ratio,
      `unknown ${median(unknown).toFixed(1)} ms, wrong ${median(wrong).toFixed(1)} ms`,
    ).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe('throttle without a trusted proxy (TRUST_PROXY unset)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestContext({ LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '6' });
  });
  afterAll(() => ctx?.close());

  it('locks an account after its failures, whatever address, spelling or extra fields come next', async () => {
    const target = await ctx.makeUser({
      name: 'Target',
      email: 'target@example.com',
      password: 'right-pass',
    });
    expect(target.user.id).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      const res = await login(ctx, { email: 'target@example.com', password: 'nope' }, { ip: `10.1.0.${i}` });
      expect(res.statusCode).toBe(401);
    }
    const spellings = [
      'target@example.com',
      'TARGET@EXAMPLE.COM',
      '  Target@Example.com\t',
      '\ntarget@example.com ',
    ];
    for (const [i, email] of spellings.entries()) {
      const res = await login(ctx, { email, password: 'right-pass' }, { ip: `10.1.1.${i}` });
      expect(res.statusCode, JSON.stringify(email)).toBe(429);
      expect(res.json().error).toBe(API_ERROR.tooManyLogins(15));
    }
    // Extra body fields do not make another key: the strict body refuses them, and signs nobody in.
    for (const extra of [
      { ip: '1.2.3.4' },
      { remember: true },
      { email2: 'x@example.com' },
      { __proto__x: 1 },
    ]) {
      const res = await login(ctx, { email: 'target@example.com', password: 'right-pass', ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().token).toBeUndefined();
    }
    // Proxy headers are not trusted, so they cannot move the request to a fresh address either.
    const viaHeader = await login(
      ctx,
      { email: 'target@example.com', password: 'right-pass' },
      {
        headers: {
          'x-forwarded-for': '203.0.113.9',
          'x-real-ip': '203.0.113.9',
          forwarded: 'for=203.0.113.9',
        },
      },
    );
    expect(viaHeader.statusCode).toBe(429);
    // Another account is not locked by it.
    expect(
      (await login(ctx, { email: ADMIN.email, password: ADMIN.password }, { ip: '10.1.2.1' })).statusCode,
    ).toBe(200);
  });

  it('locks a client address after its failures across emails; proxy headers do not rotate it', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await login(
        ctx,
        { email: `guess${i}@example.com`, password: 'nope' },
        // Each attempt claims a different origin; none is trusted.
        { ip: '10.2.0.1', headers: { 'x-forwarded-for': `198.51.100.${i}` } },
      );
      expect(res.statusCode).toBe(401);
    }
    const claims: Record<string, string>[] = [
      {},
      { 'x-forwarded-for': '198.51.100.200' },
      { 'x-forwarded-for': '10.2.0.2' },
    ];
    for (const headers of claims) {
      const res = await login(
        ctx,
        { email: ADMIN.email, password: ADMIN.password },
        { ip: '10.2.0.1', headers },
      );
      expect(res.statusCode, JSON.stringify(headers)).toBe(429);
    }
    // The real next address along is not affected.
    expect(
      (await login(ctx, { email: ADMIN.email, password: ADMIN.password }, { ip: '10.2.0.2' })).statusCode,
    ).toBe(200);
  });

  it('does not count a refused (400) body as a failure, nor let it reset the count', async () => {
    await ctx.makeUser({ name: 'Counted', email: 'counted@example.com', password: 'right-pass' });
    for (let i = 0; i < 5; i++) {
      const res = await login(ctx, { email: 'counted@example.com', password: '' }, { ip: '10.3.0.1' });
      expect(res.statusCode).toBe(400);
    }
    expect(
      (await login(ctx, { email: 'counted@example.com', password: 'right-pass' }, { ip: '10.3.0.1' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('throttle behind a trusted proxy (TRUST_PROXY=true)', () => {
  let ctx: Ctx;
  const PROXY = '127.0.0.1';
  beforeAll(async () => {
    ctx = await createTestContext({
      LOGIN_MAX_FAILURES_PER_EMAIL: '100',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '4',
      TRUST_PROXY: 'true',
    });
  });
  afterAll(() => ctx?.close());

  // Our proxy appends the address it saw to whatever X-Forwarded-For the client sent.
  const viaProxy = (payload: object, client: string, spoofed?: string) =>
    login(ctx, payload, {
      ip: PROXY,
      headers: { 'x-forwarded-for': spoofed ? `${spoofed}, ${client}` : client },
    });

  it('counts per client address the proxy reports, so clients behind one proxy are apart', async () => {
    for (let i = 0; i < 4; i++) {
      expect(
        (await viaProxy({ email: `a${i}@example.com`, password: 'nope' }, '192.0.2.10')).statusCode,
      ).toBe(401);
    }
    expect((await viaProxy({ email: ADMIN.email, password: ADMIN.password }, '192.0.2.10')).statusCode).toBe(
      429,
    );
    // Another client behind the same proxy still signs in.
    expect((await viaProxy({ email: ADMIN.email, password: ADMIN.password }, '192.0.2.11')).statusCode).toBe(
      200,
    );
  });

  it('cannot be rotated by a client-supplied X-Forwarded-For in front of the one the proxy added', async () => {
    for (let i = 0; i < 4; i++) {
      const res = await viaProxy(
        { email: `b${i}@example.com`, password: 'nope' },
        '192.0.2.20',
        `198.51.100.${i}`,
      );
      expect(res.statusCode).toBe(401);
    }
    const res = await viaProxy(
      { email: ADMIN.email, password: ADMIN.password },
      '192.0.2.20',
      '198.51.100.250',
    );
    expect(res.statusCode).toBe(429);
  });
});
