import type { Page } from '@playwright/test';
import { prerenderPaths } from '../app/content/site-map.ts';
import { quoteFields, quoteFormFields, validateQuoteRequest } from '../common/quote-request.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';

/**
 * Opens the page afresh at that width. One page for both widths: axe runs in the page itself
 * (e2e/support/axe.ts), and a new load at the new size lays it out as a phone would get it first.
 */
async function openPage(page: Page, path: string, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path === '/404' ? '/this-page-does-not-exist' : path);
  await waitForHydration(page);
}

const widths = { desktop: 1280, mobile: 375 } as const;

// Not tagged @phone: each test covers both widths itself, run once by the desktop project.
test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const path of prerenderPaths) {
    test(`${path} has no violations at desktop and mobile width`, async ({ page, consoleGuard }) => {
      consoleGuard.allow(/status of 404/);
      for (const [name, width] of Object.entries(widths)) {
        await openPage(page, path, width);
        await expectNoAxeViolations(page, `${path} (${name})`);
      }
    });
  }

  test('the quote form, open and showing its errors, has no violations', async ({ page }) => {
    for (const [name, width] of Object.entries(widths)) {
      await openPage(page, '/', width);
      await page.getByRole('button', { name: 'Get a Quote' }).click();
      const form = page.getByRole('form', { name: 'Quote request' });
      await expect(form).toBeVisible();
      await expectNoAxeViolations(page, `the open quote form (${name})`);

      const typed = { email: 'not-an-email', phone: 'call me' };
      await form.getByLabel(quoteFormFields.email.label, { exact: true }).fill(typed.email);
      await form.getByLabel(quoteFormFields.phone.label, { exact: true }).fill(typed.phone);
      for (const field of quoteFields) {
        await form.getByLabel(quoteFormFields[field].label, { exact: true }).focus();
      }
      await form.getByLabel(quoteFormFields.name.label, { exact: true }).focus();
      // Every field the shared rules refuse is marked: the required ones left empty and the two typed wrong.
      const validation = validateQuoteRequest(typed);
      const refused = validation.ok ? [] : Object.keys(validation.errors);
      expect(refused).toEqual(expect.arrayContaining(['name', 'email', 'phone', 'message']));
      await expect(form.locator('[aria-invalid="true"]')).toHaveCount(refused.length);
      await expectNoAxeViolations(page, `the quote form with errors (${name})`);
    }
  });

  test('the open mobile menu has no violations', async ({ page }) => {
    await openPage(page, '/about', widths.mobile);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expectNoAxeViolations(page, 'the open mobile menu');
  });
});
