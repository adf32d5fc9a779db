import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_ROLE_PERMISSIONS, BUILT_IN_ROLES, type PermissionCode } from '#domain/permissions';
import { createTestContext, type TestContext } from '../test/harness';
import { apiRoutes, isBuyerRoute, PUBLIC_ROUTES } from './support';

/**
 * Rights from the route table: every staff route declares the permission it needs, and each
 * built-in role is refused exactly the routes whose permission it lacks, with the 403 naming it.
 */
let ctx: TestContext;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of BUILT_IN_ROLES) {
    tokens[role] = (
      await ctx.makeUser({ name: `Rights ${role}`, email: `rights-${role}@example.com`, role })
    ).token;
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

describe.each(BUILT_IN_ROLES)('the %s role against the whole route table', (role) => {
  const held = new Set<PermissionCode>(BUILT_IN_ROLE_PERMISSIONS[role].permissions);

  it('is refused exactly where it lacks the permission, with the code in the answer', async () => {
    const wrong: string[] = [];
    for (const route of staffRoutes()) {
      // Signing out would end the session the rest of the walk uses; both are 'signed-in'.
      if (route.url.startsWith('/api/auth/logout')) {
        expect(route.permission).toBe('signed-in');
        continue;
      }
      const missing = needs(route.permission).find((code) => !held.has(code));
      const res = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { authorization: `Bearer ${tokens[role]}`, 'content-type': 'application/json' },
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
    expect(wrong).toEqual([]);
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
