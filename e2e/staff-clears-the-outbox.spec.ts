import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, waitForHydration } from './support/staff-test.ts';

const emails = (page: Page) => page.getByRole('list', { name: 'Emails' }).getByRole('listitem');
const views = (page: Page) => page.getByRole('navigation', { name: 'Outbox views' });

async function openOutbox(page: Page, path = '/admin/outbox') {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
}

test('the outbox shows the emails given up on, with their attempts, last error and lead', async ({
  page,
  staff,
}) => {
  await staff.sample();
  await openOutbox(page);
  await expect(views(page).getByRole('link')).toHaveText([/^Not delivered\s*1$/, /^Waiting to be sent\s*2$/]);
  await expect(emails(page)).toHaveCount(1);
  const email = emails(page).first();
  await expect(email.getByRole('heading')).toHaveText('Lead notification');
  await expect(email).toContainText('to sales@acme.example');
  await expect(email).toContainText('Attempts15');
  await expect(email).toContainText('550 5.1.1 Mailbox unavailable');
  await expect(email.getByRole('link', { name: 'Lead #12' })).toHaveAttribute('href', '/admin/leads/12');
  await expectNoAxeViolations(page, 'the outbox');
});

test('the emails waiting to be sent show when the next try is', async ({ page, staff }) => {
  await staff.sample();
  await openOutbox(page);
  await views(page)
    .getByRole('link', { name: /^Waiting to be sent/ })
    .click();
  await expect(page).toHaveURL(/status=pending$/);
  await expect(emails(page)).toHaveCount(2);
  await expect(emails(page).first()).toContainText('Newsletter confirmation');
  await expect(emails(page).first()).toContainText('Next try23 Nov 2025, 4:21 pm');
  await expect(emails(page).first()).toContainText('421 4.7.0 Try again later');
});

test('one email is sent again with its Retry button', async ({ page, staff }) => {
  await staff.sample();
  await openOutbox(page);
  await emails(page).first().getByRole('button', { name: 'Retry the email to sales@acme.example' }).click();

  await expect(
    page.getByRole('status').filter({ hasText: 'The email to sales@acme.example will be sent again' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Everything was delivered' })).toBeVisible();
  await expect(views(page).getByRole('link', { name: /^Waiting to be sent/ })).toHaveText(/3$/);
  // The row is gone: the focus moves to the page's heading, not to the top of the document.
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeFocused();
  await views(page)
    .getByRole('link', { name: /^Waiting to be sent/ })
    .click();
  await expect(emails(page).filter({ hasText: 'Lead #12' })).toHaveCount(1);
  await expectNoAxeViolations(page, 'the outbox with nothing dead');
});

test('"Retry all dead" sends every dead email again', async ({ page, staff }) => {
  await staff.sample();
  staff.db.run("update outbox set status = 'dead' where status = 'pending'");
  await openOutbox(page);
  await expect(emails(page)).toHaveCount(3);

  await page.getByRole('button', { name: 'Retry all dead (3)' }).click();
  await expect(page.getByRole('status').filter({ hasText: '3 emails will be sent again' })).toBeVisible();
  await expect(emails(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Retry all dead/ })).toHaveCount(0);
  await expect(views(page).getByRole('link', { name: /^Waiting to be sent/ })).toHaveText(/3$/);
});

test('an empty outbox says nothing is waiting', async ({ page, staff }) => {
  await staff.sample();
  staff.db.run('delete from outbox');
  await openOutbox(page, '/admin/outbox?status=pending');
  await expect(page.getByRole('heading', { name: 'Nothing is waiting to be sent' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Retry all dead/ })).toHaveCount(0);
});
