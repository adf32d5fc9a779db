import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness';

/**
 * Generated from Fastify's own route table: every /api route that is not on this allow-list must
 * refuse anonymous and forged callers. A route added later is covered without anyone adding it here.
 */
const PUBLIC = new Set([
  'POST /api/auth/login',
  'POST /api/inquiries',
  'GET /api/public/categories',
  'GET /api/public/brands',
  'GET /api/public/products',
  'GET /api/public/products/slug/:slug/bundle',
  'GET /api/public/brands/slug/:slug',
  // The shop's languages, which its pages link to anyway.
  'GET /api/locales',
  // The store's currency, which the shop shows anyone anyway.
  'GET /api/public/settings',
  // The customer's quote page: the quote's own token in the path is the key.
  'GET /api/public/quotes/:token',
  'POST /api/public/quotes/:token/accept',
  'POST /api/public/quotes/:token/decline',
  'POST /api/public/quotes/:token/changes',
  'GET /api/public/quotes/:token/pdf',
  // The company's logo, shown on that page: a file configured at start, the same for everyone.
  'GET /api/public/company-logo',
  // The buyer portal's sign-in: asking for a link, and exchanging it for a buyer token.
  'POST /api/account/login-link',
  'POST /api/account/session',
]);
const ADMIN_ONLY = /^\/api\/users(\/|$)/;

let ctx: TestContext;
let editorToken: string;
let editorId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const editor = await ctx.makeUser({ name: 'Sec Editor', email: 'sec-editor@example.com' });
  editorToken = editor.token;
  editorId = editor.user.id;
});
afterAll(() => ctx.close());

const staffRoutes = () =>
  ctx.app.routeTable.filter(
    (r) =>
      r.url.startsWith('/api/') &&
      !r.url.startsWith('/api/docs') &&
      r.method !== 'HEAD' &&
      !PUBLIC.has(`${r.method} ${r.url}`),
  );
const concrete = (url: string) => url.replace(/:(\w+)/g, '1');
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

const forgedTokens = async () => {
  const now = Math.floor(Date.now() / 1000);
  const sign = (claims: Record<string, unknown>, key: Uint8Array, exp: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(editorId))
      // A token id like every real token's, so each forgery is refused for its own fault.
      .setJti('forged-token-id')
      .setIssuedAt(now - 100)
      .setExpirationTime(exp)
      .sign(key);
  const valid = await sign({ tv: 0 }, ctx.jwtSecret, now + 3600);
  const [header, , signature] = valid.split('.');
  return {
    'no token': null,
    'an expired token': await sign({ tv: 0 }, ctx.jwtSecret, now - 10),
    'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(editorId), tv: 0, jti: 'forged-token-id', exp: now + 3600 })}.`,
    'another key': await sign(
      { tv: 0 },
      new TextEncoder().encode('an-entirely-different-secret-key!'),
      now + 3600,
    ),
    'edited claims': `${header}.${b64({ sub: '1', tv: 0, jti: 'forged-token-id', iat: now, exp: now + 3600 })}.${signature}`,
    'a stale token version': await sign({ tv: 7 }, ctx.jwtSecret, now + 3600),
  };
};

/** Each staff route called with each token: the calls that did not answer 401. */
async function notRefused(tokens: Record<string, string | null>): Promise<string[]> {
  const failures: string[] = [];
  for (const route of staffRoutes()) {
    for (const [label, token] of Object.entries(tokens)) {
      const res = await ctx
        .as()
        .send(
          route.method as 'GET',
          concrete(route.url),
          route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
          { headers: token ? { authorization: `Bearer ${token}` } : {} },
        );
      if (res.statusCode !== 401)
        failures.push(`${route.method} ${route.url} with ${label}: ${res.statusCode}`);
    }
  }
  return failures;
}

describe('every staff route refuses anonymous and forged callers', () => {
  it('has routes to check (the table is read, not hard-coded)', () => {
    expect(staffRoutes().length).toBeGreaterThan(30);
  });

  it('answers 401 for each kind of bad token, on every staff route', async () => {
    expect(await notRefused(await forgedTokens())).toEqual([]);
  });

  it('answers 401 for an unknown, revoked or expired API token, on every staff route', async () => {
    const make = async (name: string) => {
      const res = await ctx.as(ctx.adminToken).post('/api/api-tokens', { name, role: 'admin' });
      expect(res.statusCode).toBe(201);
      return res.json() as { id: number; secret: string };
    };
    const revoked = await make('Access revoked');
    await ctx.as(ctx.adminToken).delete(`/api/api-tokens/${revoked.id}`);
    const expired = await make('Access expired');
    await ctx.database.pool.query(
      `update api_tokens set expires_at = now() - interval '1 second' where id = $1`,
      [expired.id],
    );
    const tokens = {
      'an unknown API token': `sk_${'A'.repeat(43)}`,
      'a revoked API token': revoked.secret,
      'an expired API token': expired.secret,
    };
    expect(await notRefused(tokens)).toEqual([]);
  });

  it('answers 403 to editors on every admin-only route', async () => {
    const failures: string[] = [];
    for (const route of staffRoutes().filter((r) => ADMIN_ONLY.test(r.url))) {
      const res = await ctx
        .as(editorToken)
        .send(
          route.method as 'GET',
          concrete(route.url),
          route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        );
      if (res.statusCode !== 403) failures.push(`${route.method} ${route.url}: ${res.statusCode}`);
      else expect(res.json().permission).toBe('user.manage');
    }
    expect(failures).toEqual([]);
  });

  it('gives path variants the same decision: never a way around the check', async () => {
    const failures: string[] = [];
    for (const route of staffRoutes().filter((r) => r.method === 'GET')) {
      const url = concrete(route.url);
      const variants = [
        `${url}/`,
        url.replace('/api/', '/api//'),
        url.replace('/api/', '//api/'),
        url.toUpperCase(),
        url.replace(/\/(?=[^/]*$)/, '%2F'),
      ];
      for (const variant of variants) {
        const anonymous = await ctx.as().get(variant);
        // Either refused (401) or not a route at all (404): never served without a token.
        if (![401, 404].includes(anonymous.statusCode))
          failures.push(`GET ${variant}: ${anonymous.statusCode}`);
        if (ADMIN_ONLY.test(url)) {
          const editor = await ctx.as(editorToken).get(variant);
          if (![403, 404].includes(editor.statusCode))
            failures.push(`GET ${variant} as editor: ${editor.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('serves the public allow-list without a token', async () => {
    for (const url of [
      '/api/public/categories',
      '/api/public/brands',
      '/api/public/products',
      '/api/public/settings',
    ]) {
      expect((await ctx.as().get(url)).statusCode, url).toBe(200);
    }
  });

  it('never answers with a password hash', async () => {
    const bodies = await Promise.all(
      ['/api/users', '/api/users/1', '/api/me'].map((url) => ctx.as(ctx.adminToken).get(url)),
    );
    for (const res of bodies) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/password|argon2|token_version/);
    }
  });
});
