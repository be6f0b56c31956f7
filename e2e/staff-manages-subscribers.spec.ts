import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, waitForHydration } from './support/staff-test.ts';

const rows = (page: Page) => page.getByRole('list', { name: 'Subscribers' }).getByRole('listitem');
const views = (page: Page) => page.getByRole('navigation', { name: 'Subscriber views' });

async function openSubscribers(page: Page, path = '/admin/subscribers') {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Subscribers', level: 1 })).toBeVisible();
}

test('the newsletter list shows each subscriber with their status and dates, by status', async ({
  page,
  staff,
}) => {
  await staff.sample();
  await openSubscribers(page);
  await expect(views(page).getByRole('link')).toHaveText([
    /^All\s*3$/,
    /^Not confirmed\s*1$/,
    /^Confirmed\s*1$/,
    /^Unsubscribed\s*1$/,
    /^Bounced\s*0$/,
  ]);
  await expect(rows(page).getByRole('heading')).toHaveText([
    'kabir@example.net',
    'neha.gupta@example.com',
    'vikram@example.org',
  ]);
  await expect(rows(page).nth(2)).toContainText('Unsubscribed 21 Nov 2025, 4:15 pm');
  await expect(rows(page).first()).toContainText('Signed up 23 Nov 2025, 1:15 pm on /services');
  await expectNoAxeViolations(page, 'the subscribers');

  await views(page)
    .getByRole('link', { name: /^Confirmed/ })
    .click();
  await expect(page).toHaveURL(/view=confirmed$/);
  await expect(rows(page).getByRole('heading')).toHaveText(['neha.gupta@example.com']);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/admin/api/subscribers/export.csv?view=confirmed',
  );
});

test('a search finds subscribers by address and stays in the address bar', async ({ page, staff }) => {
  await staff.sample();
  await openSubscribers(page);
  const search = page.getByRole('searchbox', { name: 'Search subscribers' });
  await search.fill('vikram');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=vikram$/);
  await expect(rows(page).getByRole('heading')).toHaveText(['vikram@example.org']);

  await search.fill('nobody');
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'No subscribers match “nobody”' })).toBeVisible();
});

test('removing a subscriber asks first, then removes them for good', async ({ page, staff }) => {
  await staff.sample();
  await openSubscribers(page);
  const remove = page.getByRole('button', { name: 'Remove neha.gupta@example.com' });
  await remove.click();
  const dialog = page.getByRole('dialog', { name: 'Remove neha.gupta@example.com?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('for good');
  await expectNoAxeViolations(page, 'the remove-subscriber dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(rows(page)).toHaveCount(3);

  await remove.click();
  await dialog.getByRole('button', { name: 'Remove for good' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'neha.gupta@example.com was removed' }),
  ).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(views(page).getByRole('link', { name: /^All/ })).toHaveText(/2$/);
  await expect(page.getByRole('heading', { name: 'Subscribers', level: 1 })).toBeFocused();
  await page.reload();
  await expect(rows(page).getByRole('heading')).toHaveText(['kabir@example.net', 'vikram@example.org']);
});
