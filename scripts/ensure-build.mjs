// Runs before `npm start`: builds the web app when dist/web is missing or older than its sources,
// so `npm install && npm start` works on a fresh clone and a restart does not rebuild needlessly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'web', 'index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['web', 'domain'].map((d) => path.join(root, d)).filter(existsSync);
const configs = ['vite.config.ts', 'package-lock.json'].map((f) => path.join(root, f)).filter(existsSync);
const sourceTime = Math.max(...sources.map(newestMtime), ...configs.map((f) => statSync(f).mtimeMs));

if (existsSync(built) && statSync(built).mtimeMs >= sourceTime) process.exit(0);

console.log('Building the web app (first start or changed sources)...');
const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
