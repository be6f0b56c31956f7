/**
 * New leads given out in turn, and "Mine" (docs/decisions/042-owners-and-assignment-in-turn.md). An admin sets
 * Settings → Lead assignment to "Take
 * turns"; two quote requests arrive through the website's form; each of the two staff gets one; the
 * admin's "Mine" lists theirs alone, with its owner shown. Axe finds nothing, at 1280 and 375 px.
 */
import type { Browser } from '@playwright/test';
import { quoteMessages } from '../common/quote-messages.ts';
import { quoteFields, quoteFormFields } from '../common/quote-request.ts';
import { sampleQuote } from '../common/quote-sample.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openSection } from './support/staff-nav.ts';
import { seedAccount } from './support/staff-seed.ts';
import { expect, test, waitForHydration } from './support/staff-test.ts';

/** A visitor, in a browser of their own, sends the quote form. */
async function sendQuote(browser: Browser, url: string, name: string) {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(url);
  await waitForHydration(visitor);
  await visitor.getByRole('button', { name: 'Get a Quote' }).click();
  const form = visitor.getByRole('form', { name: 'Quote request' });
  const person = sampleQuote({ name, email: `${name.split(' ')[0]?.toLowerCase()}@client.example` });
  for (const field of quoteFields)
    await form.getByLabel(quoteFormFields[field].label, { exact: true }).fill(person[field]);
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(visitor.getByRole('status')).toHaveText(quoteMessages.success);
  await context.close();
}

for (const width of [1280, 375]) {
  test(`new leads go round the team in turn, and Mine shows one's own (${width} px)`, async ({
    page,
    browser,
    staff,
  }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 800 });
    await staff.sample();
    seedAccount(staff.db, 'ravi.kumar@acme.example', []);
    await page.goto('/admin/settings');
    await waitForHydration(page);
    const assignment = page.getByRole('region', { name: 'Lead assignment' });
    await assignment.getByLabel('Assign new leads').selectOption({ label: 'Take turns' });
    await assignment.getByRole('button', { name: 'Save assignment' }).click();
    await expect(assignment.getByRole('status')).toHaveText('New leads will be given out in turn.');
    await expectNoAxeViolations(page, 'Settings with Lead assignment');

    await sendQuote(browser, staff.url, 'Kavya Iyer');
    await sendQuote(browser, staff.url, 'Arjun Mehta');

    await openSection(page, 'Inbox');
    const leads = page.getByRole('list', { name: 'Leads' });
    await expect(leads.getByRole('listitem').filter({ hasText: 'Kavya Iyer' })).toContainText('Owner: Meera');
    await expect(leads.getByRole('listitem').filter({ hasText: 'Arjun Mehta' })).toContainText(
      'Owner: Ravi Kumar',
    );
    await page.getByRole('link', { name: 'Mine', exact: true }).click();
    await expect(leads.getByRole('listitem')).toHaveCount(1);
    await expect(leads.getByRole('listitem')).toContainText('Kavya Iyer');
    await expectNoAxeViolations(page, 'the inbox, Mine');

    await leads.getByRole('link', { name: 'Kavya Iyer' }).click();
    const owner = page.getByRole('region', { name: 'Owner' });
    await expect(owner.getByRole('combobox')).toHaveValue(/\d+/);
    await expect(page.getByRole('region', { name: 'Notes and history' })).toContainText(
      'Assigned in turn to Meera',
    );
    await owner.getByRole('combobox').selectOption({ label: 'Ravi Kumar' });
    await owner.getByRole('button', { name: 'Save owner' }).click();
    await expect(owner.getByRole('status')).toHaveText('Owner changed to Ravi Kumar.');
    await expectNoAxeViolations(page, 'a lead with its owner');
  });
}
