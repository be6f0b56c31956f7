import type { Page } from '@playwright/test';
import { company } from '../common/company.ts';
import { INBOX_PAGE_SIZE } from '../common/inbox-paths.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { at, seedLead, seedStaff } from './support/staff-sample.ts';
import { expect, test, waitForHydration } from './support/staff-test.ts';
import { openInboxMenu } from './support/staff-nav.ts';

const views = (page: Page) => page.getByRole('navigation', { name: 'Lead views' });
const leadRows = (page: Page) => page.getByRole('list', { name: 'Leads' }).getByRole('listitem');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search leads' });

async function openInbox(page: Page, path = '/admin') {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1, exact: true })).toBeVisible();
}

test('the inbox lists the leads newest first, with who, when, status, delivery and the start of the message @phone', async ({
  page,
  staff,
}) => {
  await staff.sample();
  await openInbox(page);

  await expect(leadRows(page)).toHaveCount(6);
  await expect(leadRows(page).getByRole('heading')).toHaveText([
    'Priya Sharma',
    'Gurpreet Singh',
    'Ananya Rao',
    'Rohit Verma',
    'Simran Kaur',
    'Arjun Nair',
  ]);
  const first = leadRows(page).first();
  await expect(first).toContainText('priya@sharmatextiles.in');
  // 09:45 UTC is 3:15 pm in Asia/Kolkata, the company's time zone.
  await expect(first.locator('time')).toHaveText('23 Nov 2025, 3:15 pm');
  await expect(first).toContainText('New');
  await expect(first).toContainText('Notification: Email failed');
  await expect(first).toContainText('We need an online store for our textile shop');
  await expect(leadRows(page).nth(3)).toContainText('Notification: Kept, not emailed');
  // Spam stays in its own folder.
  await expect(page.getByRole('main')).not.toContainText('Cheap SEO');

  await expect(page).toHaveTitle(`Inbox | ${company.name}`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoAxeViolations(page, 'the inbox');
});

test('the public site’s header and footer stay off the inbox, which has its own @phone', async ({
  page,
  staff,
}) => {
  await staff.sample();
  await openInbox(page);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get a Quote' })).toHaveCount(0);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await openInboxMenu(page);
  await expect(nav.getByRole('link')).toHaveText([
    'Dashboard',
    'Inbox',
    'Follow-ups',
    'Outbox',
    'Subscribers',
    'Campaigns',
    'Activity',
    'Team',
    'Website',
    'Settings',
    'Account',
  ]);
  await expect(nav.getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('banner')).toContainText('Signed in as meera@acme.example');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign out' })).toBeVisible();
});

test('the views show how many leads each holds, and spam is a folder apart @phone', async ({
  page,
  staff,
}) => {
  await staff.sample();
  await openInbox(page);
  await expect(views(page).getByRole('link')).toHaveText([
    /^All\s*6$/,
    /^New\s*2$/,
    /^Contacted\s*1$/,
    /^Quoted\s*1$/,
    /^Won\s*1$/,
    /^Lost\s*1$/,
    /^Spam\s*1$/,
  ]);
  await expect(views(page).getByRole('link', { name: /^All/ })).toHaveAttribute('aria-current', 'page');

  await views(page).getByRole('link', { name: /^Won/ }).click();
  await expect(page).toHaveURL(/\/admin\?view=won$/);
  await expect(leadRows(page).getByRole('heading')).toHaveText(['Simran Kaur']);
  await expect(views(page).getByRole('link', { name: /^Won/ })).toHaveAttribute('aria-current', 'page');

  await views(page).getByRole('link', { name: /^Spam/ }).click();
  await expect(leadRows(page).getByRole('heading')).toHaveText(['Cheap SEO']);
  await expect(leadRows(page)).toContainText('Spam');
});

test('a banner says how many lead notifications could not be delivered and leads to the outbox', async ({
  page,
  staff,
}) => {
  await staff.sample();
  // Two lead notifications and a newsletter confirmation: the banner counts the notifications.
  staff.db.run("update outbox set status = 'dead' where status = 'pending'");
  await openInbox(page);
  await expect(page.getByText('2 notifications could not be delivered')).toBeVisible();

  await page.getByRole('link', { name: 'Open the outbox to retry' }).click();
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/outbox\?status=dead$/);
});

