import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestContext, type TestContext } from '../test/harness';
import { startS3, type TestS3 } from '../test/s3';
import { findOrphans, isClean, sweepOrphanFiles } from './orphans';
import { s3ImageStore } from './s3-store';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.stop());

const storeFor = (env: Record<string, string>) => {
  const { imageStore } = loadConfig({ DATA_DIR: '/tmp/stockroom-s3-test', ...env });
  if (imageStore.kind !== 's3') throw new Error('expected the S3 store');
  return s3ImageStore(imageStore);
};
const key = (c: string) => c.repeat(40);
const text = async (body: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
};

describe('the S3 image store', () => {
  it('writes both files, finds, lists, streams and removes them', async () => {
    const store = storeFor(s3.env);
    expect(await store.exists(key('a'))).toBe(false);
    await store.write(key('a'), Buffer.from('main bytes'), Buffer.from('thumb bytes'));
    expect(await store.exists(key('a'))).toBe(true);
    const listed = (await store.list()).sort((x, y) => x.name.localeCompare(y.name));
    expect(listed.map((f) => [f.name, f.bytes])).toEqual([
      [`${key('a')}-thumb.webp`, 11],
      [`${key('a')}.webp`, 10],
    ]);
    expect(Date.now() - listed[0].modifiedMs).toBeLessThan(60_000);
    const opened = await store.open(`${key('a')}.webp`);
    expect(opened?.bytes).toBe(10);
    expect(await text(opened?.body as NodeJS.ReadableStream)).toBe('main bytes');
    expect(await store.open(`${key('b')}.webp`)).toBeNull();
    await store.remove(key('a'));
    expect(await store.exists(key('a'))).toBe(false);
    expect(await store.list()).toEqual([]);
  });

  it('answers 503 (retry later) when the store cannot be reached', async () => {
    const store = storeFor({ ...s3.env, S3_ENDPOINT: 'http://127.0.0.1:1' });
    await expect(store.write(key('c'), Buffer.from('x'), Buffer.from('y'))).rejects.toMatchObject({
      statusCode: 503,
    });
  });
});

describe('an app on the S3 store', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ ...s3.env, IMAGE_PUBLIC_BASE_URL: 'https://images.example.com/shop/' });
  });
  afterAll(() => ctx?.close());

  it('redirects /uploads/ to the public base URL, for stored image names only', async () => {
    const name = `${key('d')}-thumb.webp`;
    const res = await ctx.as().get(`/uploads/${name}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`https://images.example.com/shop/${name}`);
    expect(res.headers['cache-control']).toContain('immutable');
    expect((await ctx.as().get('/uploads/notes.txt')).statusCode).toBe(404);
  });

  it('finds an orphan object and a temporary one in the bucket, and sweeps both', async () => {
    const store = storeFor(s3.env);
    await store.putFile(`${key('e')}.webp`, Buffer.from('left by a crash'));
    await store.putFile(`${key('f')}.webp.0123456789ab.tmp`, Buffer.from('half'));
    const report = await findOrphans(ctx.database.db, store);
    expect(report.orphanFiles).toEqual([`${key('e')}.webp`]);
    expect(report.temporaryFiles).toEqual([`${key('f')}.webp.0123456789ab.tmp`]);
    expect(await sweepOrphanFiles(report, store)).toBe(2);
    expect(isClean(await findOrphans(ctx.database.db, store))).toBe(true);
  });
});
