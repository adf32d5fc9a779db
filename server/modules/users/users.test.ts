import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR, VALIDATION } from '#domain/messages';
import { SERVER_GRANTOR } from '../../auth/rights';
import { users } from '../../db/schema';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let editorToken: string;

beforeAll(async () => {
  ctx = await createTestContext();
  editorToken = (await ctx.makeUser({ name: 'Eddie Editor', email: 'eddie@example.com' })).token;
});
afterAll(() => ctx.close());

const get = (url: string, token = ctx.adminToken) => ctx.as(token).get(url);
const post = (payload: unknown, token = ctx.adminToken) =>
  ctx.as(token).post('/api/users', payload as object);
const del = (id: number, token = ctx.adminToken) => ctx.as(token).delete(`/api/users/${id}`);
const rowByEmail = async (email: string) =>
  (await ctx.database.pool.query('select * from users where email = $1', [email])).rows[0];

describe('access', () => {
  const routes = [
    ['GET', '/api/users'],
    ['GET', '/api/users/1'],
    ['POST', '/api/users'],
    ['DELETE', '/api/users/1'],
  ] as const;

  it.each(routes)('%s %s needs a token', async (method, url) => {
    const res = await ctx.as().send(method, url);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: API_ERROR.unauthenticated });
  });

  it.each(routes)('%s %s is refused to editors with 403', async (method, url) => {
    const res = await ctx.as(editorToken).send(method, url, {});
    expect(res.statusCode).toBe(403);
    expect(res.json().permission).toBe('user.manage');
  });

  it('refuses a garbage token', async () => {
    const res = await get('/api/users', 'not.a.token');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(API_ERROR.sessionExpired);
  });
});

