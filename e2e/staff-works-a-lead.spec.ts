import type { Page } from '@playwright/test';
import { quoteFields, quoteFormFields } from '../common/quote-request.ts';
import { staffNameOf } from '../common/staff-name.ts';
import { failNext, holdNext } from './support/api-faults.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { SAMPLE_LEADS, STAFF_EMAIL } from './support/staff-sample.ts';
import { expect, type Staff, test, waitForHydration } from './support/staff-test.ts';

async function openLead(page: Page, staff: Staff, id: number) {
  await staff.sample();
  await page.goto(`/admin/leads/${id}`);
  await waitForHydration(page);
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
}

/** The lead's row as the server keeps it now. */
const stored = (staff: Staff, id: number) =>
  staff.db.query<{ status: string; spam: number }>(
    'select status, spam from quote_requests where id = ?',
    id,
  )[0];

const region = (page: Page, name: string) => page.getByRole('region', { name });
const history = (page: Page) => region(page, 'Notes and history');

test('a lead shows every field of the form, where and when it came, and its failed notification @phone', async ({
  page,
  staff,
}) => {
  await openLead(page, staff, 12);
  const lead = SAMPLE_LEADS.find((each) => each.id === 12)!;
  const fields: Record<string, string> = {
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    message: lead.message,
  };
  await expect(page.getByRole('heading', { name: 'Priya Sharma', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Priya Sharma · Lead | Acme Tech Solutions');

  const request = region(page, 'Request');
  for (const name of quoteFields) {
    const { label } = quoteFormFields[name];
    const value = fields[name] ?? '';
    await expect(request.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) })).toBeVisible();
    await expect(request).toContainText(value === '' ? 'Not given' : value.split('\n')[0]!);
  }
  await expect(request.getByRole('definition').filter({ hasText: /^\/$/ })).toBeVisible();
  await expect(request).toContainText('Received23 Nov 2025, 3:15 pm');

  const notification = region(page, 'Notification');
  await expect(notification).toContainText(
    'Could not be delivered: the server gave up on 23 Nov 2025, 3:45 pm.',
  );
  await expect(notification).toContainText('Last error: 550 5.1.1 Mailbox unavailable');
  await expect(notification.getByRole('button', { name: 'Retry' })).toBeVisible();

  // Reply goes to the Conversation's Reply field (e2e/staff-answers-a-lead.spec.ts sends one).
  await expect(page.getByRole('link', { name: 'Reply', exact: true })).toHaveAttribute('href', '#reply-text');
  await expectNoAxeViolations(page, 'a lead');
});

test('a pending notification says when the next try is, after how many attempts, and why', async ({
  page,
  staff,
}) => {
  await openLead(page, staff, 11);
  const notification = region(page, 'Notification');
  await expect(notification).toContainText(
    'Not sent yet. Next try on 23 Nov 2025, 4:30 pm, after 3 failed attempts.',
  );
  await expect(notification).toContainText('connect ETIMEDOUT');
  await expect(notification.getByRole('button', { name: 'Retry' })).toHaveCount(0);
});

test('a notification kept, not sent, says so as it was then: nobody was told', async ({ page, staff }) => {
  await openLead(page, staff, 9);
  await expect(region(page, 'Notification')).toContainText(
    'Not sent: no mail server was set up when this lead came in, so the notification was kept on the server on 21 Nov 2025, 2:15 pm.',
  );
  await expect(region(page, 'Notification')).toContainText('Nobody was told then');
});

test('changing the status is saved and shows in the history, with who did it', async ({ page, staff }) => {
  await openLead(page, staff, 12);
  const status = page.getByRole('combobox', { name: 'Status' });
  await expect(status).toHaveValue('new');
  await status.selectOption('Contacted');
  await page.getByRole('button', { name: 'Save status' }).click();

  await expect(region(page, 'Status').getByRole('status')).toHaveText('Status changed to Contacted.');
  // By name, as the conversation signs a reply: "Meera", not meera@acme.example.
  await expect(history(page).getByRole('listitem').first()).toContainText(staffNameOf(STAFF_EMAIL));
  await expect(history(page)).not.toContainText(STAFF_EMAIL);
  await expect(history(page).getByRole('listitem').first()).toContainText(
    'Changed the status from New to Contacted',
  );
  await expect(page.getByRole('main').getByText('Contacted', { exact: true }).first()).toBeVisible();
  // Still so when the page is opened again.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('contacted');
  expect(stored(staff, 12)?.status).toBe('contacted');
});

