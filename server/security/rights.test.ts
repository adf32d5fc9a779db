import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUILT_IN_ROLE_PERMISSIONS,
  BUILT_IN_ROLES,
  PERMISSION_CODES,
  type PermissionCode,
  withNeededPermissions,
} from '#domain/permissions';
import { roleKeyFromName } from '#domain/roles';
import { createTestContext, type TestContext } from '../test/harness';
import { apiRoutes, diffSnapshots, isBuyerRoute, PUBLIC_ROUTES, snapshotDatabase } from './support';

/**
 * Rights from the route table: every staff route declares the permission it needs, and each
 * caller (the built-in roles, and custom roles holding only one of the rights that hand out
 * rights) is refused exactly the routes whose permission it lacks, with the 403 naming it. Then
 * the routes that hand out rights (users, roles, API tokens) are asked, by each caller, for every
 * permission it lacks: none may give it.
 */
let ctx: TestContext;
/** Each caller's role key and what it holds. */
const CALLERS: Record<string, readonly PermissionCode[]> = {
  ...Object.fromEntries(BUILT_IN_ROLES.map((role) => [role, BUILT_IN_ROLE_PERMISSIONS[role].permissions])),
  'only-user-manage': ['user.manage'],
  'only-role-manage': ['role.manage'],
  'only-settings-manage': ['settings.manage'],
};
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
/**
 * A role made by the admin from exactly one code: what a caller lacking it must not give. It is
 * saved with the permissions that code needs, so it may hold a few more.
 */
const onlyRole = (code: PermissionCode) => roleKeyFromName(`Only ${code}`);
beforeAll(async () => {
  ctx = await createTestContext();
  for (const code of PERMISSION_CODES)
    await ctx.admin.ok('POST', '/api/roles', { name: `Only ${code}`, permissions: [code] });
  await ctx.admin.ok('POST', '/api/roles', { name: 'Nothing', permissions: [] });
  for (const role of Object.keys(CALLERS)) {
    const made = await ctx.makeUser({ name: `Rights ${role}`, email: `rights-${role}@example.com`, role });
    tokens[role] = made.token;
    ids[role] = made.user.id;
  }
});
afterAll(() => ctx.close());

const PUBLIC = new Set([
  ...PUBLIC_ROUTES,
  'GET /api/public/quotes/:token/pdf',
  'GET /api/public/company-logo',
]);
// The buyer portal's routes take a buyer token, never a staff one: account.test.ts walks them.
const staffRoutes = () =>
  apiRoutes(ctx).filter((r) => !PUBLIC.has(`${r.method} ${r.url}`) && !isBuyerRoute(r));

/** Ids that match nothing, so a route the role may call answers 400 or 404 and changes nothing. */
const MISSING: Record<string, string> = {
  type: 'product',
  key: 'no-such-role',
  slug: 'no-such-product',
  id: '2000000000',
};
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_, name: string) =>
    url.startsWith('/api/jobs/') ? '00000000-0000-4000-8000-000000000000' : (MISSING[name] ?? '2000000001'),
  );

/** The codes a route needs (an empty list: any signed-in staff member). */
const needs = (permission: unknown): PermissionCode[] =>
  permission === 'signed-in' ? [] : ([permission].flat() as PermissionCode[]);

