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
