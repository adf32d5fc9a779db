import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { recordWebhookEvent } from '../modules/webhooks/record';
import { until } from '../test/until';
import { type Receiver, startReceiver } from '../test/webhook-receiver';
import {
  buildServer,
  cleanUp,
  createDatabase,
  freePort,
  type ServerProcess,
  spawnServer,
  waitForHealth,
} from './cluster';

/**
 * Webhooks across real server processes on one PostgreSQL database: an event whose process is
 * killed (SIGKILL) mid-delivery, or before any process sent it, is delivered after a restart; two
 * processes never send one delivery twice.
 */

const ADMIN = { email: 'hooks-admin@example.com', password: 'hooks-admin-pass-1' };

let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
let build: ReturnType<typeof buildServer> | undefined;
let receiver: Receiver | undefined;
let env: Record<string, string>;
const started: (ServerProcess & { dataDir: string })[] = [];

async function startProcess(name: string) {
  if (!build) throw new Error('no build');
  const server = spawnServer(name, build.entry, await freePort(), env);
  started.push(server);
  await waitForHealth(server, 'any', 60_000);
  return server;
}

async function call<T = Record<string, unknown>>(
  server: ServerProcess,
  method: string,
  url: string,
  opts: { token?: string; json?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.json !== undefined ? JSON.stringify(opts.json) : undefined,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

async function signIn(server: ServerProcess) {
  const res = await call<{ token: string }>(server, 'POST', '/api/auth/login', { json: ADMIN });
  expect(res.status).toBe(200);
  return res.body.token;
}

beforeAll(async () => {
  build = buildServer();
  database = await createDatabase('stockroom_hooks');
  receiver = await startReceiver();
  env = {
    DATABASE_URL: database.url,
    DATABASE_POOL_MAX: '5',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_PRIVATE: '1',
    WEBHOOK_RETRY_BASE_SECONDS: '1',
  };
});

afterAll(() =>
  cleanUp('the webhooks suite', [
    ...started.map((server) => () => server.kill()),
    () => receiver?.close(),
    () => database?.drop(),
    () => build?.remove(),
    ...started.map((server) => () => rmSync(server.dataDir, { recursive: true, force: true })),
  ]),
);

describe('webhooks across processes', () => {
  it('delivers an event after its process is killed mid-delivery, and one recorded while no process ran', async () => {
    if (!receiver || !database) throw new Error('not set up');
    const hooks = receiver;
    const a = await startProcess('a');
    const token = await signIn(a);
    const endpoint = await call<{ id: number }>(a, 'POST', '/api/webhooks', {
      token,
      json: { url: hooks.url, events: ['product.updated'], enabled: true },
    });
    expect(endpoint.status).toBe(201);

    // The first attempt reaches the receiver, which never answers; the process dies meanwhile.
    hooks.answerWith((_r, i) => (i === 0 ? 'hang' : { status: 200 }));
    const test = await call<{ event_id: string }>(a, 'POST', `/api/webhooks/${endpoint.body.id}/test`, {
      token,
    });
    expect(test.status).toBe(202);
    await until(() => hooks.received.length === 1, { ms: 10_000, what: 'the first attempt' });
    await a.kill();

    // Committed while no process runs: only the database knows of it.
    const direct = await openDatabase({ kind: 'postgres', url: database.url, max: 1 });
    const recorded = await direct.db.transaction((tx) =>
      recordWebhookEvent(tx, { type: 'product.updated', entity: 'product:1', data: { id: 1, name: 'Lamp' } }),
    );
    await direct.close();

    const b = await startProcess('b');
    // The killed attempt's lease runs out (20 s), and the delivery goes out again.
    await until(() => hooks.received.length >= 3, {
      ms: 60_000,
      every: 200,
      what: 'both events after restart',
    });
    const ids = hooks.received.map((r) => r.headers['stockroom-event-id']);
    expect(ids[0]).toBe(test.body.event_id);
    expect(ids.slice(1).sort()).toEqual([test.body.event_id, recorded].sort());

    const log = await call<{ data: { event_id: string; status: string; attempts: number }[] }>(
      b,
      'GET',
      `/api/webhooks/${endpoint.body.id}/deliveries`,
      { token: await signIn(b) },
    );
    expect(log.body.data.map((d) => [d.event_id, d.status, d.attempts]).sort()).toEqual(
      [
        [test.body.event_id, 'delivered', 2],
        [recorded, 'delivered', 1],
      ].sort(),
    );
    await b.kill();
  });

  it('two processes send each delivery once', async () => {
    if (!receiver) throw new Error('not set up');
    const hooks = receiver;
    hooks.received.length = 0;
    hooks.answerWith(() => ({ status: 200 }));
    const [c, d] = await Promise.all([startProcess('c'), startProcess('d')]);
    const token = await signIn(c);
    const { body } = await call<{ data: { id: number }[] }>(c, 'GET', '/api/webhooks', { token });
    const id = body.data[0].id;
    const sent = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call<{ event_id: string }>(i % 2 ? c : d, 'POST', `/api/webhooks/${id}/test`, { token }),
      ),
    );
    await until(() => hooks.received.length >= 10, { ms: 20_000, what: 'ten test events' });
    // Time for a second send, had there been one.
    await new Promise((r) => setTimeout(r, 1_500));
    const ids = hooks.received.map((r) => r.headers['stockroom-event-id']);
    expect(ids.sort()).toEqual(sent.map((s) => s.body.event_id).sort());
  });
});
