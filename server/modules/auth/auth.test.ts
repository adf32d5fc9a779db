import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR, VALIDATION } from '#domain/messages';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  // Low limits so the throttle can be reached quickly; other files use the defaults.
  ctx = await createTestContext({ LOGIN_MAX_FAILURES_PER_EMAIL: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '8' });
});
afterAll(() => ctx.close());

const login = (payload: unknown, remoteAddress = '10.0.0.1') =>
  ctx.as().post('/api/auth/login', payload as object, { remoteAddress });
const me = (token: string) => ctx.as(token).get('/api/me');

describe('login', () => {
  it('returns a token and the session user, email matched case-insensitively', async () => {
    const res = await login({ email: ` ${ADMIN.email.toUpperCase()} `, password: ADMIN.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body.user).sort()).toEqual(['email', 'id', 'name', 'role']);
    expect(body.user).toMatchObject({ name: ADMIN.name, email: ADMIN.email, role: 'admin' });
    expect((await me(body.token)).json().email).toBe(ADMIN.email);
  });

  it.each([{}, { email: '', password: 'x' }, { email: 'a@b.c', password: '' }, { email: 'a@b.c' }])(
    'refuses %j with the shared message',
    async (payload) => {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(VALIDATION.loginRequired);
    },
  );

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const unknown = await login({ email: 'nobody@example.com', password: 'whatever' }, '10.0.0.2');
    const wrong = await login({ email: ADMIN.email, password: 'wrong-password' }, '10.0.0.2');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: API_ERROR.invalidCredentials });
    expect(wrong.json()).toEqual(unknown.json());
  });
});

describe('throttling', () => {
  it('locks an email after repeated failures, even for the right password, without locking others', async () => {
    await ctx.makeUser({ name: 'Target', email: 'target@example.com', password: 'right-pass' });
    for (let i = 0; i < 3; i++) {
      expect((await login({ email: 'target@example.com', password: 'nope' }, `10.1.0.${i}`)).statusCode).toBe(
        401,
      );
    }
    const locked = await login({ email: 'target@example.com', password: 'right-pass' }, '10.1.0.99');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toBe(API_ERROR.tooManyLogins(15));
    // Another account from the same address still signs in.
    expect((await login({ email: ADMIN.email, password: ADMIN.password }, '10.1.0.99')).statusCode).toBe(200);
  });

  it('locks an address after repeated failures across emails', async () => {
    for (let i = 0; i < 8; i++) {
      expect((await login({ email: `guess${i}@example.com`, password: 'nope' }, '10.2.0.1')).statusCode).toBe(
        401,
      );
    }
    const res = await login({ email: ADMIN.email, password: ADMIN.password }, '10.2.0.1');
    expect(res.statusCode).toBe(429);
    // A different address is unaffected.
    expect((await login({ email: ADMIN.email, password: ADMIN.password }, '10.2.0.2')).statusCode).toBe(200);
  });

  it('does not trust X-Forwarded-For unless configured', async () => {
    for (let i = 0; i < 8; i++) {
      await ctx
        .as()
        .post(
          '/api/auth/login',
          { email: `xff${i}@example.com`, password: 'nope' },
          { headers: { 'x-forwarded-for': `192.0.2.${i}` }, remoteAddress: '10.3.0.1' },
        );
    }
    expect((await login({ email: ADMIN.email, password: ADMIN.password }, '10.3.0.1')).statusCode).toBe(429);
  });
});

describe('tokens', () => {
  const sign = (claims: Record<string, unknown>, secret: Uint8Array, exp: string | number = '1h') =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      // A token id like every real token's, so only the fault under test tells it apart.
      .setJti(`test-${Math.random().toString(36).slice(2)}`)
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(secret);

  it('refuses an expired token', async () => {
    const token = await sign({ tv: 0 }, ctx.jwtSecret, Math.floor(Date.now() / 1000) - 10);
    const res = await me(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(API_ERROR.sessionExpired);
  });

  it('refuses a token signed with another key', async () => {
    expect((await me(await sign({ tv: 0 }, new TextEncoder().encode('x'.repeat(32))))).statusCode).toBe(401);
  });

  it('refuses an unsigned (alg none) token and an edited one', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '1', tv: 0, jti: 'forged', exp: 9999999999 })}.`;
    expect((await me(none)).statusCode).toBe(401);
    const good = await sign({ tv: 0 }, ctx.jwtSecret);
    const [h, , s] = good.split('.');
    const edited = `${h}.${b64({ sub: '2', tv: 0, jti: 'forged', exp: 9999999999 })}.${s}`;
    expect((await me(edited)).statusCode).toBe(401);
    expect((await me(good)).statusCode).toBe(200);
  });

  it('refuses a malformed authorization header', async () => {
    const res = await ctx.as().get('/api/me', { headers: { authorization: 'Basic abc' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(API_ERROR.unauthenticated);
  });
});
