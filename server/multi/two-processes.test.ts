import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createImageStore } from '../images/image-store';
import { describeOrphans, findOrphans } from '../images/orphans';
import { startS3, type TestS3 } from '../test/s3';
import {
  buildServer,
  cleanUp,
  createDatabase,
  freePort,
  loggedErrors,
  type ServerProcess,
  sleep,
  spawnServer,
  startRedis,
  type TestRedis,
  waitForHealth,
} from './cluster';

/**
 * Two real server processes on one PostgreSQL database, one Redis and one S3 bucket, as a
 * deployment behind a load balancer runs them, tested through HTTP alone: what one process
 * writes, the other serves; a limit holds across both; a sign-out through one is refused by the
 * other; a process killed mid-write leaves nothing half-written while the other keeps serving; a
 * Redis outage loosens the limits to each process's memory without failing a request.
 */

const ADMIN = { email: 'multi-admin@example.com', password: 'multi-admin-pass-1' };
/** Failed sign-ins per email and address: low, so a burst meets it. Every other limit is wide. */
const PAIR_LIMIT = 5;
const WINDOW_MINUTES = 15;
const USER_PASSWORD = 'right-pass-1';

let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let redis: TestRedis | undefined;
let s3: TestS3 | undefined;
let build: ReturnType<typeof buildServer> | undefined;
let env: Record<string, string>;
/** Every process started, killed or not, so afterAll ends them all and removes their folders. */
const started: (ServerProcess & { dataDir: string })[] = [];
let a: ServerProcess;
let b: ServerProcess;
let adminToken: string;

function startProcess(name: string, port: number) {
  if (!build) throw new Error('no build');
  const server = spawnServer(name, build.entry, port, env);
  started.push(server);
  return server;
}

