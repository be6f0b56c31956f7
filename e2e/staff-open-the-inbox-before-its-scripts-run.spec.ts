import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, waitForHydration } from './support/staff-test.ts';

// Every /admin address is answered with the app shell, which the browser renders before the inbox's
// scripts and its first API answers arrive: it must show the inbox loading, never a blank page.

test('the HTML of an inbox page already says the inbox is loading, and that it needs JavaScript', async ({
  request,
}) => {
  for (const path of ['/admin/sign-in', '/admin', '/admin/leads/12']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('Loading the inbox…');
    expect(html, path).toMatch(/<noscript>.*The inbox needs JavaScript.*<\/noscript>/s);
    expect(html, path).not.toContain('Hey developer');
  }
});

test('while its scripts load, an inbox page shows the inbox’s header and says it is loading @phone', async ({
  page,
  staff,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await staff.sample();
  await page.goto('/admin', { waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('banner').getByText('Inbox', { exact: true })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Loading the inbox…');
  await expect(page).toHaveTitle('Inbox | Acme Tech Solutions');
  await expectNoAxeViolations(page, 'an inbox page while its scripts load');

  release();
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1, exact: true })).toBeVisible();
  await expect(page.getByText('Loading the inbox…')).toHaveCount(0);
});

test('the inbox loads without React Router’s message to developers in the console', async ({
  page,
  staff,
}) => {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await staff.sample();
  await page.goto('/admin');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1, exact: true })).toBeVisible();
  expect(messages.filter((text) => /Hey developer|HydrateFallback/.test(text))).toEqual([]);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an inbox page shows the inbox’s header and says it needs JavaScript @phone', async ({ page }) => {
    await page.goto('/admin/sign-in');
    await expect(page.getByRole('banner').getByText('Inbox', { exact: true })).toBeVisible();
    await expect(page.getByText('Loading the inbox…')).toBeVisible();
    await expect(page.getByText(/The inbox needs JavaScript/)).toBeVisible();
  });
});
