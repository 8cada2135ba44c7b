import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys in Debian's Chromium against the real built app on a real server
 * (tests/e2e/server.ts starts one per worker on a fresh embedded database).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
    },
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    locale: 'zh-CN',
  },
  globalSetup: './tests/e2e/global-setup.ts',
});