beforeAll(async () => {
  build = buildServer();
  database = await createDatabase('stockroom_multi');
  redis = await startRedis(await freePort());
  s3 = await startS3();
  env = {
    DATABASE_URL: database.url,
    // Two processes' pools and LISTEN connections on a server other suites share.
    DATABASE_POOL_MAX: '5',
    JWT_SECRET: randomBytes(32).toString('hex'),
    REDIS_URL: redis.url,
    ...s3.env,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES_PER_PAIR: String(PAIR_LIMIT),
    LOGIN_MAX_FAILURES_PER_EMAIL: '1000000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
    LOGIN_WINDOW_MINUTES: String(WINDOW_MINUTES),
    PASSWORD_CHANGE_MAX_FAILURES: '1000000',
    INQUIRY_RATE_MAX: '1000000',
  };
  // Both at once on the empty database, as a deployment's processes start: the migrations and
  // the first admin must survive the race.
  const [portA, portB] = [await freePort(), await freePort()];
  a = startProcess('a', portA);
  b = startProcess('b', portB);
  // 'ok', not just 200: the limits tested below must be counting in Redis already.
  await Promise.all([waitForHealth(a, 'ok', 60_000), waitForHealth(b, 'ok', 60_000)]);
  adminToken = await signIn(a, ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  // Each step on its own: one failing must not leave the others running.
  const steps: (() => Promise<unknown> | unknown)[] = [
    ...started.map((server) => () => server.kill()),
    () => redis?.kill(),
    () => s3?.stop(),
    () => database?.drop(),
    () => build?.remove(),
    ...started.map((server) => () => rmSync(server.dataDir, { recursive: true, force: true })),
  ];
  await cleanUp('the multi-process suite', steps);
});

type Answer = { status: number; headers: Headers; body: unknown; bytes: Buffer };

async function call(
  server: Pick<ServerProcess, 'base'>,
  method: string,
  url: string,
  opts: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<Answer> {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.form ?? (opts.json !== undefined ? JSON.stringify(opts.json) : undefined),
    signal: AbortSignal.timeout(30_000),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let body: unknown = null;
  try {
    body = bytes.length ? JSON.parse(bytes.toString()) : null;
  } catch {
    body = bytes.toString().slice(0, 200);
  }
  return { status: res.status, headers: res.headers, body, bytes };
}

/** A call that must answer `status`; returns the body. */
async function must<T = Record<string, unknown>>(
  status: number,
  server: ServerProcess,
  method: string,
  url: string,
  opts: Parameters<typeof call>[3] = {},
): Promise<T> {
  const res = await call(server, method, url, opts);
  // On a wrong answer, what the server logged says why (a 500's cause is only in its log).
  if (res.status !== status) expect.soft(server.output(), `${server.name}'s log`).toBe('');
  expect(res.status, `${method} ${url} on ${server.name}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body as T;
}

async function signIn(server: ServerProcess, email: string, password: string): Promise<string> {
  return (
    await must<{ token: string }>(200, server, 'POST', '/api/auth/login', { json: { email, password } })
  ).token;
}

async function makeUser(label: string) {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`;
  await must(201, a, 'POST', '/api/users', {
    token: adminToken,
    json: { name: `Multi ${label}`, email, password: USER_PASSWORD, role: 'editor' },
  });
  return email;
}

const png = (color: string, size = 24) =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
const jpeg = (color: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const randomColor = () => `#${randomBytes(3).toString('hex')}`;

function galleryForm(files: { bytes: Buffer; type: string; name: string }[]) {
  const form = new FormData();
  for (const f of files)
    form.append('images[]', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
  return form;
}

/** Wrong-password sign-ins for one email, all sent at once, the i-th to servers[i % n]. */
async function burst(servers: ServerProcess[], email: string, count: number) {
  const answers = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const server = servers[i % servers.length];
      const res = await call(server, 'POST', '/api/auth/login', {
        json: { email, password: 'wrong-password' },
      });
      return { server: server.name, ...res };
    }),
  );
  const unexpected = answers.filter((r) => r.status !== 401 && r.status !== 429);
  expect(
    unexpected.map((r) => `${r.server}: ${r.status} ${JSON.stringify(r.body)}`),
    'every attempt is either checked (401) or refused (429)',
  ).toEqual([]);
  for (const r of answers.filter((x) => x.status === 429)) {
    const retryAfter = r.headers.get('retry-after');
    expect(retryAfter, `a 429 from ${r.server} carries Retry-After in whole seconds`).toMatch(/^\d+$/);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(Number(retryAfter)).toBeLessThanOrEqual(WINDOW_MINUTES * 60);
  }
  return answers;
}
const checkedOn = (answers: { server: string; status: number }[], server?: string) =>
  answers.filter((r) => r.status === 401 && (server === undefined || r.server === server)).length;

/**
 * Straight from the database, after A was killed mid-write: every write A acknowledged is there,
 * and nothing is half-written.
 */
async function expectWholeRows(acknowledged: { products: number[]; lists: number[] }) {
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  const rows = async (sql: string, values: unknown[] = []) => (await client.query(sql, values)).rows;
  try {
    // Every write A acknowledged is there.
    expect(
      (await rows('select count(*)::int as n from products where id = any($1)', [acknowledged.products]))[0]
        .n,
    ).toBe(acknowledged.products.length);
    expect(
      (await rows('select count(*)::int as n from product_lists where id = any($1)', [acknowledged.lists]))[0]
        .n,
    ).toBe(acknowledged.lists.length);

    // Whole rows only: each product has its two fixed blocks, each section exactly one block
    // and each section block its section, on the same product.
    expect(
      await rows(`select p.id from products p where
        (select count(*) from product_layout_blocks b where b.product_id = p.id and b.block_type = 'basic') <> 1
        or (select count(*) from product_layout_blocks b where b.product_id = p.id and b.block_type = 'images') <> 1`),
      'products without exactly one basic and one images block',
    ).toEqual([]);
    expect(
      await rows(`
        select 'list' as kind, s.id from product_lists s where (select count(*) from product_layout_blocks b
          where b.product_id = s.product_id and b.block_type = 'list' and b.ref_id = s.id) <> 1
        union all
        select 'spec_group', s.id from product_spec_groups s where (select count(*) from product_layout_blocks b
          where b.product_id = s.product_id and b.block_type = 'spec_group' and b.ref_id = s.id) <> 1
        union all
        select 'table', s.id from product_tables s where (select count(*) from product_layout_blocks b
          where b.product_id = s.product_id and b.block_type = 'table' and b.ref_id = s.id) <> 1
        union all
        select b.block_type, b.id from product_layout_blocks b where
          (b.block_type = 'list' and not exists (select 1 from product_lists s where s.id = b.ref_id and s.product_id = b.product_id))
          or (b.block_type = 'spec_group' and not exists (select 1 from product_spec_groups s where s.id = b.ref_id and s.product_id = b.product_id))
          or (b.block_type = 'table' and not exists (select 1 from product_tables s where s.id = b.ref_id and s.product_id = b.product_id))`),
      'sections and layout blocks that do not match one to one',
    ).toEqual([]);
    // Every list in this suite is written with three items, every spec group with two specs.
    expect(
      await rows(`select l.id from product_lists l
        where (select count(*) from product_list_items i where i.list_id = l.id) <> 3`),
      'lists without all their items',
    ).toEqual([]);
    expect(
      await rows(`select g.id from product_spec_groups g
        where (select count(*) from product_specs s where s.group_id = g.id) <> 2`),
      'spec groups without all their specs',
    ).toEqual([]);
    // The documents the bundle reads, and the counts triggers keep, agree with the rows.
    expect(
      await rows(`select p.id from products p left join product_contents c on c.product_id = p.id
        where c.body is null or c.body::text <> stockroom_product_content(p.id)::text`),
      'products whose section document differs from their rows',
    ).toEqual([]);
    expect(
      await rows(`select p.id from products p
        where p.image_count <> (select count(*) from product_images i where i.product_id = p.id)`),
      'products whose image_count is wrong',
    ).toEqual([]);
    expect(
      await rows(`select c.table_name, c.n, case c.table_name
            when 'products' then (select count(*) from products)
            when 'categories' then (select count(*) from categories)
            when 'brands' then (select count(*) from brands)
            when 'inquiries' then (select count(*) from inquiries) end as real
          from table_counts c`).then((r) => r.filter((x) => Number(x.n) !== Number(x.real))),
      'table_counts that differ from the tables',
    ).toEqual([]);
    expect(
      await rows(`select h.name, h.n, case h.name
            when 'products_without_images' then (select count(*) from products where image_count = 0)
            when 'products_without_taxonomy' then (select count(*) from products where category_id is null or brand_id is null)
          end as real from health_counts h`).then((r) => r.filter((x) => Number(x.n) !== Number(x.real))),
      'health_counts that differ from the products',
    ).toEqual([]);
    expect((await rows('select count(*)::int as n from product_images'))[0].n).toBeGreaterThan(0);
  } finally {
    await client.end();
  }
}

/**
 * Every image row's objects are in the bucket, every image URL has its row, and reference
 * counts match the rows using them. Objects a killed upload stored before its transaction
 * would have committed may remain: nothing refers to them, and images:check sweeps them.
 */
async function expectImagesWhole() {
  const store = createImageStore(loadConfig({ ...s3?.env, DATA_DIR: started[0].dataDir }).imageStore, '');
  const orphanCheck = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, max: 1 });
  try {
    const report = await findOrphans(orphanCheck.db, store);
    expect(
      { missing: report.missingFiles, dangling: report.danglingReferences, miscounted: report.miscounted },
      describeOrphans(report),
    ).toEqual({ missing: [], dangling: [], miscounted: [] });
  } finally {
    await orphanCheck.close();
  }
}