describe('create', () => {
  it('creates an editor by default, stores an argon2id hash and never returns it', async () => {
    const res = await post({ name: '  Cleo Create ', email: 'Cleo@Example.com', password: 'secret1' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Cleo Create', email: 'cleo@example.com', role: 'editor' });
    expect(Object.keys(body).sort()).toEqual(['created_at', 'email', 'id', 'name', 'role', 'updated_at']);
    const row = await rowByEmail('cleo@example.com');
    expect(row.id).toBe(body.id);
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain('secret1');
    // The new account can sign in.
    await expect(ctx.login('cleo@example.com', 'secret1')).resolves.toBeTypeOf('string');
  });

  it('creates an admin when asked', async () => {
    const res = await post({
      name: 'Second Admin',
      email: 'admin2@example.com',
      password: 'secret1',
      role: 'admin',
    });
    expect(res.statusCode).toBe(201);
    expect((await rowByEmail('admin2@example.com')).role).toBe('admin');
  });

  it.each([
    [{ email: 'a@example.com', password: 'secret1' }, VALIDATION.createUserRequired],
    [{ name: 'A', password: 'secret1' }, VALIDATION.createUserRequired],
    [{ name: 'A', email: 'a@example.com' }, VALIDATION.createUserRequired],
    [{ name: '   ', email: 'a@example.com', password: 'secret1' }, VALIDATION.createUserRequired],
    [{ name: 'A', email: 'not-an-email', password: 'secret1' }, VALIDATION.invalidEmail],
    [{ name: 'A', email: 'a@example.com', password: '12345' }, VALIDATION.passwordTooShort],
    [{ name: 'A', email: 'a@example.com', password: 'secret1', role: 'owner' }, VALIDATION.invalidRole],
    [{ name: 'x'.repeat(121), email: 'a@example.com', password: 'secret1' }, VALIDATION.tooLong('Name', 120)],
    [{ name: 'A', email: 'a@example.com', password: 'secret1', id: 999 }, API_ERROR.unknownField('id')],
    [
      { name: 'A', email: 'a@example.com', password: 'secret1', password_hash: 'x' },
      API_ERROR.unknownField('password_hash'),
    ],
  ])('refuses %j with "%s" and writes nothing', async (payload, message) => {
    const before = await ctx.users.count();
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await ctx.users.count()).toBe(before);
  });

  it('refuses a duplicate email whatever its case with 409', async () => {
    const res = await post({ name: 'Dup', email: ADMIN.email.toUpperCase(), password: 'secret1' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(API_ERROR.emailTaken);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await ctx
      .as(ctx.adminToken)
      .post('/api/users', '{"name":', { headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(API_ERROR.invalidJson);
  });
});

describe('get', () => {
  it('returns one user', async () => {
    const row = await rowByEmail(ADMIN.email);
    const res = await get(`/api/users/${row.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, name: ADMIN.name, email: ADMIN.email, role: 'admin' });
    expect(res.json().created_at).toBe(row.created_at.toISOString());
  });

  it.each(['abc', '-1', '0', '1.5', '1e309', '99999999999'])('refuses the id %s with 400', async (id) => {
    const res = await get(`/api/users/${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Id/);
  });

  it('answers 404 for a missing user', async () => {
    const res = await get('/api/users/424242');
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe(API_ERROR.userNotFound);
  });
});

describe('list', () => {
  beforeAll(async () => {
    // A known set with distinct, known creation times, so the orderings below are exact.
    await ctx.database.db.delete(users).where(sql`email like '%@list.test'`);
    const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo'];
    for (const [i, name] of names.entries()) {
      const u = await ctx.users.create(
        {
          name,
          email: `${name.toLowerCase()}@list.test`,
          password: 'secret1',
          role: 'editor',
        },
        SERVER_GRANTOR,
      );
      await ctx.database.pool.query(
        `update users set created_at = '2020-01-0${i + 1}T00:00:00Z' where id = $1`,
        [u.id],
      );
    }
  });

  const names = async (query: string) => {
    const res = await get(`/api/users?q=list.test&${query}`);
    expect(res.statusCode).toBe(200);
    return res.json().data.map((u: { name: string }) => u.name);
  };

  it('defaults to newest first, 10 per page, with total and meta', async () => {
    const res = await get('/api/users');
    const body = res.json();
    expect(body.meta).toEqual({ total: body.total, total_exact: true, page: 1, limit: 10 });
    const { rows } = await ctx.database.pool.query('select count(*)::int as n from users');
    expect(body.total).toBe(rows[0].n);
    const times = body.data.map((u: { created_at: string }) => u.created_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('sorts by creation time both ways', async () => {
    expect(await names('sortBy=created_at&order=asc')).toEqual([
      'delta',
      'Alpha',
      'charlie',
      'Bravo',
      'echo',
    ]);
    expect(await names('sortBy=created_at&order=desc')).toEqual([
      'echo',
      'Bravo',
      'charlie',
      'Alpha',
      'delta',
    ]);
  });

  it('sorts by name ignoring case, and by email', async () => {
    expect(await names('sortBy=name&order=asc')).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'echo']);
    expect(await names('sortBy=name&order=desc')).toEqual(['echo', 'delta', 'charlie', 'Bravo', 'Alpha']);
    expect(await names('sortBy=email&order=asc')).toEqual(['Alpha', 'Bravo', 'charlie', 'delta', 'echo']);
  });

  it('searches name and email, case-insensitively, with wildcards taken literally', async () => {
    expect((await get('/api/users?q=&limit=100')).json().total).toBeGreaterThanOrEqual(7);
    const byName = await get('/api/users?q=CHAR');
    expect(byName.json().data.map((u: { email: string }) => u.email)).toEqual(['charlie@list.test']);
    const byEmail = await get('/api/users?q=bravo%40list');
    expect(byEmail.json().total).toBe(1);
    const wildcard = await get('/api/users?q=%25');
    expect(wildcard.json().total).toBe(0);
  });

  it('pages with limit and page', async () => {
    const p1 = await get('/api/users?q=list.test&sortBy=name&order=asc&limit=2&page=1');
    const p3 = await get('/api/users?q=list.test&sortBy=name&order=asc&limit=2&page=3');
    expect(p1.json().data.map((u: { name: string }) => u.name)).toEqual(['Alpha', 'Bravo']);
    expect(p3.json().data.map((u: { name: string }) => u.name)).toEqual(['echo']);
    expect(p3.json().meta).toEqual({ total: 5, total_exact: true, page: 3, limit: 2 });
    const beyond = await get('/api/users?q=list.test&limit=2&page=9');
    expect(beyond.json().data).toEqual([]);
  });

  it.each([
    ['sortBy=password_hash', 'sortBy must be one of: created_at, name, email'],
    ['order=up', 'order must be asc or desc'],
    ['limit=0', 'limit must be at least 1'],
    ['limit=101', 'limit must be at most 100'],
    ['page=0', 'page must be at least 1'],
    ['page=abc', 'page must be a whole number'],
    ['perPage=10', API_ERROR.unknownField('perPage')],
    [`q=${'x'.repeat(201)}`, 'Search must be at most 200 characters'],
  ])('refuses %s', async (query, message) => {
    const res = await get(`/api/users?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
  });
});

describe('delete', () => {
  it('deletes a user, and that user is signed out on the next request', async () => {
    const { user, token } = await ctx.makeUser({ name: 'Doomed', email: 'doomed@example.com' });
    expect((await ctx.as(token).get('/api/me')).statusCode).toBe(200);
    const res = await del(user.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await rowByEmail('doomed@example.com')).toBeUndefined();
    const after = await ctx.as(token).get('/api/me');
    expect(after.statusCode).toBe(401);
  });

  it('answers 404 for a missing user', async () => {
    expect((await del(424242)).statusCode).toBe(404);
  });

  it('refuses to delete yourself', async () => {
    const me = await rowByEmail(ADMIN.email);
    const res = await del(me.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(API_ERROR.cannotDeleteSelf);
    expect(await rowByEmail(ADMIN.email)).toBeDefined();
  });

  it('refuses to delete the last admin', async () => {
    // Through the API an admin always leaves at least themselves; the rule guards races and
    // demotions, so exercise the service with every other admin gone.
    await ctx.database.pool.query(`delete from users where role = 'admin' and email <> $1`, [ADMIN.email]);
    const admin = await rowByEmail(ADMIN.email);
    const editor = await rowByEmail('eddie@example.com');
    await expect(ctx.users.remove(editor.id, admin.id)).rejects.toMatchObject({
      statusCode: 409,
      message: API_ERROR.cannotDeleteLastAdmin,
    });
    expect(await rowByEmail(ADMIN.email)).toBeDefined();
  });
});
