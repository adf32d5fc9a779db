import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA is built into dist/web and served by the API process (DESIGN.md §1); in `npm run dev:web`
// Vite proxies the API to the server on port 3000.
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // dist/web/.vite/manifest.json: bench/web/bundle-budget.mjs (run by `npm run build`) reads it to
    // size each route's JavaScript and fail the build over budget (issue 8).
    manifest: true,
    rolldownOptions: {
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
