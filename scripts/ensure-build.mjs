// Runs before `npm start`: builds the web app and the server bundle when missing or older than
// their sources, so `npm install && npm start` works on a fresh clone and a restart does not
// rebuild needlessly.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'dist', 'web', 'index.html');
const serverBuilt = path.join(root, 'dist', 'server', 'main.mjs');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const newest = (dirs, files) =>
  Math.max(
    ...dirs
      .map((d) => path.join(root, d))
      .filter(existsSync)
      .map(newestMtime),
    ...files
      .map((f) => path.join(root, f))
      .filter(existsSync)
      .map((f) => statSync(f).mtimeMs),
  );
const stale = (output, sourceTime) => !existsSync(output) || statSync(output).mtimeMs < sourceTime;

if (stale(built, newest(['web', 'domain'], ['vite.config.ts', 'package-lock.json']))) {
  console.log('Building the web app (first start or changed sources)...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs from one bundled file (scripts/build-server.mjs); rebuilding it takes well
// under a second.
if (stale(serverBuilt, newest(['server', 'domain'], ['scripts/build-server.mjs', 'package-lock.json']))) {
  const result = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