test('while a slow server saves the status, the button says so and a second press sends nothing more', async ({
  page,
  staff,
}) => {
  await openLead(page, staff, 12);
  const release = await holdNext(page, 'POST', '/leads/12/status');
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/leads/12/status')) sent++;
  });
  await page.getByRole('combobox', { name: 'Status' }).selectOption('Quoted');
  const save = page.getByRole('button', { name: 'Save status' });
  await save.click();
  const saving = page.getByRole('button', { name: 'Saving…' });
  await expect(saving).toHaveAttribute('aria-disabled', 'true');
  // Pressed again, impatiently (the button still has the focus).
  await expect(saving).toBeFocused();
  await page.keyboard.press('Enter');

  release();
  await expect(region(page, 'Status').getByRole('status')).toHaveText('Status changed to Quoted.');
  await expect(save).toBeVisible();
  expect(sent, 'status changes sent').toBe(1);
  await page.reload();
  await expect(history(page).getByRole('listitem').filter({ hasText: 'Changed the status' })).toHaveCount(1);
});

test('a note is added to the history and the box is emptied for the next one', async ({ page, staff }) => {
  await openLead(page, staff, 10);
  const note = page.getByRole('textbox', { name: 'Note' });
  await note.fill('Sent the quote: ₹3.2 lakh, 10 weeks.');
  await page.getByRole('button', { name: 'Add note' }).click();

  await expect(history(page).getByRole('status')).toHaveText('Note added.');
  await expect(history(page).getByRole('listitem').first()).toContainText(
    'Sent the quote: ₹3.2 lakh, 10 weeks.',
  );
  await expect(note).toHaveValue('');
  // The older entries are still there, newest first.
  await expect(history(page).getByRole('listitem')).toHaveCount(3);
  await page.reload();
  await expect(history(page).getByRole('listitem').first()).toContainText(
    'Sent the quote: ₹3.2 lakh, 10 weeks.',
  );
});

test('a note that could not be saved stays in the box, with the reason @phone', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 500/);
  await openLead(page, staff, 10);
  await failNext(page, 'POST', '/leads/10/notes', 500, {
    error: 'internal',
    message: 'The server could not save this.',
  });
  const note = page.getByRole('textbox', { name: 'Note' });
  await note.fill('Call back on Monday.');
  await page.getByRole('button', { name: 'Add note' }).click();

  await expect(history(page).getByRole('alert')).toHaveText('The server could not save this.');
  await expect(note).toHaveValue('Call back on Monday.');
  await expectNoAxeViolations(page, 'a lead with a failed note');
});

test('a lead can be marked as spam, and back', async ({ page, staff }) => {
  await openLead(page, staff, 11);
  await page.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(page.getByRole('button', { name: 'Not spam' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Spam', { exact: true })).toBeVisible();
  await expect(history(page).getByRole('listitem').first()).toContainText('Marked it as spam');

  await page.getByRole('button', { name: 'Not spam' }).click();
  await expect(page.getByRole('button', { name: 'Mark as spam' })).toBeVisible();
  await expect(history(page).getByRole('listitem').first()).toContainText('Marked it as not spam');
  expect(stored(staff, 11)?.spam).toBe(0);
  // Once each: a click that changes nothing adds nothing to the history.
  await expect(
    history(page)
      .getByRole('listitem')
      .filter({ hasText: /Marked it as/ }),
  ).toHaveCount(2);
});

test('a dead notification can be sent again', async ({ page, staff }) => {
  await openLead(page, staff, 12);
  await region(page, 'Notification').getByRole('button', { name: 'Retry' }).click();
  await expect(region(page, 'Notification')).toContainText('Not sent yet.');
  await expect(region(page, 'Notification').getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(history(page).getByRole('listitem').first()).toContainText('Sent the notification again');
  await expect(
    history(page).getByRole('listitem').filter({ hasText: 'Sent the notification again' }),
  ).toHaveCount(1);
});

test('deleting asks first in a dialog that Escape closes, then removes the lead for good @phone', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 404/);
  await openLead(page, staff, 12);
  const deleteButton = page.getByRole('button', { name: 'Delete', exact: true });
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this lead for good?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'This removes the lead from Priya Sharma, its emails and their files for good.',
  );
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page, 'the delete dialog');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();

  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(stored(staff, 12), 'the lead is kept').toBeDefined();

  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1, exact: true })).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: 'The lead from Priya Sharma was deleted' }),
  ).toBeVisible();
  await expect(page.getByRole('list', { name: 'Leads' })).not.toContainText('Priya Sharma');
  expect(stored(staff, 12), 'the lead is gone').toBeUndefined();
  await page.goto('/admin/leads/12');
  await expect(page.getByRole('heading', { name: 'Not found', level: 1 })).toBeVisible();
});

test('a lead that does not exist (or was deleted) says so and leads back to the inbox', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 404/);
  await openLead(page, staff, 999);
  await expect(page.getByRole('heading', { name: 'Not found', level: 1 })).toBeVisible();
  await expect(page.getByText('This lead does not exist (any more).')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1, exact: true })).toBeVisible();
});

test('the way back keeps the inbox’s view and search', async ({ page, staff }) => {
  await staff.sample();
  await page.goto('/admin?view=new&q=punjab');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Gurpreet Singh' }).click();
  await expect(page.getByRole('heading', { name: 'Gurpreet Singh', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Gurpreet Singh', level: 1 })).toBeFocused();
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  await expect(page).toHaveURL(/\/admin\?view=new&q=punjab$/);
});
