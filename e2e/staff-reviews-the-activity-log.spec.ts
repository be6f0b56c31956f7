import type { Page } from '@playwright/test';
import { mockAdminApi, sampleInbox, STAFF_EMAIL } from './support/admin-api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';

const entries = (page: Page) => page.getByRole('list', { name: 'Activity' }).getByRole('listitem');

test('the activity log says who did what and when, newest first, and links to the lead', async ({ page }) => {
  await mockAdminApi(page);
  await page.goto('/admin/activity');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
  await expect(entries(page)).toHaveCount(5);
  await expect(entries(page).first()).toContainText('23 Nov 2025, 2:15 pm');
  await expect(entries(page).first()).toContainText('Signed in');
  await expect(entries(page).first()).toContainText(STAFF_EMAIL);
  await expect(entries(page).nth(2)).toContainText('Lead #10: New → Contacted');
  await expect(entries(page).nth(3)).toContainText('Sign-in refused');
  await expect(entries(page).nth(3)).toContainText('Nobody signed in');
  await expectNoAxeViolations(page, 'the activity log');

  await entries(page).nth(2).getByRole('link', { name: 'Open lead #10' }).click();
  await expect(page.getByRole('heading', { name: 'Ananya Rao', level: 1 })).toBeVisible();
});

test('older entries come with "Load more"', async ({ page }) => {
  const inbox = sampleInbox();
  inbox.pageSize = 2;
  await mockAdminApi(page, inbox);
  await page.goto('/admin/activity');
  await waitForHydration(page);
  await expect(entries(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(entries(page)).toHaveCount(4);
  await expect(entries(page).nth(2)).toBeFocused();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(entries(page)).toHaveCount(5);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: '1 more entry loaded.' })).toBeAttached();
});
