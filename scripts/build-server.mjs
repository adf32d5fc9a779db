// Bundles the server into one file, dist/server/main.mjs, which `npm start` runs: under tsx every
// start transpiled and resolved each of the server's modules through a loader hook, which made
// start-up several times slower than loading one bundle.
//
// Packages stay external, loaded from node_modules as they are, except the pure ES-module ones
// below: Node resolves and links an ES module graph file by file (zod, drizzle-orm and jose are a
// few hundred files), a noticeable part of each start; bundled, they cost a parse. Only packages
// with no native parts, no files read at run time and no other copy loaded from node_modules
// belong in this list. The #domain/ alias (package.json imports) is the repository's own code
// and is bundled like a relative import.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUNDLED_PACKAGES = new Set(['zod', 'drizzle-orm', 'jose', 'fastify-type-provider-zod', 'helmet']);

/** The package a bare import names: 'drizzle-orm/pg-core' -> 'drizzle-orm', '@a/b/c' -> '@a/b'. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

await build({
  entryPoints: [path.join(root, 'server', 'main.ts')],
  outfile: path.join(root, 'dist', 'server', 'main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        // Bare imports (not ./ or ../, not absolute): external unless listed above.
        b.onResolve({ filter: /^[^./#]/ }, (args) =>
          BUNDLED_PACKAGES.has(packageOf(args.path)) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
