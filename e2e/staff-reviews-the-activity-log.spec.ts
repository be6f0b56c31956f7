import type { Page } from '@playwright/test';
import { INBOX_PAGE_SIZE } from '../common/inbox-paths.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { linesOf } from './support/layout.ts';
import { at, seedStaff, STAFF_EMAIL } from './support/staff-sample.ts';
import { expect, test, waitForHydration } from './support/staff-test.ts';

const entries = (page: Page) => page.getByRole('list', { name: 'Activity' }).getByRole('listitem');

test('the activity log says who did what and when, newest first, and links to the lead', async ({
  page,
  staff,
}) => {
  await staff.sample();
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

test('older entries come with "Load more"', async ({ page, staff }) => {
  // Two pages and one entry more, numbered oldest first.
  const count = 2 * INBOX_PAGE_SIZE + 1;
  for (let number = 1; number <= count; number++) {
    staff.db.insert('admin_activity', {
      at: at(count - number),
      actor: STAFF_EMAIL,
      action: 'export',
      summary: `Export number ${number}`,
      lead_id: null,
    });
  }
  await staff.signIn(seedStaff(staff.db).accountId);
  await page.goto('/admin/activity');
  await waitForHydration(page);
  await expect(entries(page)).toHaveCount(INBOX_PAGE_SIZE);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(entries(page)).toHaveCount(2 * INBOX_PAGE_SIZE);
  await expect(entries(page).nth(INBOX_PAGE_SIZE)).toBeFocused();
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(entries(page)).toHaveCount(count);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: '1 more entry loaded.' })).toBeAttached();
  // Each entry once, newest first: every page starts where the one before ended.
  await expect(entries(page).first()).toContainText(`Export number ${count}`);
  await expect(entries(page).nth(INBOX_PAGE_SIZE)).toContainText(`Export number ${count - INBOX_PAGE_SIZE}`);
  await expect(entries(page).last()).toContainText('Export number 1');
});

test('on a phone a lead’s link stays on one line', async ({ page, staff }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await staff.sample();
  await page.goto('/admin/activity');
  await waitForHydration(page);
  // "Lead #10: New → Contacted" leaves too little room after it for the whole link.
  const link = entries(page).nth(2).getByRole('link', { name: 'Open lead #10' });
  await expect(link).toBeVisible();
  expect(await linesOf(link)).toBe(1);
});