test('one undelivered notification is said in the singular', async ({ page, staff }) => {
  await staff.sample();
  await openInbox(page);
  await expect(page.getByText('1 notification could not be delivered', { exact: true })).toBeVisible();
});

test('an empty inbox says there are no leads yet, and shows no banner @phone', async ({ page, staff }) => {
  await staff.signIn(seedStaff(staff.db).accountId);
  await openInbox(page);
  await expect(page.getByRole('heading', { name: 'No leads yet' })).toBeVisible();
  await expect(leadRows(page)).toHaveCount(0);
  await expect(page.getByText(/could not be delivered/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'the empty inbox');
});

test('a search keeps its words in the address, so a shared link shows the same leads', async ({
  page,
  staff,
}) => {
  await staff.sample();
  await openInbox(page);

  await searchBox(page).fill('textile');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(/\/admin\?q=textile$/);
  await expect(leadRows(page).getByRole('heading')).toHaveText(['Priya Sharma']);

  // The same link, opened afresh.
  await openInbox(page, '/admin?view=new&q=textile');
  await expect(searchBox(page)).toHaveValue('textile');
  await expect(leadRows(page).getByRole('heading')).toHaveText(['Priya Sharma']);
  await expect(views(page).getByRole('link', { name: /^New/ })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/admin/api/leads/export.csv?view=new&q=textile',
  );
});

test('a search finds a lead by the reference its emails give, and by the digits of its phone number', async ({
  page,
  staff,
}) => {
  await staff.sample();
  await openInbox(page, '/admin?q=Q-7F3K9C');
  await expect(leadRows(page).getByRole('heading')).toHaveText(['Priya Sharma']);
  // However the number is typed: the last digits, or with the country code and no spaces.
  for (const digits of ['43210', '919876543210']) {
    await searchBox(page).fill(digits);
    await searchBox(page).press('Enter');
    await expect(leadRows(page).getByRole('heading')).toHaveText(['Rohit Verma']);
  }
});

test('a search that finds nothing says so and offers to clear it @phone', async ({ page, staff }) => {
  await staff.sample();
  await openInbox(page, '/admin?q=blockchain');
  await expect(page.getByRole('heading', { name: 'No leads match “blockchain”' })).toBeVisible();
  await expectNoAxeViolations(page, 'a search without results');

  await page.getByRole('link', { name: 'Clear search' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(leadRows(page)).toHaveCount(6);
});

test('the CSV export link follows the view and the search', async ({ page, staff }) => {
  await staff.sample();
  await openInbox(page);
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/admin/api/leads/export.csv?view=all',
  );
  await views(page)
    .getByRole('link', { name: /^Quoted/ })
    .click();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    '/admin/api/leads/export.csv?view=quoted',
  );
});

test('"Load more" adds the next page below and moves the focus to its first lead', async ({
  page,
  staff,
}) => {
  const count = INBOX_PAGE_SIZE + 5;
  const names = Array.from({ length: count }, (_, index) => `Lead number ${index + 1}`);
  names.forEach((name, index) =>
    seedLead(staff.db, {
      id: count - index,
      reference: `Q-${String(index).padStart(6, '0')}`,
      hoursAgo: index + 1,
      name,
      email: `lead${index + 1}@example.com`,
      phone: '',
      message: `Project enquiry ${index + 1}`,
      status: 'new',
      delivery: { state: 'sent', at: at(index + 1) },
    }),
  );
  await staff.signIn(seedStaff(staff.db).accountId);
  await openInbox(page);
  await expect(leadRows(page)).toHaveCount(INBOX_PAGE_SIZE);

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(leadRows(page)).toHaveCount(INBOX_PAGE_SIZE + 5);
  await expect(page.getByRole('link', { name: `Lead number ${INBOX_PAGE_SIZE + 1}` })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: '5 more leads loaded.' })).toBeAttached();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  // Every lead once, newest first: the second page starts where the first ended.
  await expect(leadRows(page).getByRole('heading')).toHaveText(names);
});
