import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/support/chromium.ts';
import { E2E_BASE_URL } from './e2e/support/e2e-env.ts';
import { PHONE_WIDTH_TESTS } from './e2e/support/phone-width-specs.ts';

/**
 * End-to-end tests in Debian's Chromium against the real, built server
 * (started by e2e/support/e2e-server.ts), every test at desktop width and those
 * whose result can depend on the layout, tagged @phone, at phone width too
 * (e2e/support/phone-width-specs.ts). The staff specs run against a built
 * server of each worker's own, whose database each test seeds
 * (e2e/support/staff-test.ts).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: E2E_BASE_URL,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'mobile',
      grep: PHONE_WIDTH_TESTS,
      use: {
        browserName: 'chromium',
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
  ],
  webServer: {
    command: 'tsx e2e/support/e2e-server.ts',
    url: `${E2E_BASE_URL}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
