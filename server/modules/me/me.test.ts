import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR, VALIDATION } from '#domain/messages';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
  ctx.as(token).send(method, url, payload);
const row = async (id: number) =>
  (await ctx.database.pool.query('select * from users where id = $1', [id])).rows[0];

describe('GET /api/me', () => {
  it('returns the signed-in user without secrets', async () => {
    const { user, token } = await ctx.makeUser({ name: 'Meg', email: 'meg@example.com' });
    const res = await call('GET', '/api/me', token);
    expect(res.statusCode).toBe(200);
    const { permissions, role_name, ...rest } = res.json();
    expect(rest).toEqual(user);
    expect(role_name).toBe('Editor');
    expect(permissions).toContain('product.edit');
    expect(permissions).not.toContain('user.manage');
  });

  it('needs a token', async () => {
    expect((await ctx.as().get('/api/me')).statusCode).toBe(401);
  });
});

describe('PUT /api/me', () => {
  it('updates name and email and moves updated_at', async () => {
    const { user, token } = await ctx.makeUser({ name: 'Pat', email: 'pat@example.com' });
    const res = await call('PUT', '/api/me', token, { name: 'Patricia', email: 'Patricia@Example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      name: 'Patricia',
      email: 'patricia@example.com',
      role: 'editor',
    });
    const stored = await row(user.id);
    expect(stored.name).toBe('Patricia');
    expect(stored.email).toBe('patricia@example.com');
    expect(stored.updated_at.getTime()).toBeGreaterThan(new Date(user.updated_at).getTime());
  });

  it.each([
    [{ name: '', email: 'x@example.com' }, VALIDATION.profileRequired],
    [{ name: 'X' }, VALIDATION.profileRequired],
    [{ name: 'X', email: 'nope' }, VALIDATION.invalidEmail],
    [{ name: 'X', email: 'x@example.com', role: 'admin' }, API_ERROR.unknownField('role')],
  ])('refuses %j and changes nothing', async (payload, message) => {
    const { user, token } = await ctx.makeUser({ name: 'Stay', email: `stay${Math.random()}@example.com` });
    const res = await call('PUT', '/api/me', token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    const stored = await row(user.id);
    expect([stored.name, stored.email, stored.role]).toEqual([user.name, user.email, 'editor']);
  });

  it("refuses another user's email with 409", async () => {
    await ctx.makeUser({ name: 'Owner', email: 'owner@example.com' });
    const { token } = await ctx.makeUser({ name: 'Thief', email: 'thief@example.com' });
    const res = await call('PUT', '/api/me', token, { name: 'Thief', email: 'OWNER@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(API_ERROR.emailTaken);
  });
});

describe('PUT /api/me/password', () => {
  it('changes the password, retires older tokens and hands back a fresh one', async () => {
    const { user, token: oldToken } = await ctx.makeUser({
      name: 'Pw',
      email: 'pw@example.com',
      password: 'old-pass',
    });
    const otherSession = await ctx.login('pw@example.com', 'old-pass');
    const res = await call('PUT', '/api/me/password', oldToken, {
      current_password: 'old-pass',
      new_password: 'new-pass',
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(token).toBeTypeOf('string');
    expect((await call('GET', '/api/me', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/me', oldToken)).statusCode).toBe(401);
    expect((await call('GET', '/api/me', otherSession)).statusCode).toBe(401);
    await expect(ctx.login('pw@example.com', 'old-pass')).rejects.toThrow(/401/);
    await expect(ctx.login('pw@example.com', 'new-pass')).resolves.toBeTypeOf('string');
    expect((await row(user.id)).token_version).toBe(1);
  });

  it('refuses a wrong current password with 400 (not 401) and keeps the old one', async () => {
    const { token } = await ctx.makeUser({ name: 'Keep', email: 'keep@example.com', password: 'keep-pass' });
    const res = await call('PUT', '/api/me/password', token, {
      current_password: 'wrong',
      new_password: 'new-pass',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(API_ERROR.currentPasswordWrong);
    await expect(ctx.login('keep@example.com', 'keep-pass')).resolves.toBeTypeOf('string');
    expect((await call('GET', '/api/me', token)).statusCode).toBe(200);
  });

  it.each([
    [{ current_password: 'keep-pass' }, VALIDATION.passwordFieldsRequired],
    [{ current_password: '', new_password: 'abcdefg' }, VALIDATION.passwordFieldsRequired],
    [{ current_password: 'keep-pass', new_password: '12345' }, VALIDATION.newPasswordTooShort],
  ])('refuses %j', async (payload, message) => {
    const { token } = await ctx.makeUser({
      name: 'V',
      email: `v${Math.random()}@example.com`,
      password: 'keep-pass',
    });
    const res = await call('PUT', '/api/me/password', token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });
});
