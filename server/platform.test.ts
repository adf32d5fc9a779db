import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR } from '#domain/messages';
import { buildApp } from './app';
import { loadConfig } from './config';
import { runMigrations } from './db/migrate';
import { ensureFirstAdmin } from './modules/users/first-admin';
import { createUsersService } from './modules/users/users.service';
import { createTestContext, openTestDatabase, type TestContext } from './test/harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('HTTP platform', () => {
  it('answers /healthz when the database answers', async () => {
    const res = await ctx.as().get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers', async () => {
    const res = await ctx.as().get('/healthz');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBeDefined();
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const res = await ctx.as().get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: API_ERROR.notFound });
  });

  it('refuses a content type it does not accept with 415', async () => {
    const res = await ctx
      .as()
      .post('/api/auth/login', '<x/>', { headers: { 'content-type': 'application/xml' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe(API_ERROR.unsupportedMediaType);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await ctx
      .as()
      .post('/api/auth/login', JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }), {
        headers: { 'content-type': 'application/json' },
      });
    expect(res.statusCode).toBe(413);
  });

  it('lists every API route in the OpenAPI document', async () => {
    const doc = (await ctx.as().get('/api/docs/json')).json();
    const apiRoutes = ctx.app.routeTable.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
    );
    expect(apiRoutes.length).toBeGreaterThan(15);
    for (const route of apiRoutes) {
      const path = route.url.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
    expect(doc.components.securitySchemes.bearerAuth.scheme).toBe('bearer');
    // Form routes document both their JSON and multipart bodies.
    const create = doc.paths['/api/categories'].post.requestBody.content;
    expect(Object.keys(create).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(create['application/json'].schema.properties.name).toBeDefined();
    // Error responses are documented with the error shape.
    expect(doc.paths['/api/users'].get.responses['403']).toBeDefined();
  });

  it('keeps serving while the embedded database runs a slow query', async () => {
    // ADR 0001's guarantee: PGlite runs in a worker, so a heavy query cannot stall the
    // HTTP thread. A route with no database work must stay fast while one runs.
    const slow = ctx.database.pool.query(
      'select count(*) from generate_series(1, 4000000) a, generate_series(1, 2) b',
    );
    const started = Date.now();
    await new Promise((r) => setTimeout(r, 50));
    const timings: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      const res = await ctx.as().get('/api/docs/json');
      timings.push(performance.now() - t0);
      expect(res.statusCode).toBe(200);
    }
    await slow;
    const slowMs = Date.now() - started;
    timings.sort((a, b) => a - b);
    // The slow query must really have overlapped the requests for this to mean anything.
    expect(slowMs).toBeGreaterThan(200);
    expect(timings[5]).toBeLessThan(Math.max(50, slowMs / 4));
  });
});

describe('SPA hosting', () => {
  it('serves index.html for client routes and JSON 404 for API routes', async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'stockroom-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Stockroom</title>');
    const script = `console.log(${'1'.repeat(2000)})`;
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), script);
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    const app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      jwtSecret: ctx.jwtSecret,
      webRoot,
    });
    try {
      const page = await app.inject({ method: 'GET', url: '/users' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Stockroom</title>');
      expect(page.headers['cache-control']).toBe('no-cache');
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      // The build's precompressed copies go to clients that accept them, the raw file to others.
      const br = await app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.rawPayload).toEqual(brotliCompressSync(script));
      expect(br.headers['content-type']).toContain('javascript');
      const gz = await app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
      const raw = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(raw.headers['content-encoding']).toBeUndefined();
      expect(raw.body).toBe(script);
      const staleAsset = await app.inject({ method: 'GET', url: '/assets/app-old999.js' });
      expect(staleAsset.statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/unknown' })).json()).toEqual({
        error: API_ERROR.notFound,
      });
    } finally {
      await app.close();
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});

describe('migrations', () => {
  it('say so once when they take a while, and nothing when they are quick', async () => {
    const database = await openTestDatabase();
    try {
      const notices: string[] = [];
      // All thirteen migrations on a new database take far longer than a millisecond.
      await runMigrations(database, { afterMs: 1, notify: () => notices.push('slow') });
      expect(notices).toEqual(['slow']);
      // Nothing pending: done long before the minute, so no notice.
      await runMigrations(database, { afterMs: 60_000, notify: () => notices.push('late') });
      await new Promise((r) => setTimeout(r, 20));
      expect(notices).toEqual(['slow']);
    } finally {
      await database.close();
    }
  });
});

describe('first admin', () => {
  it('creates the admin from the environment once, or a generated one', async () => {
    const database = await openTestDatabase();
    try {
      await runMigrations(database);
      // Idempotent: a second run applies nothing and fails nothing.
      await runMigrations(database);
      const users = createUsersService(database.db);
      const first = await ensureFirstAdmin(users, { email: 'boss@example.com', password: 'boss-pass' });
      expect(first).toEqual({ created: true, email: 'boss@example.com', generatedPassword: null });
      expect(await ensureFirstAdmin(users, {})).toEqual({ created: false });
      expect(await users.count()).toBe(1);
      expect(await users.authenticate('boss@example.com', 'boss-pass')).toMatchObject({ role: 'admin' });

      await database.pool.query('delete from users');
      const generated = await ensureFirstAdmin(users, {});
      if (!generated.created || !generated.generatedPassword) throw new Error('expected a generated admin');
      expect(generated.email).toBe('admin@localhost');
      expect(generated.generatedPassword.length).toBeGreaterThanOrEqual(16);
      expect(await users.authenticate('admin@localhost', generated.generatedPassword)).toMatchObject({
        role: 'admin',
      });
    } finally {
      await database.close();
    }
  });
});

describe('configuration', () => {
  it('fails fast with the variable named', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must start with postgres/);
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@example.com' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
  });

  it('applies the documented defaults', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'stockroom-cfg-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      currency: 'USD',
      databaseUrl: undefined,
      databasePoolMax: 10,
    });
    expect(loadConfig({ DATA_DIR: dir, DATABASE_POOL_MAX: '4' }).databasePoolMax).toBe(4);
    rmSync(dir, { recursive: true, force: true });
  });
});
