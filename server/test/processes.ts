/**
 * The server and its command-line tools as real processes from the TypeScript sources (under
 * tsx), for tests of what only a process shows: backups of a running server, restores, files on
 * disk and their modes.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { freePort, sleep } from '../multi/cluster';
import { ROOT } from '../paths';

const run = promisify(execFile);

/** What every process gets besides its own settings. */
const baseEnv = (home: string) => ({
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: process.env.HOME ?? home,
  LOG_LEVEL: 'warn',
});

export type Cli = { code: number; out: string };

/** Runs `server/cli/<script>.ts` with `env` alone (besides baseEnv) and answers its exit code and output. */
export async function cli(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<Cli> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', `server/cli/${script}.ts`, ...args],
      { cwd: ROOT, env: { ...baseEnv(ROOT), ...env } },
    );
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

export type Server = { base: string; child: ChildProcess; output: () => string; stop(): Promise<void> };

/** Starts `server/main.ts` on a free port and resolves once /healthz answers. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...baseEnv(ROOT), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const base = `http://127.0.0.1:${port}`;
  // A fresh embedded database migrates at its first start: on a busy machine, a minute or more.
  const until = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited while starting:\n${out}`);
    if (Date.now() > until) throw new Error(`server did not start:\n${out}`);
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(200);
  }
  return {
    base,
    child,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
