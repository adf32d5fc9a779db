import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

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
