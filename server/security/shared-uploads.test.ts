import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createImageStore } from '../images/image-store';
import { createTestContext, type TestContext } from '../test/harness';
import { png } from '../test/images';
import { startS3, type TestS3 } from '../test/s3';
import { upload } from '../test/uploads';

/**
 * Two processes on one database must share their images: an image uploaded through one is served
 * by the other, and a delete through either removes the files, leaving no orphan anywhere. Each
 * process has a DATA_DIR of its own, as two servers on two machines would.
 *
 * The store is the configured one: S3 (a real s3rver on loopback) unless IMAGE_STORE=disk is set
 * for the run, which shows what a deployment on the default disk store gets (both tests fail).
 */
const storeKind = process.env.IMAGE_STORE === 'disk' ? 'disk' : 's3';

describe(`images shared between processes (IMAGE_STORE=${storeKind})`, () => {
  let s3: TestS3 | undefined;
  let ctx: TestContext;
  let other: TestContext['app'];
  let otherConfig: Config;
  let otherDataDir: string;
  let imageUrl: string;
  let categoryId: number;
  beforeAll(async () => {
    if (storeKind === 's3') s3 = await startS3();
    const env = s3?.env ?? { IMAGE_STORE: 'disk' };
    ctx = await createTestContext(env);
    otherDataDir = mkdtempSync(path.join(tmpdir(), 'stockroom-other-'));
    otherConfig = loadConfig({ DATA_DIR: otherDataDir, LOG_LEVEL: 'silent', ...env });
    other = await buildApp({ config: otherConfig, database: ctx.database, jwtSecret: ctx.jwtSecret });
    await other.ready();

    const created = await upload(
      ctx.as(ctx.adminToken),
      '/api/categories',
      { field: 'image', name: 'a.png', bytes: await png('#336699', 64) },
      { name: 'Shared Image' },
    );
    expect(created.statusCode, created.body).toBe(201);
    ({ id: categoryId, image_url: imageUrl } = created.json() as { id: number; image_url: string });
    expect(imageUrl).toMatch(/^\/uploads\/[a-f0-9]{40}\.webp$/);
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
    rmSync(otherDataDir, { recursive: true, force: true });
    await s3?.stop();
  });

  it('serves an upload through the other process, with the same bytes and headers', async () => {
    const here = await ctx.as().get(imageUrl);
    const there = await other.inject({ method: 'GET', url: imageUrl });
    expect(here.statusCode).toBe(200);
    expect(there.statusCode, there.body).toBe(200);
    expect(there.headers['content-type']).toBe('image/webp');
    expect(there.headers['cache-control']).toContain('immutable');
    expect(there.headers['content-security-policy']).toContain('sandbox');
    expect(there.headers['x-content-type-options']).toBe('nosniff');
    expect(there.rawPayload.equals(here.rawPayload)).toBe(true);
    const thumb = await other.inject({ method: 'GET', url: imageUrl.replace('.webp', '-thumb.webp') });
    expect(thumb.statusCode).toBe(200);
  });

  it('leaves no file in any store after a delete and purge through the other process', async () => {
    const deleted = await other.inject({
      method: 'DELETE',
      url: `/api/categories/${categoryId}`,
      headers: ctx.auth(ctx.adminToken),
    });
    expect(deleted.statusCode).toBe(204);
    // The trash holds the image until it is purged, here through the other process too.
    const purged = await other.inject({
      method: 'DELETE',
      url: `/api/trash/category/${categoryId}`,
      headers: ctx.auth(ctx.adminToken),
    });
    expect(purged.statusCode).toBe(204);
    // Neither process's store (one shared bucket, or two folders) keeps a file, and neither
    // process serves the image any more.
    const stores = [
      createImageStore(ctx.config.imageStore, ctx.uploadsDir),
      createImageStore(otherConfig.imageStore, path.join(otherDataDir, 'uploads')),
    ];
    for (const store of stores) expect(await store.list(), store.description).toEqual([]);
    expect((await ctx.as().get(imageUrl)).statusCode).toBe(404);
    expect((await other.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(404);
  });

  it('serves only stored image names, never anything else in the store', async () => {
    for (const url of [
      '/uploads/..%2F..%2Fetc%2Fpasswd',
      '/uploads/x.webp.abc.tmp',
      `/uploads/${'a'.repeat(40)}.webp`,
    ]) {
      const res = await other.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('Not found');
    }
  });
});
