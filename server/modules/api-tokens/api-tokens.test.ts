import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_TEXT } from '#domain/api-tokens';
import { ADMIN, createTestContext, type TestContext } from '../../test/harness';

// A small rate, so the limit is reached in a few requests; every test uses tokens of its own.
const RATE = 5;

let ctx: TestContext;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestContext({ API_TOKEN_RATE: String(RATE) });
  adminId = (await q('select id from users where email = $1', [ADMIN.email])).rows[0].id;
});
afterAll(() => ctx.close());

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);
let serial = 0;

/** A token made through the API by the admin: its id and secret. */
async function token(role: string, extra: { expires_at?: string | null } = {}) {
  serial += 1;
  const res = await ctx.admin.post('/api/api-tokens', { name: `Program ${serial}`, role, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string; name: string };
}

describe('API tokens', () => {
  it('creates a token whose 256-bit secret is answered once and kept only as its hash', async () => {
    const res = await ctx.admin.post('/api/api-tokens', {
      name: 'ERP sync',
      role: 'viewer',
      expires_at: '2099-01-31T23:59:59Z',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'ERP sync',
      role: 'viewer',
      role_name: 'Viewer',
      created_by: { id: adminId, name: ADMIN.name },
      expires_at: '2099-01-31T23:59:59.000Z',
      last_used_at: null,
      expired: false,
    });
    expect(body.secret).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    // 43 base64url characters are 32 bytes: 256 random bits, more than the 192 asked for.
    expect(Buffer.from(body.secret.slice(3), 'base64url')).toHaveLength(32);

    const { rows } = await q('select * from api_tokens where id = $1', [body.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).toBe(createHash('sha256').update(body.secret).digest('hex'));
    // No column of the row, and no entry of the change log, holds the secret.
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(body.secret);
    expect(stored).not.toContain(body.secret.slice(3));
    const log = await q(`select changes from change_log where entity_type = 'api_token' and entity_id = $1`, [
      body.id,
    ]);
    expect(log.rows).toHaveLength(1);
    expect(JSON.stringify(log.rows[0].changes)).not.toContain(body.secret.slice(3));
    expect(JSON.stringify(log.rows[0].changes)).not.toContain(rows[0].token_hash);

    // Shown once: the list never carries it.
    const list = await ctx.admin.get('/api/api-tokens');
    expect(list.body).not.toContain(body.secret.slice(3));
  });

  it('works on a route its role allows and answers 403 with the permission on one it does not', async () => {
    const { secret } = await token('viewer');
    const read = await ctx.as(secret).get('/api/products');
    expect(read.statusCode).toBe(200);
    const write = await ctx.as(secret).post('/api/categories', { name: 'By a viewer token' });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ permission: 'category.edit' });
    expect((await q(`select 1 from categories where name = 'By a viewer token'`)).rowCount).toBe(0);
  });

  it('is refused on the routes of a person and on the tokens themselves, whatever its role', async () => {
    const { secret } = await token('admin');
    for (const [method, url] of [
      ['GET', '/api/me'],
      ['POST', '/api/auth/logout-all'],
      ['GET', '/api/api-tokens'],
    ] as const) {
      const res = await ctx.as(secret).send(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe(API_TOKEN_TEXT.peopleOnly);
    }
    const make = await ctx.as(secret).post('/api/api-tokens', { name: 'Successor', role: 'admin' });
    expect(make.statusCode).toBe(403);
    expect((await q(`select 1 from api_tokens where name = 'Successor'`)).rowCount).toBe(0);
  });

  it('answers 401 once revoked, and is no longer listed', async () => {
    const { id, secret } = await token('viewer');
    expect((await ctx.as(secret).get('/api/products')).statusCode).toBe(200);
    expect((await ctx.admin.delete(`/api/api-tokens/${id}`)).statusCode).toBe(204);
    const res = await ctx.as(secret).get('/api/products');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(API_TOKEN_TEXT.revokedOrExpired);
    expect(
      (await q('select revoked_at from api_tokens where id = $1', [id])).rows[0].revoked_at,
    ).not.toBeNull();
    const list = (await ctx.admin.get('/api/api-tokens')).json().data as { id: number }[];
    expect(list.map((t) => t.id)).not.toContain(id);
    // Revoking again, or a token that never was, is 404.
    expect((await ctx.admin.delete(`/api/api-tokens/${id}`)).statusCode).toBe(404);
    expect((await ctx.admin.delete('/api/api-tokens/999999')).statusCode).toBe(404);
  });

  it('answers 401 once expired, and the list marks it expired', async () => {
    const { id, secret } = await token('viewer', {
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await ctx.as(secret).get('/api/products')).statusCode).toBe(200);
    await q(`update api_tokens set expires_at = now() - interval '1 second' where id = $1`, [id]);
    const res = await ctx.as(secret).get('/api/products');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(API_TOKEN_TEXT.revokedOrExpired);
    const listed = (
      (await ctx.admin.get('/api/api-tokens')).json().data as { id: number; expired: boolean }[]
    ).find((t) => t.id === id);
    expect(listed?.expired).toBe(true);
  });

  it('answers 401 to an unknown token', async () => {
    const res = await ctx.as(`sk_${randomBytes(32).toString('base64url')}`).get('/api/products');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(API_TOKEN_TEXT.unknownToken);
  });

  it('refuses a past expiry, an unknown role and a role with rights the creator lacks', async () => {
    const past = await ctx.admin.post('/api/api-tokens', {
      name: 'Late',
      role: 'viewer',
      expires_at: '2001-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe(API_TOKEN_TEXT.expiryPast);
    const unknown = await ctx.admin.post('/api/api-tokens', { name: 'Nobody', role: 'no-such-role' });
    expect(unknown.statusCode).toBe(400);

    // A settings manager without the staff rights cannot mint an Admin credential.
    await ctx.admin.post('/api/roles', {
      name: 'Integrator',
      permissions: ['settings.manage', 'catalogue.read'],
    });
    serial += 1;
    const integrator = await ctx.makeUser({
      name: 'Ivy Integrator',
      email: `integrator-${serial}@example.com`,
      role: 'integrator',
    });
    const list = await ctx.as(integrator.token).get('/api/api-tokens');
    expect(list.statusCode).toBe(200);
    expect((list.json().roles as { key: string }[]).map((r) => r.key)).toEqual(['integrator']);
    const escalate = await ctx.as(integrator.token).post('/api/api-tokens', { name: 'Root', role: 'admin' });
    expect(escalate.statusCode).toBe(403);
    expect((await q(`select 1 from api_tokens where name in ('Late', 'Nobody', 'Root')`)).rowCount).toBe(0);
    const own = await ctx.as(integrator.token).post('/api/api-tokens', { name: 'Mine', role: 'integrator' });
    expect(own.statusCode).toBe(201);
  });

  it(`answers 429 past API_TOKEN_RATE requests a minute, per token`, async () => {
    const one = await token('viewer');
    const other = await token('viewer');
    for (let i = 0; i < RATE; i++)
      expect((await ctx.as(one.secret).get('/api/products')).statusCode).toBe(200);
    const limited = await ctx.as(one.secret).get('/api/products');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another token, and people, are not held back by it.
    expect((await ctx.as(other.secret).get('/api/products')).statusCode).toBe(200);
    expect((await ctx.admin.get('/api/products')).statusCode).toBe(200);
  });

  it('is the author of what it changes in the change log', async () => {
    const { id, secret, name } = await token('editor');
    const res = await ctx.as(secret).post('/api/categories', { name: 'Made by a program' });
    expect(res.statusCode).toBe(201);
    const categoryId = res.json().id;
    const { rows } = await q(
      `select actor_id, token_id, action from change_log where entity_type = 'category' and entity_id = $1`,
      [categoryId],
    );
    expect(rows).toEqual([{ actor_id: null, token_id: id, action: 'create' }]);
    const history = await ctx.admin.get(`/api/history?entity_type=category&entity_id=${categoryId}`);
    expect(history.json().data[0]).toMatchObject({
      actor_id: null,
      token_id: id,
      actor_name: API_TOKEN_TEXT.actor(name, ADMIN.name),
    });
  });

  it('lists name, role, creator, created, last use (time and address) and expiry', async () => {
    const { id, secret, name } = await token('sales', { expires_at: '2099-06-30T12:00:00Z' });
    const before = (await ctx.admin.get('/api/api-tokens'))
      .json()
      .data.find((t: { id: number }) => t.id === id);
    expect(before).toMatchObject({ last_used_at: null, last_used_ip: null });
    expect((await ctx.as(secret).get('/api/inquiries')).statusCode).toBe(200);
    const res = await ctx.admin.get('/api/api-tokens');
    expect(res.statusCode).toBe(200);
    const listed = res.json().data.find((t: { id: number }) => t.id === id);
    expect(listed).toMatchObject({
      id,
      name,
      role: 'sales',
      role_name: 'Sales',
      created_by: { id: adminId, name: ADMIN.name },
      expires_at: '2099-06-30T12:00:00.000Z',
      expired: false,
    });
    expect(Date.parse(listed.created_at)).not.toBeNaN();
    expect(Date.parse(listed.last_used_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(listed.last_used_ip).toBe('127.0.0.1');
    expect(Object.keys(listed)).not.toContain('token_hash');
    expect((await ctx.admin.get('/api/api-tokens?x=1')).statusCode).toBe(400);
  });
});