describe('every staff route declares its permission', () => {
  it('walks the route table and finds none without one', () => {
    const routes = staffRoutes();
    expect(routes.length).toBeGreaterThan(60);
    expect(routes.filter((r) => r.permission === undefined).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('declares nothing on a public route', () => {
    const declared = apiRoutes(ctx).filter((r) => PUBLIC.has(`${r.method} ${r.url}`) && r.permission);
    expect(declared).toEqual([]);
  });
});

/** Each staff route called with `token`: the answers that disagree with holding `held`. */
async function walk(token: string, held: ReadonlySet<PermissionCode>, isApiToken = false): Promise<string[]> {
  const wrong: string[] = [];
  for (const route of staffRoutes()) {
    // Signing out would end the session the rest of the walk uses; both are 'signed-in'.
    if (route.url.startsWith('/api/auth/logout')) {
      expect(route.permission).toBe('signed-in');
      continue;
    }
    // A program is refused the routes of a person whatever it holds (ADR 0019).
    if (isApiToken && (route.peopleOnly || route.permission === 'signed-in')) continue;
    const missing = needs(route.permission).find((code) => !held.has(code));
    const res = await ctx.app.inject({
      method: route.method as 'GET',
      url: concrete(route.url),
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
    });
    const name = `${route.method} ${route.url} → ${res.statusCode}`;
    if (missing) {
      if (res.statusCode !== 403 || res.json().permission !== missing)
        wrong.push(`${name}, expected 403 ${missing}`);
    } else if (res.statusCode === 403 || res.statusCode === 401 || res.statusCode >= 500) {
      wrong.push(`${name}, expected an answer past the rights check`);
    }
  }
  return wrong;
}

describe.each(Object.keys(CALLERS))('the %s role against the whole route table', (role) => {
  it('is refused exactly where it lacks the permission, with the code in the answer', async () => {
    expect(await walk(tokens[role], new Set(CALLERS[role]))).toEqual([]);
  });
});

describe('an API token against the whole route table', () => {
  it('holds no more than its creator holds now: its role narrowed to the creator’s', async () => {
    const creator = await ctx.makeUser({
      name: 'Token Maker',
      email: 'token-maker@example.com',
      role: 'admin',
    });
    const made = await ctx.as(creator.token).post('/api/api-tokens', { name: 'Walker', role: 'admin' });
    expect(made.statusCode).toBe(201);
    const demoted = await ctx.as(ctx.adminToken).patch(`/api/users/${creator.user.id}`, { role: 'sales' });
    expect(demoted.statusCode).toBe(200);
    expect(
      await walk(made.json().secret, new Set(BUILT_IN_ROLE_PERMISSIONS.sales.permissions), true),
    ).toEqual([]);
  });
});

/**
 * The routes that hand out rights, asked by each caller for each permission it lacks. The answer
 * must be 403 naming the route's own permission (when the caller lacks that), else the first
 * permission the caller lacks of those the asked one brings with it (what it needs comes first, so
 * asking for quote.send names inquiry.read); nothing in the database may change.
 */
describe.each(Object.keys(CALLERS))('the %s role cannot give a right it lacks', (caller) => {
  const held = new Set<PermissionCode>(CALLERS[caller]);
  const lacking = PERMISSION_CODES.filter((code) => !held.has(code));
  const firstLacking = (asked: PermissionCode) =>
    withNeededPermissions([asked]).find((code) => !held.has(code)) ?? asked;
  const expectedCode = (route: PermissionCode, asked: PermissionCode) =>
    held.has(route) ? firstLacking(asked) : route;

  it('through users, roles and API tokens, for every permission it lacks', async () => {
    const as = ctx.as(tokens[caller]);
    const before = await snapshotDatabase(ctx.database.pool);
    const wrong: string[] = [];
    const expect403 = async (
      label: string,
      res: Awaited<ReturnType<typeof as.get>>,
      code: PermissionCode,
    ) => {
      if (res.statusCode !== 403 || res.json().permission !== code)
        wrong.push(`${label} → ${res.statusCode} ${res.body}, expected 403 ${code}`);
    };
    for (const code of lacking) {
      const role = onlyRole(code);
      await expect403(
        `POST /api/users with ${role}`,
        await as.post('/api/users', {
          name: 'Raised',
          email: `raised-${caller}-${code}@example.com`,
          password: 'secret-pass',
          role,
        }),
        expectedCode('user.manage', code),
      );
      await expect403(
        `PATCH another user to ${role}`,
        await as.patch(`/api/users/${ids.viewer === ids[caller] ? ids.sales : ids.viewer}`, { role }),
        expectedCode('user.manage', code),
      );
      await expect403(
        `PATCH itself to ${role}`,
        await as.patch(`/api/users/${ids[caller]}`, { role }),
        expectedCode('user.manage', code),
      );
      await expect403(
        `POST /api/roles with ${code}`,
        await as.post('/api/roles', { name: `Raised ${caller} ${code}`, permissions: [code] }),
        expectedCode('role.manage', code),
      );
      await expect403(
        `PATCH an empty role to ${code}`,
        await as.patch('/api/roles/nothing', { permissions: [code] }),
        expectedCode('role.manage', code),
      );
      await expect403(
        `PATCH the role holding ${code}`,
        await as.patch(`/api/roles/${role}`, { name: `Renamed ${caller} ${code}` }),
        expectedCode('role.manage', code),
      );
      await expect403(
        `DELETE the role holding ${code}`,
        await as.delete(`/api/roles/${role}`),
        expectedCode('role.manage', code),
      );
      await expect403(
        `POST /api/api-tokens with ${role}`,
        await as.post('/api/api-tokens', { name: `Raised ${code}`, role }),
        expectedCode('settings.manage', code),
      );
    }
    expect(wrong).toEqual([]);
    expect(diffSnapshots(before, await snapshotDatabase(ctx.database.pool))).toEqual([]);
  });

  it('nor change its own role, nor edit the role it holds', async () => {
    const as = ctx.as(tokens[caller]);
    const before = await snapshotDatabase(ctx.database.pool);
    const wrong: string[] = [];
    // Even to a role holding less: a person's own rights are someone else's to change.
    for (const role of ['nothing', 'viewer', 'admin', onlyRole('catalogue.read')]) {
      if (role === caller) continue;
      const res = await as.patch(`/api/users/${ids[caller]}`, { role });
      if (res.statusCode !== 403 || typeof res.json().permission !== 'string')
        wrong.push(`PATCH itself to ${role} → ${res.statusCode} ${res.body}`);
    }
    const builtIn = (BUILT_IN_ROLES as readonly string[]).includes(caller);
    for (const body of [{ name: `Mine ${caller}` }, { permissions: [] }, { permissions: PERMISSION_CODES }]) {
      const res = await as.patch(`/api/roles/${caller}`, body);
      // A built-in role is fixed for everyone (409); a custom one is not its holder's to edit.
      const ok = builtIn && held.has('role.manage') ? res.statusCode === 409 : res.statusCode === 403;
      if (!ok || (res.statusCode === 403 && typeof res.json().permission !== 'string'))
        wrong.push(`PATCH its own role with ${JSON.stringify(body)} → ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
    expect(diffSnapshots(before, await snapshotDatabase(ctx.database.pool))).toEqual([]);
  });
});

describe('what a caller may give', () => {
  it('is any role within its own rights: user.manage gives its own role, role.manage makes one like its own', async () => {
    const users = ctx.as(tokens['only-user-manage']);
    const given = await users.post('/api/users', {
      name: 'Fellow Manager',
      email: 'fellow-manager@example.com',
      password: 'secret-pass',
      role: 'only-user-manage',
    });
    expect(given.statusCode).toBe(201);
    expect((await users.patch(`/api/users/${given.json().id}`, { role: 'nothing' })).statusCode).toBe(200);

    const roles = ctx.as(tokens['only-role-manage']);
    const made = await roles.post('/api/roles', { name: 'Role Keepers', permissions: ['role.manage'] });
    expect(made.statusCode).toBe(201);
    expect((await roles.patch('/api/roles/role-keepers', { permissions: [] })).statusCode).toBe(200);
    expect((await roles.delete('/api/roles/role-keepers')).statusCode).toBe(204);
  });
});

describe('built-in roles', () => {
  it('are the rows the migration seeded, with the permissions domain/permissions.ts gives them', async () => {
    const res = await ctx.as(ctx.adminToken).get('/api/roles');
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { key: string; name: string; permissions: string[]; built_in: boolean }[];
    for (const role of BUILT_IN_ROLES) {
      const row = rows.find((r) => r.key === role);
      expect(row).toMatchObject({ name: BUILT_IN_ROLE_PERMISSIONS[role].name, built_in: true });
      expect([...(row?.permissions ?? [])].sort()).toEqual(
        [...BUILT_IN_ROLE_PERMISSIONS[role].permissions].sort(),
      );
    }
  });

  it('give admins and editors the rights the two fixed roles had', () => {
    const editor = new Set(BUILT_IN_ROLE_PERMISSIONS.editor.permissions);
    for (const adminOnly of [
      'user.manage',
      'role.manage',
      'outbox.read',
      'trash.purge',
      'settings.manage',
    ] as const)
      expect(editor.has(adminOnly)).toBe(false);
  });
});