describe('two processes on one database, Redis and S3', () => {
  it('follow one import from either: a file uploaded to one is checked and applied by the queue, and both answer its job alike', async () => {
    const sku = `MULTI-${randomBytes(3).toString('hex')}`;
    const rows = Array.from({ length: 300 }, (_, i) => `${sku}-${i},Multi import ${i},${i + 1}.25,published`);
    const file = `sku,name,mrp,status\n${rows.join('\n')}\n`;
    const upload = (dryRun: boolean) => {
      const form = new FormData();
      form.set('dry_run', String(dryRun));
      form.set('file', new Blob([file], { type: 'text/csv' }), 'multi.csv');
      return must<{ job_id: string }>(202, a, 'POST', '/api/imports', { token: adminToken, form });
    };
    type JobAnswer = { state: string; report: { created: number; applied: boolean } | null };
    const settled = async (id: string) => {
      for (const started = Date.now(); Date.now() - started < 30_000; await sleep(200)) {
        const onA = await must<JobAnswer>(200, a, 'GET', `/api/jobs/${id}`, { token: adminToken });
        if (onA.state === 'succeeded' || onA.state === 'failed') return onA;
      }
      throw new Error(`job ${id} did not end within 30 s`);
    };
    for (const dryRun of [true, false]) {
      const { job_id } = await upload(dryRun);
      const onA = await settled(job_id);
      expect(onA.state).toBe('succeeded');
      expect(onA.report).toMatchObject({ created: 300, applied: !dryRun });
      const onB = await must<JobAnswer>(200, b, 'GET', `/api/jobs/${job_id}`, { token: adminToken });
      expect(onB).toEqual(onA);
    }
    const listed = await must<{ meta: { total: number } }>(200, b, 'GET', `/api/products?q=${sku}&limit=1`, {
      token: adminToken,
    });
    expect(listed.meta.total).toBe(300);
  });

  it('serve each other’s uploads: a logo and a gallery uploaded through A are served by B at the same URLs', async () => {
    const logoForm = new FormData();
    logoForm.append('name', `Shared Brand ${randomBytes(3).toString('hex')}`);
    logoForm.append(
      'logo',
      new Blob([new Uint8Array(await jpeg('#c04020'))], { type: 'image/jpeg' }),
      'logo.jpg',
    );
    const brand = await must<{ logo_url: string }>(201, a, 'POST', '/api/brands', {
      token: adminToken,
      form: logoForm,
    });
    const product = await must<{ id: number; slug: string }>(201, a, 'POST', '/api/products', {
      token: adminToken,
      json: { name: `Shared Gallery ${randomBytes(3).toString('hex')}`, mrp: 10 },
    });
    const gallery = await must<{ data: { url: string }[] }>(
      201,
      a,
      'POST',
      `/api/products/${product.id}/images/batch`,
      {
        token: adminToken,
        form: galleryForm([
          { bytes: await png('#2080c0', 40), type: 'image/png', name: 'one.png' },
          { bytes: await jpeg('#20c080'), type: 'image/jpeg', name: 'two.jpg' },
        ]),
      },
    );
    // B learns the URLs from its own bundle, as a visitor's browser would.
    const bundle = await must<{ images: { url: string }[] }>(
      200,
      b,
      'GET',
      `/api/public/products/slug/${product.slug}/bundle`,
    );
    expect(bundle.images.map((i) => i.url)).toEqual(gallery.data.map((i) => i.url));

    const urls = [brand.logo_url, ...gallery.data.map((i) => i.url)];
    const withThumbs = urls.flatMap((url) => [url, url.replace(/\.webp$/, '-thumb.webp')]);
    expect(withThumbs.every((url) => /^\/uploads\/[a-f0-9]{40}(-thumb)?\.webp$/.test(url))).toBe(true);
    for (const url of withThumbs) {
      const fromA = await call(a, 'GET', url);
      const fromB = await call(b, 'GET', url);
      expect(fromA.status, `${url} on A`).toBe(200);
      expect(fromB.status, `${url} on B`).toBe(200);
      expect(fromB.headers.get('content-type')).toBe('image/webp');
      expect(fromB.bytes.length).toBeGreaterThan(0);
      expect(fromB.bytes.equals(fromA.bytes), `${url}: B serves A's bytes`).toBe(true);
      // Really a WebP image, not an error page.
      expect((await sharp(fromB.bytes).metadata()).format).toBe('webp');
    }
  });

  it('hold the sign-in limit under a parallel burst split across both, with Retry-After on every refusal', async () => {
    const email = await makeUser('burst');
    const answers = await burst([a, b], email, 60);
    // Counted atomically in the shared Redis: the pair's limit across both processes, not per
    // process (that would let twice as many through).
    expect(checkedOn(answers), 'wrong passwords checked across both processes').toBeLessThanOrEqual(
      PAIR_LIMIT,
    );
    expect(checkedOn(answers)).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 429).length).toBe(60 - checkedOn(answers));
    // The pair is now locked on both, even for the right password (counted before it is checked).
    for (const server of [a, b]) {
      const res = await call(server, 'POST', '/api/auth/login', { json: { email, password: USER_PASSWORD } });
      expect(res.status, `right password on ${server.name} after the burst`).toBe(429);
      expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    }
  });

  it('show a price changed through one in the other’s public bundle within 100 ms', async () => {
    const product = await must<{ id: number; slug: string; name: string }>(201, a, 'POST', '/api/products', {
      token: adminToken,
      json: { name: `Propagated Lamp ${randomBytes(3).toString('hex')}`, mrp: 100 },
    });
    const url = `/api/public/products/slug/${product.slug}/bundle`;
    const mrpOn = async (server: ServerProcess) =>
      (await must<{ price: { mrp: number } }>(200, server, 'GET', url)).price.mrp;
    const delays: number[] = [];
    // Both directions, several times: each change is made through one process while the other
    // holds the old bundle in its cache (read twice just before).
    for (let round = 1; round <= 6; round++) {
      const [writer, reader] = round % 2 ? [a, b] : [b, a];
      const before = await mrpOn(reader);
      expect(await mrpOn(reader)).toBe(before);
      const mrp = 100 + round + 0.25;
      await must(200, writer, 'PUT', `/api/products/${product.id}`, {
        token: adminToken,
        json: { name: product.name, pricing: { mrp } },
      });
      const answered = performance.now();
      let seenAfter = Number.POSITIVE_INFINITY;
      while (performance.now() - answered < 5_000) {
        if ((await mrpOn(reader)) === mrp) {
          seenAfter = performance.now() - answered;
          break;
        }
      }
      delays.push(Math.round(seenAfter * 10) / 10);
    }
    expect(
      delays.filter((ms) => ms >= 100),
      `ms from the writer's answer to the other process's first bundle with the new price: ${delays.join(', ')}`,
    ).toEqual([]);
  });

  it('refuse on one a token signed out through the other, and every session after sign-out everywhere', async () => {
    const email = await makeUser('sessions');
    const token = await signIn(a, email, USER_PASSWORD);
    await must(200, b, 'GET', '/api/me', { token });
    const other = await signIn(b, email, USER_PASSWORD);
    await must(204, a, 'POST', '/api/auth/logout', { token });
    await must(401, b, 'GET', '/api/me', { token });
    await must(401, a, 'GET', '/api/me', { token });
    // Signing out ends that token alone.
    await must(200, b, 'GET', '/api/me', { token: other });

    const first = await signIn(a, email, USER_PASSWORD);
    const second = await signIn(b, email, USER_PASSWORD);
    await must(200, b, 'GET', '/api/me', { token: second });
    await must(204, a, 'POST', '/api/auth/logout-all', { token: first });
    for (const t of [first, second, other]) {
      await must(401, b, 'GET', '/api/me', { token: t });
      await must(401, a, 'GET', '/api/me', { token: t });
    }
    // Signing in again afterwards works, through either.
    await must(200, b, 'GET', '/api/me', { token: await signIn(a, email, USER_PASSWORD) });
  });
});

