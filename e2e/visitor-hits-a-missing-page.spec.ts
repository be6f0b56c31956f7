import { expect, test } from './support/fixtures.ts';

// Chromium reports the 404 status of the document itself as a console error.
const DOCUMENT_404 = /status of 404/;

test('an unknown address shows the not-found page with status 404 and links back', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(DOCUMENT_404);
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByRole('main').getByRole('link', { name: 'Home page' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Welcome to/);
});

test('a deep unknown address is a 404 too', async ({ page, consoleGuard }) => {
  consoleGuard.allow(DOCUMENT_404);
  const response = await page.goto('/services/not/here?x=1');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
});

test('/faq moves permanently to /FAQ', async ({ page, request }) => {
  const direct = await request.get('/faq', { maxRedirects: 0 });
  expect(direct.status()).toBe(301);
  expect(direct.headers()['location']).toBe('/FAQ');
  await page.goto('/faq');
  await expect(page).toHaveURL('/FAQ');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
});

test('an address with a trailing slash shows the page', async ({ page }) => {
  const response = await page.goto('/about/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Technology partners/);
});
