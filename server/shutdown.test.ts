import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { describeOrphans, findOrphans, isClean } from './images/orphans';
import { multipart, png } from './test/images';

// The real process, on an embedded database in a temporary folder: what `npm start` runs.
const dataDir = mkdtempSync(path.join(tmpdir(), 'stockroom-shutdown-'));
const root = path.resolve(import.meta.dirname, '..');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function start(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'boss@example.com',
      ADMIN_PASSWORD: 'boss-pass-1',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 30_000);
    const poll = setInterval(async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) {
          clearInterval(poll);
          clearTimeout(timer);
          resolve({ child, output: () => out });
        }
      } catch {}
    }, 200);
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('graceful shutdown', () => {
  it('finishes in-flight requests on SIGTERM, exits 0, and the embedded data survives a restart', async () => {
    const port = 3700 + Math.floor(Math.random() * 200);
    const first = await start(port);
    expect(first.output()).toContain('First admin created');
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'boss@example.com', password: 'boss-pass-1' }),
    });
    const { token } = await login.json();
    // A write in flight (argon2 hashing keeps it busy) when the signal arrives.
    const inFlight = fetch(`http://127.0.0.1:${port}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Late Hire', email: 'late@example.com', password: 'late-pass-1' }),
    });
    await new Promise((r) => setTimeout(r, 15));
    const code = exited(first.child);
    first.child.kill('SIGTERM');
    expect((await inFlight).status).toBe(201);
    const firstCode = await code;
    expect(firstCode, first.output().slice(-2000)).toBe(0);
    expect(first.output()).toContain('stopped cleanly');

    // Same data directory: the write is there and the first admin is not created again.
    const second = await start(port);
    const again = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'late@example.com', password: 'late-pass-1' }),
    });
    expect(again.status).toBe(200);
    expect(second.output()).not.toContain('First admin created');
    const code2 = exited(second.child);
    second.child.kill('SIGINT');
    expect(await code2).toBe(0);
  }, 90_000);
});

/** A multipart upload sent slowly, in pieces, like a big file on a slow link. */
function slowUpload(
  port: number,
  token: string,
  body: { payload: Buffer; headers: Record<string, string> },
  opts: { pieces: number; gapMs: number; abortAfter?: number },
): Promise<{ status: number | null; error: string | null; body: string }> {
  return new Promise((resolve) => {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/categories',
      headers: {
        ...body.headers,
        authorization: `Bearer ${token}`,
        'content-length': String(body.payload.length),
      },
    });
    let settled = false;
    const done = (r: { status: number | null; error: string | null; body: string }) => {
      if (!settled) resolve(r);
      settled = true;
    };
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => done({ status: res.statusCode ?? null, error: null, body: text }));
      res.on('error', (err) => done({ status: res.statusCode ?? null, error: err.message, body: text }));
    });
    req.on('error', (err) =>
      done({ status: null, error: (err as NodeJS.ErrnoException).code ?? err.message, body: '' }),
    );
    const size = Math.ceil(body.payload.length / opts.pieces);
    let i = 0;
    const next = () => {
      if (req.destroyed) return;
      if (opts.abortAfter !== undefined && i >= opts.abortAfter) {
        req.destroy();
        done({ status: null, error: 'aborted by the client', body: '' });
        return;
      }
      const piece = body.payload.subarray(i * size, (i + 1) * size);
      i++;
      if (i >= opts.pieces) req.end(piece);
      else req.write(piece, () => setTimeout(next, opts.gapMs));
    };
    next();
  });
}

describe('SIGTERM during uploads', () => {
  it('in-flight uploads finish (201) or fail cleanly, the process exits in time, and no partial or orphan file is left', async () => {
    const port = 3700 + Math.floor(Math.random() * 200);
    const server = await start(port);
    const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'boss@example.com', password: 'boss-pass-1' }),
    });
    const { token } = await login.json();
    const form = async (name: string, color: string) =>
      multipart(
        { name },
        { field: 'image', name: `${name}.png`, type: 'image/png', bytes: await png(color, 64) },
      );
    const shared = '#335577';

    // Five uploads under way, each taking about 1.5 s to send; one of them gives up halfway.
    const inFlight = [
      slowUpload(port, token, await form('Slow A', '#aa0000'), { pieces: 10, gapMs: 150 }),
      slowUpload(port, token, await form('Slow B', '#00aa00'), { pieces: 10, gapMs: 150 }),
      slowUpload(port, token, await form('Slow C', shared), { pieces: 10, gapMs: 150 }),
      slowUpload(port, token, await form('Slow D', shared), { pieces: 10, gapMs: 150 }),
    ];
    const abandoned = slowUpload(port, token, await form('Slow E', '#0000aa'), {
      pieces: 10,
      gapMs: 150,
      abortAfter: 5,
    });
    await new Promise((r) => setTimeout(r, 400));
    const code = exited(server.child);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 100));
    // Arriving after the signal: refused (503) or the listener is already closed.
    const late = slowUpload(port, token, await form('Late F', '#aaaa00'), { pieces: 2, gapMs: 50 });

    const results = await Promise.all(inFlight);
    for (const r of results) expect(r.status, `${r.error} ${r.body}`).toBe(201);
    expect((await abandoned).status).toBeNull();
    const lateResult = await late;
    if (lateResult.status !== null) expect(lateResult.status, lateResult.body).toBe(503);
    else expect(lateResult.error).toMatch(/ECONNREFUSED|ECONNRESET|EPIPE|socket hang up/);

    const exitCode = await code;
    const took = Date.now() - signalled;
    console.log(`SIGTERM during uploads: exited ${took} ms after the signal`);
    expect(exitCode, server.output().slice(-2000)).toBe(0);
    // Well inside the 15 s the process allows itself before forcing an exit.
    expect(took).toBeLessThan(10_000);
    expect(server.output()).toContain('stopped cleanly');
    expect(server.output()).not.toMatch(/"level":50/);

    // The data as the stopped process left it: every file has its row and every row its files.
    const uploads = path.join(dataDir, 'uploads');
    expect(readdirSync(uploads).filter((f) => !f.endsWith('.webp'))).toEqual([]);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      const report = await findOrphans(database.db, uploads);
      expect(isClean(report), describeOrphans(report)).toBe(true);
      const { rows } = await database.pool.query<{ name: string }>(
        `select name from categories where name like 'Slow%' or name like 'Late%' order by name`,
      );
      expect(rows.map((r) => r.name)).toEqual(['Slow A', 'Slow B', 'Slow C', 'Slow D']);
      // Three pictures (C and D share one), two files each.
      expect(readdirSync(uploads)).toHaveLength(6);
    } finally {
      await database.close();
    }
  }, 90_000);
});
