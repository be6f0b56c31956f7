import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { navigateViaHeader } from './support/layout.ts';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('back and forward restore the scroll position @phone', async ({ page }) => {
  await page.goto('/about');
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, 1200));
  await expect.poll(() => scrollY(page)).toBe(1200);

  await navigateViaHeader(page, 'Services');
  await expect(page).toHaveURL('/services');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Everything you need to succeed online');
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => scrollY(page)).toBe(400);

  await page.goBack();
  await expect(page).toHaveURL('/about');
  await expect.poll(() => scrollY(page)).toBe(1200);

  await page.goForward();
  await expect(page).toHaveURL('/services');
  await expect.poll(() => scrollY(page)).toBe(400);
});

test('a new page starts at the top', async ({ page }) => {
  await page.goto('/privacypolicy');
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms & Conditions' }).click();
  await expect(page).toHaveURL('/termsandconditions');
  await expect.poll(() => scrollY(page)).toBe(0);
});
