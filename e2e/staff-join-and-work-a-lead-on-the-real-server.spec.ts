import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { quoteFields, quoteFormFields } from '../common/quote-request.ts';
import { sampleQuote } from '../common/quote-sample.ts';
import { staffNameOf } from '../common/staff-name.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { E2E_BASE_URL, E2E_DATABASE_PATH } from './support/e2e-env.ts';
import { withoutPasskeyAutofill } from './support/api-faults.ts';
import { receivedMail } from './support/mail-sink.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';
import { openSection } from './support/staff-nav.ts';

/**
 * The whole way, against the real server and its database (no fake API): an
 * invitation from the command line, a passkey made in Chromium's virtual
 * authenticator, a lead a visitor sends through the public form, worked in the
 * inbox, and signing in again with the same passkey.
 */

/** `npm run admin -- invite <email>` beside the running server (same database, same SITE_URL). */
function invite(email: string): string {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'server/bin/admin-cli.ts', 'invite', email],
    {
      env: { PATH: process.env.PATH ?? '', DATABASE_PATH: E2E_DATABASE_PATH, SITE_URL: E2E_BASE_URL },
      encoding: 'utf8',
    },
  );
  const link = output.split('\n').find((line) => line.startsWith(`${E2E_BASE_URL}/admin/invitation#`));
  expect(link, output).toBeDefined();
  return link!;
}

test.describe.configure({ mode: 'serial' });

test('staff accept an invitation, answer a lead from the public form, and sign in again with their passkey', async ({
  page,
  browser,
}) => {
  test.slow();
  const id = randomUUID().slice(0, 8);
  const staff = `staff.${id}@acme.example`;
  const visitor = sampleQuote({
    name: `Harpreet Gill ${id}`,
    email: `harpreet.${id}@farm.example`,
    phone: '',
    message: `A milk delivery app for our dairy farm (${id}).`,
  });
  const authenticator = await addVirtualAuthenticator(page);
  // The button, not the email field's passkey suggestions (which the virtual authenticator would accept
  // at once, before anyone presses anything).
  await withoutPasskeyAutofill(page);

  // 1. The invitation link, and "Create passkey".
  await page.goto(invite(staff));
  await waitForHydration(page);
  await expect(page.getByText(staff)).toBeVisible();
  await page.getByRole('button', { name: 'Create passkey' }).click();
  // Signed in, the dashboard opens: the inbox's first view.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  expect(await authenticator.passkeyCount()).toBe(1);

  // 2. A visitor, in a browser of their own, sends a quote request through the public form.
  const visitorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto('/');
  await waitForHydration(visitorPage);
  await visitorPage.getByRole('button', { name: 'Get a Quote' }).click();
  const form = visitorPage.getByRole('form', { name: 'Quote request' });
  for (const name of quoteFields) {
    await form.getByLabel(quoteFormFields[name].label, { exact: true }).fill(visitor[name]);
  }
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(visitorPage.getByRole('status')).toContainText('Quote request sent successfully!');
  await visitorContext.close();

  // 3. It is in the inbox: open it, move it on, add a note.
  await openSection(page, 'Inbox');
  const leads = page.getByRole('list', { name: 'Leads' });
  await expect(leads).toContainText(visitor.name);
  await leads.getByRole('link', { name: visitor.name }).click();
  await expect(page.getByRole('heading', { name: visitor.name, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Request' })).toContainText(visitor.email);
  const history = page.getByRole('region', { name: 'Notes and history' });
  // The outbox emailed the company at once; the lead's history says so.
  await expect(async () => {
    await page.reload();
    await expect(history).toContainText('The notification was emailed to sales@example.com.', {
      timeout: 1_000,
    });
  }).toPass();
  // The email names the lead by its reference, never its row id; the lead's page shows the same one.
  const [notification] = (await receivedMail()).filter((mail) =>
    mail.replyTo?.value.some((address) => address.address === visitor.email),
  );
  const reference = /\((Q-[0-9A-Z]{6})\)$/.exec(notification?.subject ?? '')?.[1];
  expect(reference, notification?.subject).toBeDefined();
  await expect(page.getByText(`(${reference} in emails)`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).selectOption('contacted');
  await page.getByRole('button', { name: 'Save status' }).click();
  await expect(history).toContainText('Contacted');
  await page.getByRole('textbox', { name: 'Note' }).fill(`Called ${visitor.name}: wants a demo on Friday.`);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(history).toContainText('wants a demo on Friday');
  await expect(history).toContainText(staffNameOf(staff));

  // 4. Search finds it by a word of the message.
  await page.getByRole('link', { name: 'Inbox' }).first().click();
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(`dairy ${id}`);
  await page.getByRole('searchbox', { name: 'Search leads' }).press('Enter');
  await expect(leads.getByRole('heading')).toHaveText([visitor.name]);
  // And by the reference the email gave.
  await page.getByRole('searchbox', { name: 'Search leads' }).fill(reference!);
  await page.getByRole('searchbox', { name: 'Search leads' }).press('Enter');
  await expect(leads.getByRole('heading')).toHaveText([visitor.name]);

  // 5. Sign out, and back in with the same passkey.
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText(staff);
});
