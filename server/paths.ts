import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root, found by climbing to its package.json from wherever this code runs: its
 * own source file under tsx, or the one-file build in dist/server (scripts/build-server.mjs), where
 * every module shares one import.meta.url and paths relative to it would point elsewhere.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));
export const WEB_ROOT = path.join(ROOT, 'dist', 'web');
export const MIGRATIONS_DIR = path.join(ROOT, 'server', 'db', 'migrations');
export const PGLITE_WORKER = path.join(ROOT, 'server', 'db', 'pglite-worker.mjs');
