/**
 * What the several-process suite runs on: a PostgreSQL database of its own on the shared server,
 * a redis-server of its own on a free port, and real server processes started from the one-file
 * build. Everything started here is stopped by `stop()`/`drop()`, which the suite calls in its
 * afterAll whatever happened before.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from '../paths';

export { freePort } from '../test/private-postgres';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A suite's clean-up: each step on its own, so one failing leaves none of the others undone;
 * then every failure at once.
 */
export async function cleanUp(label: string, steps: (() => Promise<unknown> | unknown)[]) {
  const errors: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (err) {
      errors.push(err);
    }
  }
  if (errors.length) throw new AggregateError(errors, `cleaning up ${label} failed`);
}

/** A database created for this run on TEST_DATABASE_URL's server, dropped (forcibly) by drop(). */
export async function createDatabase(prefix: string) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/**
 * Builds the server as `npm start` runs it (scripts/build-server.mjs) and copies the bundle to a
 * name of this run's own beside it: the processes must all run one build, whatever another
 * `npm start` or build in the same checkout writes to dist/server/main.mjs meanwhile. It stays in
 * dist/server, where the server finds the repository root (server/paths.ts) and its packages.
 */
export function buildServer(): { entry: string; remove(): void } {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'pipe' });
  const built = path.join(ROOT, 'dist', 'server', 'main.mjs');
  const entry = path.join(
    ROOT,
    'dist',
    'server',
    `multi-${process.pid}-${randomBytes(3).toString('hex')}.mjs`,
  );
  copyFileSync(built, entry);
  return { entry, remove: () => rmSync(entry, { force: true }) };
}

/** Resolves when something answers a Redis PING on the port, or false after timeoutMs. */
async function redisAnswers(port: number, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      const done = (result: boolean) => {
        socket.destroy();
        resolve(result);
      };
      socket.setTimeout(500, () => done(false));
      socket.once('error', () => done(false));
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    });
    if (ok) return true;
    await sleep(50);
  }
  return false;
}

export type TestRedis = {
  port: number;
  url: string;
  /** Starts redis-server on the port (again, after kill()). */
  start(): Promise<void>;
  /** SIGKILL, as a crash or a lost host would end it; resolves once the process is gone. */
  kill(): Promise<void>;
};

/** A redis-server of the suite's own (never the machine's shared one), with nothing persisted. */
export async function startRedis(port: number): Promise<TestRedis> {
  let child: ChildProcess | undefined;
  let output = '';
  const redis: TestRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child) throw new Error('redis-server is already running');
      output = '';
      const started = spawn(
        'redis-server',
        ['--port', String(port), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = started;
      const keep = (d: Buffer) => {
        output = `${output}${d}`.slice(-4000);
      };
      started.stdout?.on('data', keep);
      started.stderr?.on('data', keep);
      started.once('exit', () => {
        if (child === started) child = undefined;
      });
      if (!(await redisAnswers(port, 10_000))) {
        await redis.kill();
        throw new Error(`redis-server did not start on port ${port}:\n${output}`);
      }
    },
    async kill() {
      const running = child;
      if (!running) return;
      if (running.exitCode === null && running.signalCode === null) {
        const exited = new Promise((resolve) => running.once('exit', resolve));
        running.kill('SIGKILL');
        await exited;
      }
      child = undefined;
    },
  };
  await redis.start();
  return redis;
}

export type ServerProcess = {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  /** The last part of what the process wrote to stdout and stderr (for failure messages). */
  output(): string;
  /** Resolves once the process has exited, with how. */
  exited: Promise<string>;
  /** SIGKILL, and resolves once it is gone. */
  kill(): Promise<string>;
};

/**
 * One server process from the build, in a working directory of its own (so no .env of the
 * checkout is read) with a DATA_DIR of its own: nothing on disk is shared between processes,
 * so whatever they agree on comes from PostgreSQL, Redis or S3.
 */
export function spawnServer(
  name: string,
  entry: string,
  port: number,
  env: Record<string, string>,
): ServerProcess & { dataDir: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), `stockroom-multi-${name}-`));
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd: dataDir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? dataDir,
      ...env,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = `${output}${d}`.slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(`code ${code}, signal ${signal}`)),
  );
  return {
    name,
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    dataDir,
    output: () => output,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
  };
}

/** The /healthz status a process reports, or null while it does not answer. */
async function healthOf(base: string): Promise<{ http: number; status: string } | null> {
  try {
    const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2_000) });
    const body = (await res.json()) as { status?: string };
    return { http: res.status, status: String(body.status) };
  } catch {
    return null;
  }
}

/**
 * Waits until /healthz answers 200 with the status wanted ('ok' also means a configured Redis is
 * connected), and returns how long that took. Fails with the process's output if it exits first.
 */
export async function waitForHealth(
  server: Pick<ServerProcess, 'base' | 'name' | 'child' | 'output'>,
  status: 'ok' | 'degraded' | 'any',
  timeoutMs: number,
): Promise<number> {
  const started = performance.now();
  let last: Awaited<ReturnType<typeof healthOf>> = null;
  while (performance.now() - started < timeoutMs) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`process ${server.name} exited while starting:\n${server.output().slice(-4000)}`);
    last = await healthOf(server.base);
    if (last && last.http === 200 && (status === 'any' || last.status === status))
      return performance.now() - started;
    await sleep(25);
  }
  throw new Error(
    `process ${server.name}: /healthz was not 200 "${status}" within ${timeoutMs} ms (last: ${JSON.stringify(last)}):\n${server.output().slice(-4000)}`,
  );
}

/** Log lines at pino's error level or above (50, 60). */
export const loggedErrors = (output: string) =>
  output.split('\n').filter((line) => /"level":(50|60)\b/.test(line));
