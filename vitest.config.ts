import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Tests that start real server processes or several apps at once, build the app, take real
 * backups, time real work (the mailer's and the webhooks' retries and their backoff, a discount
 * window opening on the clock), migrate a filled database, write thousands of rows to watch how a
 * count scales or an edit or export behaves at volume, or check the SQL pricing against the
 * domain's on random catalogues: `npm run test:slow` (CI runs them, and test:pg on PostgreSQL).
 */
const SLOW = [
  'server/shutdown.test.ts',
  'server/platform.test.ts',
  'server/images/upload-speed.test.ts',
  'server/cli/demo.test.ts',
  'server/cli/seed-large.test.ts',
  'server/modules/query-count.test.ts',
  'server/db/bulk-writes.test.ts',
  'server/mail/mailer.test.ts',
  'server/modules/imports/imports-scale.test.ts',
  'server/modules/price-lists/price-lists-scale.test.ts',
  'server/backup/restore-drill.test.ts',
  'server/backup/backup-online.test.ts',
  'server/backup/restore-entries.test.ts',
  'server/data-at-rest.test.ts',
  'server/backup/scheduled.test.ts',
  'server/db/inquiry-quarters-migration.test.ts',
  'server/modules/inquiries/desk-volume.test.ts',
  'server/modules/inquiries/inquiries-redis.test.ts',
  'server/modules/products/product-bulk-volume.test.ts',
  'server/modules/imports/import-variants-volume.test.ts',
  'server/modules/products/product-price.test.ts',
  'server/modules/webhooks/webhooks-backoff.test.ts',
  'server/modules/products/bundle-window.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'domain/**/*.test.ts', 'bench/**/*.test.ts'],
          exclude: ['server/security/**', 'server/multi/**', ...SLOW, '**/node_modules/**'],
          // Each file's database starts from one migrated in advance.
          globalSetup: ['server/test/pglite-template.ts'],
          setupFiles: ['server/test/matchers.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // A worker keeps the modules it loaded (Fastify, drizzle, sharp, the PDF code) for its next
          // file rather than loading them again: importing them was most of a file's time. Each file
          // still builds its own app on its own database, and module-level caches are keyed by it.
          isolate: false,
          // ...and its embedded databases, emptied back to the migrated state between files.
          env: { STOCKROOM_TEST_REUSE_DB: '1' },
        },
      },
      {
        test: {
          name: 'slow',
          environment: 'node',
          include: SLOW,
          globalSetup: ['server/test/pglite-template.ts'],
          setupFiles: ['server/test/matchers.ts'],
          testTimeout: 60_000,
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
          globalSetup: ['server/test/pglite-template.ts'],
          setupFiles: ['server/test/matchers.ts'],
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
          // A screen test types and renders through Mantine key by key; with two workers on two
          // cores a few take seconds, and the limit is there to catch a hang, not to time them.
          testTimeout: 15_000,
          // One jsdom and one module registry per worker rather than per file: setting them up
          // again cost more than the tests. The set-up file cleans the DOM, storage and mocks after
          // each test; a file that mocks a module reloads what it tests (vi.resetModules).
          isolate: false,
        },
      },
    ],
  },
});
