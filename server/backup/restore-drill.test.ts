/**
 * The restore drill, both ways, on real processes: an embedded deployment filled with the demo
 * catalogue (quotes, history, images) is backed up while its server runs, restored into a fresh
 * PostgreSQL database, and a server on that answers as the original did; the PostgreSQL
 * deployment's own backup, restored into a fresh embedded one, answers the same again.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDemo } from '../cli/demo';
import { type ImageStoreConfig, loadConfig } from '../config';
import { s3ImageStore } from '../images/s3-store';
import { openConfiguredDatabase } from '../main';
import { cleanUp, createDatabase, sleep } from '../multi/cluster';
import { cli, type Server, startServer } from '../test/processes';
import { startS3 } from '../test/s3';
import type { Manifest } from './archive';

const run = promisify(execFile);
const root = mkdtempSync(path.join(tmpdir(), 'stockroom-drill-'));
const dirs = {
  original: path.join(root, 'original'),
  onPg: path.join(root, 'on-pg'),
  back: path.join(root, 'back'),
};

const accounts = () => JSON.parse(readFileSync(path.join(dirs.original, 'demo-accounts.json'), 'utf8'));

async function login(base: string): Promise<string> {
  const { email, password } = accounts().admin;
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** What the drill compares: the same requests on each deployment. */
async function answers(base: string, quoteToken: string, slug: string) {
  const token = await login(base);
  const get = async (url: string, auth = true) => {
    const res = await fetch(`${base}${url}`, { headers: auth ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, body: await res.json() };
  };
  return {
    products: await get('/api/products?limit=50'),
    publicProducts: await get('/api/public/products', false),
    bundle: await get(`/api/public/products/slug/${slug}/bundle`, false),
    staffBundle: await get(`/api/products/slug/${slug}/bundle`),
    inbox: await get('/api/inquiries'),
    quotePage: await get(`/api/public/quotes/${quoteToken}`, false),
    history: await get('/api/history'),
  };
}

/** Every image file the server serves for the first products' pictures. */
async function someImage(base: string, slug: string): Promise<number> {
  const res = await fetch(`${base}/api/public/products/slug/${slug}/bundle`);
  const body = JSON.stringify(await res.json());
  const url = /\/uploads\/[a-f0-9]{40}\.webp/.exec(body)?.[0];
  expect(url, 'the demo product has an image').toBeTruthy();
  return (await fetch(`${base}${url}`)).status;
}

let pgTarget: Awaited<ReturnType<typeof createDatabase>>;
let quoteToken: string;
let slug: string;
let original: Awaited<ReturnType<typeof answers>>;
const servers: Server[] = [];

beforeAll(async () => {
  const config = loadConfig({ DATA_DIR: dirs.original });
  const database = await openConfiguredDatabase(config);
  try {
    await prepareDemo(database, config);
    const { rows } = await database.pool.query<{ token: string }>(
      "select token from quotes where token is not null and status = 'sent' order by id limit 1",
    );
    quoteToken = rows[0].token;
    const product = await database.pool.query<{ slug: string }>(
      `select p.slug from products p join product_images i on i.product_id = p.id
        where p.status = 'published' order by p.id limit 1`,
    );
    slug = product.rows[0].slug;
  } finally {
    await database.close();
  }
  pgTarget = await createDatabase('stockroom_drill');
}, 120_000);

afterAll(async () => {
  await cleanUp('restore drill', [
    ...servers.map((s) => () => s.stop()),
    () => pgTarget?.drop(),
    () => rmSync(root, { recursive: true, force: true }),
  ]);
});

describe('backup and restore', () => {
  it('embedded, backed up while it runs, comes back on PostgreSQL with the same answers', async () => {
    const server = await startServer({ DATA_DIR: dirs.original });
    servers.push(server);
    original = await answers(server.base, quoteToken, slug);
    // Real answers, not empty ones that would compare equal anyway.
    for (const [name, answer] of Object.entries(original)) {
      expect(answer.status, name).toBe(200);
      expect(JSON.stringify(answer.body).length, name).toBeGreaterThan(500);
    }

    const file = path.join(root, 'embedded.tar.gz');
    const backup = await cli('backup', ['--out', file], { DATA_DIR: dirs.original });
    expect(backup.code, backup.out).toBe(0);
    // The running server never noticed.
    expect((await answers(server.base, quoteToken, slug)).products).toEqual(original.products);

    const restore = await cli('restore', [file], { DATA_DIR: dirs.onPg, DATABASE_URL: pgTarget.url });
    expect(restore.code, restore.out).toBe(0);
    const onPg = await startServer({ DATA_DIR: dirs.onPg, DATABASE_URL: pgTarget.url });
    servers.push(onPg);
    expect(await answers(onPg.base, quoteToken, slug)).toEqual(original);
    expect(await someImage(onPg.base, slug)).toBe(200);
    await server.stop();

    // Again into the same database: refused, and it keeps answering as before.
    const again = await cli('restore', [file], {
      DATA_DIR: mkdtempSync(path.join(root, 'x-')),
      DATABASE_URL: pgTarget.url,
    });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/not empty .*--force/);
    expect((await answers(onPg.base, quoteToken, slug)).products).toEqual(original.products);
  }, 240_000);

  it('the PostgreSQL deployment, backed up while it runs, comes back embedded with the same answers', async () => {
    const file = path.join(root, 'postgres.tar.gz');
    const backup = await cli('backup', ['--out', file], { DATA_DIR: dirs.onPg, DATABASE_URL: pgTarget.url });
    expect(backup.code, backup.out).toBe(0);
    const restore = await cli('restore', [file], { DATA_DIR: dirs.back });
    expect(restore.code, restore.out).toBe(0);
    const back = await startServer({ DATA_DIR: dirs.back });
    servers.push(back);
    expect(await answers(back.base, quoteToken, slug)).toEqual(original);
    expect(await someImage(back.base, slug)).toBe(200);
    await back.stop();
  }, 240_000);

  it('the way up as the README gives it: DATABASE_URL and IMAGE_STORE=s3, images into the bucket', async () => {
    const s3 = await startS3();
    const target = await createDatabase('stockroom_drill_s3');
    try {
      const file = path.join(root, 'embedded.tar.gz');
      const env = { DATA_DIR: path.join(root, 'on-s3'), DATABASE_URL: target.url, ...s3.env };
      const restore = await cli('restore', [file], env);
      expect(restore.code, restore.out).toBe(0);
      const manifest = JSON.parse(
        (await run('tar', ['-xzOf', file, './manifest.json'], { maxBuffer: 1 << 24 })).stdout,
      ) as Manifest;
      const listed = await s3ImageStore(
        loadConfig(env).imageStore as Extract<ImageStoreConfig, { kind: 's3' }>,
      ).list();
      expect(listed.length).toBe(manifest.images.store === 'disk' ? manifest.images.files : -1);
      expect(readdirSync(env.DATA_DIR)).not.toContain('uploads');
      const server = await startServer(env);
      servers.push(server);
      expect(await someImage(server.base, slug)).toBe(200);
      expect((await answers(server.base, quoteToken, slug)).bundle).toEqual(original.bundle);
      await server.stop();
    } finally {
      await target.drop();
      await s3.stop();
    }
  }, 240_000);

  it('a backup taken while writes run holds every counted row and no half-written one', async () => {
    const server = await startServer({ DATA_DIR: dirs.original });
    servers.push(server);
    const token = await login(server.base);
    let writing = true;
    let written = 0;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const res = await fetch(`${server.base}/api/products`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: `Drill writer ${i}`, sku: `DRILL-W-${i}`, mrp: 10 + i }),
        });
        if (res.status === 201) written++;
      }
    })();
    await sleep(300);
    const file = path.join(root, 'under-writes.tar.gz');
    const backup = await cli('backup', ['--out', file], { DATA_DIR: dirs.original });
    await sleep(300);
    writing = false;
    await writer;
    await server.stop();
    expect(backup.code, backup.out).toBe(0);
    expect(written).toBeGreaterThan(0);

    const target = await createDatabase('stockroom_drill_w');
    try {
      // The restore itself compares every table's count with the manifest before it commits.
      const restore = await cli('restore', [file], {
        DATA_DIR: path.join(root, 'writes'),
        DATABASE_URL: target.url,
      });
      expect(restore.code, restore.out).toBe(0);
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ products: string; logged: string }>(
          `select count(*)::text as products,
                  count(*) filter (where exists (select 1 from change_log c
                    where c.entity_type = 'product' and c.entity_id = p.id))::text as logged
             from products p where p.sku like 'DRILL-W-%'`,
        );
        // Each product's row and its change-log entry are written in one transaction: both or neither.
        expect(rows[0].logged).toBe(rows[0].products);
        const manifest = JSON.parse(
          (await run('tar', ['-xzOf', file, './manifest.json'], { maxBuffer: 1 << 24 })).stdout,
        ) as Manifest;
        const { rows: count } = await client.query<{ n: string }>('select count(*)::text as n from products');
        expect(Number(count[0].n)).toBe(manifest.counts['public.products']);
        // The restore analysed what it loaded: the lists are planned from real statistics.
        const { rows: stats } = await client.query<{ tablename: string }>(
          `select distinct tablename from pg_stats where schemaname = 'public'
             and tablename in ('products', 'product_variants')`,
        );
        expect(stats.map((r) => r.tablename).sort()).toEqual(['product_variants', 'products']);
      } finally {
        await client.end();
      }
    } finally {
      await target.drop();
    }
  }, 240_000);

  it('a damaged or truncated backup is refused with a clear message, and the target is untouched', async () => {
    const file = path.join(root, 'postgres.tar.gz');
    // One changed byte in the dump: unpack, alter, pack again.
    const unpacked = mkdtempSync(path.join(root, 'tamper-'));
    await run('tar', ['-xzf', file, '-C', unpacked]);
    const dump = path.join(unpacked, 'database.sql');
    writeFileSync(
      dump,
      readFileSync(dump, 'utf8').replace('Drill', 'Dri1l').replace('INSERT INTO', 'INSERT  INTO'),
    );
    const tampered = path.join(root, 'tampered.tar.gz');
    await run('tar', ['-czf', tampered, '-C', unpacked, '.']);
    const target = path.join(root, 'untouched');
    const refused = await cli('restore', [tampered], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('database.sql (checksum differs)');
    expect(refused.out).toContain('Nothing was restored');

    const truncated = path.join(root, 'truncated.tar.gz');
    const bytes = readFileSync(file);
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const cut = await cli('restore', [truncated], { DATA_DIR: target });
    expect(cut.code).toBe(1);
    expect(cut.out).toMatch(/damaged or not a Stockroom backup/);
    // Neither opened a database nor wrote an image.
    expect(readdirSync(target).filter((n) => n === 'db' || n === 'uploads')).toEqual([]);
  }, 120_000);
});
