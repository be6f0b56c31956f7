import { test as base, expect, type Page } from '@playwright/test';

export interface ConsoleGuard {
  /** Lets console errors matching the pattern through, for tests that cause them on purpose. */
  allow: (pattern: RegExp) => void;
}

/**
 * The Playwright `test`, extended so that every test fails if the page logs
 * a console error, breaks the Content-Security-Policy or throws an uncaught
 * exception it did not expect.
 */
export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      // Chromium logs most CSP violations itself; this catches every one, reported or not.
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
        });
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowed.some((pattern) => pattern.test(text))) problems.push(`console.error: ${text}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use({ allow: (pattern) => allowed.push(pattern) });
      expect(problems, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the page, so its controls respond. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
