import type { KnipConfig } from 'knip';

/**
 * What knip (`npm run knip`, and CI after Lint) starts from to find unused files, exports and
 * dependencies. Knip's own plugins add the entries that configs name: package.json's scripts
 * (server/main.ts, server/security/soak.ts), vite.config.ts (web/index.html's main.tsx and the
 * shop's script), vitest.config.ts (test files, globalSetup and setupFiles), playwright.config.ts
 * (e2e/ and its web server), drizzle.config.ts and postcss.config.cjs. Listed here: the files
 * run by path from code or by hand, which no config names.
 */
const config: KnipConfig = {
  entry: [
    // Commands run with tsx, several of them from package.json scripts, others by hand.
    'server/cli/*.ts',
    // Started as a worker thread by path (server/paths.ts PGLITE_WORKER).
    'server/db/pglite-worker.mjs',
    // Loaded into the soak's server process with --import.
    'server/security/soak-probe.ts',
    // Build, e2e and smoke scripts, run with node by package.json, playwright.config.ts or CI.
    'scripts/*.mjs',
    // Benchmarks run by hand (bench/README.md) or from package.json, and the processes they fork.
    'bench/**/*.{ts,mjs}',
  ],
  project: [
    'server/**/*.{ts,mjs}',
    'web/**/*.{ts,tsx}',
    'domain/**/*.ts',
    'e2e/**/*.ts',
    'bench/**/*.{ts,mjs}',
    'scripts/**/*.{mjs,mts}',
    '*.{ts,cjs}',
  ],
  // Debian's programs, not npm packages: tests start a real Redis and mount a small tmpfs.
  ignoreBinaries: ['redis-server', 'mount', 'umount'],
};

export default config;
