import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a .br and a .gz beside every text asset of the build, once, at full strength, so the
 * server sends them as they are (@fastify/static `preCompressed`) instead of the raw files or
 * compressing per request: the login page's first five assets go from 761 KB raw to 171 KB.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'stockroom-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const raw = await readFile(full);
          // Small files gain nothing worth a second request path.
          if (raw.length < 1024) return;
          const [br, gzipped] = await Promise.all([
            brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${full}.br`, br), writeFile(`${full}.gz`, gzipped)]);
        }),
      );
    },
  };
}

// The SPA is built into dist/web and served by the API process; in `npm run dev:web`
// Vite proxies the API to the server on port 3000.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), precompress()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // dist/web/.vite/manifest.json: bench/web/bundle-budget.mjs (run by `npm run build`) reads it to
    // size each route's JavaScript and fail the build over budget.
    manifest: true,
    rolldownOptions: {
      // Two entries: the staff SPA (index.html) and the shop's script and styles, which the
      // server-rendered /shop pages link from the manifest (server/modules/shop/assets.ts). The shop
      // imports nothing of the SPA's, so it shares none of its chunks.
      input: {
        index: fileURLToPath(new URL('./web/index.html', import.meta.url)),
        shop: fileURLToPath(new URL('./web/shop/shop.ts', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            // React, the router and TanStack Query change with dependency bumps only, so they get a
            // chunk of their own that stays cached across releases of the app. Mantine stays out: its
            // components go with the routes that use them, and a Mantine chunk would put all of them
            // on the login route.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/uploads': 'http://127.0.0.1:3000',
      '/healthz': 'http://127.0.0.1:3000',
    },
  },
});
