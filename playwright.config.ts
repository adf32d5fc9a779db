import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e/env';
import { CHROMIUM_LAUNCH } from './scripts/chromium.mjs';

export default defineConfig({
  testDir: 'e2e',
  outputDir: '.tmp/e2e-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: '.tmp/e2e-report' }]],
  // A test is a whole flow, not one step (a discount created, edited, switched off and deleted;
  // every screen photographed at a width), on a 2-core machine with two workers; each step still
  // has expect's own timeout to show its result.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E.baseURL,
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: [/\.mobile\.spec\.ts/, /\.last\.spec\.ts/],
    },
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
      testMatch: /\.mobile\.spec\.ts/,
    },
    {
      // Specs that change what every other spec shares (emptying the whole trash), after them all.
      name: 'last',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testMatch: /\.last\.spec\.ts/,
      dependencies: ['desktop', 'phone'],
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E.baseURL}/healthz`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