describe('two processes when one is killed', () => {
  it('a process killed mid-write leaves no partial rows, and the other answers every request throughout', async () => {
    const shared = await png('#808080');
    // Made through B before the load, so B's reads below never depend on A.
    const known = await must<{ slug: string }>(201, b, 'POST', '/api/products', {
      token: adminToken,
      json: { name: `Survivor ${randomBytes(3).toString('hex')}`, mrp: 5 },
    });
    const tokenB = await signIn(b, ADMIN.email, ADMIN.password);

    let killed = false;
    let inFlightOnA = 0;
    const writeFailures: string[] = [];
    /** What A acknowledged: these must all be in the database afterwards. */
    const acknowledged = { products: [] as number[], lists: [] as number[], uploads: 0 };
    /** A request to A: null once the kill has cut it; any refusal before the kill is a failure. */
    const onA = async (method: string, url: string, expected: number, opts: Parameters<typeof call>[3]) => {
      if (killed) return null;
      inFlightOnA++;
      try {
        const res = await call(a, method, url, { token: adminToken, ...opts });
        if (res.status !== expected)
          writeFailures.push(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
        return res.status === expected ? (res.body as Record<string, unknown>) : null;
      } catch (err) {
        if (!killed) writeFailures.push(`${method} ${url}: ${(err as Error).message}`);
        return null;
      } finally {
        inFlightOnA--;
      }
    };
    // Multi-step writes, each one transaction of several statements (and for uploads, objects
    // written to S3 before it): a product with its layout, a list with its items, a spec group
    // with its specs, a table, and a gallery of a new image and one every product shares.
    const writer = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const product = await onA('POST', '/api/products', 201, {
          json: { name: `Killed ${w}-${i}-${randomBytes(3).toString('hex')}`, mrp: 10 + i },
        });
        if (!product) continue;
        const id = product.id as number;
        acknowledged.products.push(id);
        const list = await onA('POST', `/api/products/${id}/lists`, 201, {
          json: { title: 'Features', items: [{ caption: 'one' }, { caption: 'two' }, { caption: 'three' }] },
        });
        if (list) acknowledged.lists.push(list.id as number);
        await onA('POST', `/api/products/${id}/spec-groups`, 201, {
          json: {
            name: 'Power',
            specs: [
              { label: 'Voltage', value: '18', unit: 'V' },
              { label: 'Weight', value: '2' },
            ],
          },
        });
        await onA('POST', `/api/products/${id}/tables`, 201, {
          json: { heading: 'Sizes', columns: ['Size', 'Length'], rows: [['S', '10']] },
        });
        const uploaded = await onA('POST', `/api/products/${id}/images/batch`, 201, {
          form: galleryForm([
            { bytes: await png(randomColor()), type: 'image/png', name: 'own.png' },
            { bytes: shared, type: 'image/png', name: 'shared.png' },
          ]),
        });
        if (uploaded) acknowledged.uploads++;
      }
    };

    /** B's answers, each with whether A was already dead when it was asked. */
    const answersOfB: { afterKill: boolean; what: string; status: number | string }[] = [];
    let reading = true;
    const onB = async (what: string, expected: number, run: () => Promise<Answer>) => {
      const afterKill = killed;
      try {
        const res = await run();
        answersOfB.push({
          afterKill,
          what,
          status: res.status === expected ? res.status : `${res.status} ${JSON.stringify(res.body)}`,
        });
        return res;
      } catch (err) {
        answersOfB.push({ afterKill, what, status: `no answer: ${(err as Error).message}` });
        return null;
      }
    };
    const reader = async (r: number) => {
      for (let i = 0; reading; i++) {
        await onB('bundle', 200, () => call(b, 'GET', `/api/public/products/slug/${known.slug}/bundle`));
        await onB('products list', 200, () => call(b, 'GET', '/api/products?limit=20', { token: tokenB }));
        await onB('healthz', 200, () => call(b, 'GET', '/healthz'));
        const made = await onB('create product', 201, () =>
          call(b, 'POST', '/api/products', {
            token: tokenB,
            json: { name: `Written on B ${r}-${i}-${randomBytes(3).toString('hex')}`, mrp: 3 },
          }),
        );
        const id = (made?.body as { id?: number } | null)?.id;
        if (id)
          await onB('create list', 201, () =>
            call(b, 'POST', `/api/products/${id}/lists`, {
              token: tokenB,
              json: { title: 'On B', items: [{ caption: 'x' }, { caption: 'y' }, { caption: 'z' }] },
            }),
          );
      }
    };

    const writers = [0, 1, 2, 3].map(writer);
    const readers = [0, 1].map(reader);
    // Well into the load: several products and galleries written, and requests in flight.
    const until = Date.now() + 30_000;
    while (
      (acknowledged.products.length < 8 || acknowledged.uploads < 2) &&
      Date.now() < until &&
      !writeFailures.length
    )
      await sleep(20);
    await sleep(Math.floor(Math.random() * 200));
    const inFlightAtKill = inFlightOnA;
    killed = true;
    const how = await a.kill();
    const killedAt = Date.now();
    await Promise.all(writers);
    // B keeps being asked for a while after the kill.
    while (Date.now() - killedAt < 2_000) await sleep(50);
    reading = false;
    await Promise.all(readers);

    expect(writeFailures, 'A refused nothing before the kill').toEqual([]);
    expect(how).toBe('code null, signal SIGKILL');
    expect(inFlightAtKill, 'requests to A were in flight when it was killed').toBeGreaterThan(0);
    expect(acknowledged.uploads).toBeGreaterThanOrEqual(2);
    const failedOnB = answersOfB.filter((r) => typeof r.status !== 'number');
    expect(failedOnB, 'B answered every request, during and after the kill').toEqual([]);
    expect(answersOfB.filter((r) => r.afterKill).length, 'B was asked after the kill').toBeGreaterThan(10);
    expect(answersOfB.filter((r) => !r.afterKill).length, 'B was asked before the kill').toBeGreaterThan(10);
    expect(loggedErrors(b.output()), 'B logged no errors').toEqual([]);

    // Now the database, directly.
    await expectWholeRows(acknowledged);

    await expectImagesWhole();

    // A new process in A's place serves again, and the tokens issued before still work there.
    a = startProcess('a2', a.port);
    await waitForHealth(a, 'ok', 60_000);
    await must(200, a, 'GET', '/api/me', { token: adminToken });
  });
});

