import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'domain/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['server/security/**', 'server/multi/**', '**/node_modules/**'],
          // Each file gets its own database; PGlite's start-up dominates, so allow for it.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // The security suite, on its own: `npm run test:security`.
        test: {
          name: 'security',
          environment: 'node',
          include: ['server/security/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        // Several real server processes on one PostgreSQL, Redis and S3: `npm run test:multi`.
        test: {
          name: 'multi',
          environment: 'node',
          include: ['server/multi/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
        },
      },
    ],
  },
});
