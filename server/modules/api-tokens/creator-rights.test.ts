import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_TEXT } from '#domain/api-tokens';
import { ROLE_TEXT } from '#domain/roles';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * A token is a program acting for the person who made it: it holds what its role and its
 * creator's role both hold now, goes with its creator, and never hands out rights.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const q = (text: string, values: unknown[] = []) => ctx.database.pool.query(text, values);
let serial = 0;

/** A token made through the API by the admin: its id and secret. */
async function token(role: string) {
  serial += 1;
  const res = await ctx.admin.post('/api/api-tokens', { name: `Program ${serial}`, role });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; secret: string; name: string };
}

describe('API tokens never above a person', () => {
  it('holds its role against deletion until revoked; is revoked with its creator', async () => {
    await ctx.admin.post('/api/roles', { name: 'Feeder', permissions: ['catalogue.read'] });
    serial += 1;
    const maker = await ctx.makeUser({
      name: 'Mo Maker',
      email: `maker-${serial}@example.com`,
      role: 'admin',
    });
    const made = await ctx.as(maker.token).post('/api/api-tokens', { name: 'Feed', role: 'feeder' });
    expect(made.statusCode).toBe(201);
    const { id, secret } = made.json();
    expect((await ctx.as(secret).get('/api/products')).statusCode).toBe(200);

    const held = await ctx.admin.delete('/api/roles/feeder');
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toBe(ROLE_TEXT.roleHeld(0, 1));

    expect((await ctx.admin.delete(`/api/users/${maker.user.id}`)).statusCode).toBe(204);
    const refused = await ctx.as(secret).get('/api/products');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe(API_TOKEN_TEXT.revokedOrExpired);
    expect(
      (await q('select revoked_at from api_tokens where id = $1', [id])).rows[0].revoked_at,
    ).not.toBeNull();
    const listed = (await ctx.admin.get('/api/api-tokens')).json().data as { id: number }[];
    expect(listed.map((t) => t.id)).not.toContain(id);

    // Revoked with its creator, it no longer holds the role.
    expect((await ctx.admin.delete('/api/roles/feeder')).statusCode).toBe(204);
    expect((await q('select 1 from api_tokens where id = $1', [id])).rowCount).toBe(0);
  });
  it('refuses a token left without its creator (from before a delete revoked them)', async () => {
    const { secret, id } = await token('viewer');
    expect((await ctx.as(secret).get('/api/products')).statusCode).toBe(200);
    await q('update api_tokens set created_by = null where id = $1', [id]);
    const res = await ctx.as(secret).get('/api/products');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(API_TOKEN_TEXT.revokedOrExpired);
  });

  it('holds no more than its creator holds now, whatever its role', async () => {
    serial += 1;
    const maker = await ctx.makeUser({
      name: 'Nia Narrow',
      email: `narrow-${serial}@example.com`,
      role: 'admin',
    });
    const made = await ctx.as(maker.token).post('/api/api-tokens', { name: 'Wide', role: 'admin' });
    expect(made.statusCode).toBe(201);
    const program = ctx.as(made.json().secret);
    expect((await program.get('/api/users')).statusCode).toBe(200);

    // The creator becomes a viewer: the token keeps the admin role but holds a viewer's rights.
    expect((await ctx.admin.patch(`/api/users/${maker.user.id}`, { role: 'viewer' })).statusCode).toBe(200);
    const refused = await program.get('/api/users');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().permission).toBe('user.manage');
    const write = await program.post('/api/brands', { name: `Narrow brand ${serial}` });
    expect(write.statusCode).toBe(403);
    expect(write.json().permission).toBe('brand.edit');
    expect((await q('select 1 from brands where name = $1', [`Narrow brand ${serial}`])).rowCount).toBe(0);
    expect((await program.get('/api/products')).statusCode).toBe(200);

    // A change to the creator's role narrows it too, from the next request.
    await ctx.admin.post('/api/roles', { name: `Readers ${serial}`, permissions: ['catalogue.read'] });
    expect(
      (await ctx.admin.patch(`/api/users/${maker.user.id}`, { role: `readers-${serial}` })).statusCode,
    ).toBe(200);
    expect((await program.get('/api/products')).statusCode).toBe(200);
    await ctx.admin.patch(`/api/roles/readers-${serial}`, { permissions: ['inquiry.read'] });
    expect((await program.get('/api/products')).statusCode).toBe(403);

    // And widens back as far as the token's role once the creator holds it again.
    expect((await ctx.admin.patch(`/api/users/${maker.user.id}`, { role: 'admin' })).statusCode).toBe(200);
    expect((await program.get('/api/users')).statusCode).toBe(200);
  });

  it('is refused (403) on the routes that create or change users and roles, whatever its role', async () => {
    const { secret } = await token('admin');
    const program = ctx.as(secret);
    serial += 1;
    const victim = await ctx.makeUser({
      name: 'Vic Viewer',
      email: `victim-${serial}@example.com`,
      role: 'viewer',
    });
    await ctx.admin.post('/api/roles', { name: `Spare ${serial}`, permissions: ['catalogue.read'] });
    const before = {
      users: (await q('select id, role, name from users order by id')).rows,
      roles: (await q('select key, name, permissions from roles order by id')).rows,
    };
    const calls = [
      program.post('/api/users', {
        name: 'Minted',
        email: `minted-${serial}@example.com`,
        password: 'secret-pass',
        role: 'admin',
      }),
      program.patch(`/api/users/${victim.user.id}`, { role: 'admin' }),
      program.delete(`/api/users/${victim.user.id}`),
      program.post('/api/roles', { name: 'Minted role', permissions: ['catalogue.read'] }),
      program.patch(`/api/roles/spare-${serial}`, { permissions: ['user.manage'] }),
      program.delete(`/api/roles/spare-${serial}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error).toBe(API_TOKEN_TEXT.peopleOnly);
    }
    expect({
      users: (await q('select id, role, name from users order by id')).rows,
      roles: (await q('select key, name, permissions from roles order by id')).rows,
    }).toEqual(before);
    // Reading them stays open to a token whose role may.
    expect((await program.get('/api/users')).statusCode).toBe(200);
    expect((await program.get('/api/roles')).statusCode).toBe(200);
  });
});