describe('two processes when Redis stops', () => {
  it('with Redis stopped: sign-in works on both, /healthz says degraded, bursts are throttled per process; back to ok when Redis returns', async () => {
    if (!redis) throw new Error('no redis');
    const outage = await makeUser('outage');
    const after = await makeUser('after');
    await redis.kill();
    // Noticed when the connection closes: no request has to fail first.
    await Promise.all([waitForHealth(a, 'degraded', 5_000), waitForHealth(b, 'degraded', 5_000)]);
    for (const server of [a, b]) {
      const res = await call(server, 'GET', '/healthz');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'degraded' });
      const signedIn = await call(server, 'POST', '/api/auth/login', { json: ADMIN });
      expect(
        signedIn.status,
        `sign-in on ${server.name} without Redis: ${JSON.stringify(signedIn.body)}`,
      ).toBe(200);
      await must(200, server, 'GET', '/api/me', { token: (signedIn.body as { token: string }).token });
    }
    // Each process counts in its own memory now: the pair's limit per process.
    const answers = await burst([a, b], outage, 60);
    for (const server of [a, b])
      expect(
        checkedOn(answers, server.name),
        `wrong passwords checked on ${server.name}`,
      ).toBeLessThanOrEqual(PAIR_LIMIT);
    expect(checkedOn(answers)).toBeGreaterThan(0);
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(60 - 2 * PAIR_LIMIT);

    await redis.start();
    const back = performance.now();
    await Promise.all([waitForHealth(a, 'ok', 5_000), waitForHealth(b, 'ok', 5_000)]);
    const tookMs = performance.now() - back;
    expect(tookMs).toBeLessThan(5_000);
    // Shared again: a new burst meets one limit across both processes.
    const shared = await burst([a, b], after, 40);
    expect(checkedOn(shared)).toBeLessThanOrEqual(PAIR_LIMIT);
    expect(checkedOn(shared)).toBeGreaterThan(0);
    for (const server of [a, b]) await signIn(server, ADMIN.email, ADMIN.password);
    for (const server of started.filter((s) => s.child.signalCode === null))
      expect(loggedErrors(server.output()), `${server.name} logged no errors`).toEqual([]);
  });
});
