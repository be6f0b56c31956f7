import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { company } from '../common/company.ts';
import { quoteMessages } from '../common/quote-messages.ts';
import { quoteFields, quoteFormFields, type QuoteFormValues } from '../common/quote-request.ts';
import { sampleQuote } from '../common/quote-sample.ts';
import { queryDatabase } from './support/e2e-database.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { receivedMail } from './support/mail-sink.ts';

/** A row of quote_requests: a column per field of the form, and the lead's own. */
type StoredLead = QuoteFormValues & { id: number; status: string; source_page: string };

/** A visitor with an address of their own, so parallel tests never see each other's leads. */
function visitor() {
  const id = randomUUID().slice(0, 8);
  return sampleQuote({
    name: `Priya Sharma ${id}`,
    email: `priya.${id}@company.example`,
    phone: '+91 98000 00000',
    message: `We need a new online shop (${id}).\nBudget: about 5 lakh.`,
  });
}
type Visitor = ReturnType<typeof visitor>;

function storedLeads(email: string): StoredLead[] {
  return queryDatabase<StoredLead>('SELECT * FROM quote_requests WHERE email = ?', email);
}

/** The notifications about this visitor's request: to the company, with Reply-To the visitor. */
async function notificationsAbout(email: string) {
  return (await receivedMail()).filter((mail) =>
    mail.replyTo?.value.some((address) => address.address === email),
  );
}

async function fillQuoteForm(page: Page, person: Visitor) {
  const form = page.getByRole('form', { name: 'Quote request' });
  for (const name of quoteFields) {
    await form.getByLabel(quoteFormFields[name].label, { exact: true }).fill(person[name]);
  }
  return form;
}

async function expectStoredAndEmailed(person: Visitor) {
  await expect.poll(() => storedLeads(person.email).length).toBe(1);
  const [lead] = storedLeads(person.email);
  expect(lead).toMatchObject({ ...person, source_page: '/' });

  await expect.poll(async () => (await notificationsAbout(person.email)).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await notificationsAbout(person.email);
  expect(mail!.subject).toContain(person.name);
  expect(mail!.from?.value[0]?.address).toBe('quotes@example.com');
  expect(mail!.text).toContain(person.message);
  // The lead waits in the inbox as new, and its notification is recorded as sent.
  expect(storedLeads(person.email)[0]?.status).toBe('new');
  await expect
    .poll(
      () =>
        queryDatabase<{ status: string }>(
          "SELECT status FROM outbox WHERE kind = 'notification' AND owner_type = 'lead' AND owner_id = ?",
          lead!.id,
        )[0]?.status,
    )
    .toBe('sent');
}

test.describe('a visitor sends a quote request', () => {
  test('from the page: the request is stored and reaches the company inbox', async ({ page }) => {
    const person = visitor();
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Get a Quote' }).click();
    const form = await fillQuoteForm(page, person);
    await form.getByRole('button', { name: 'Submit Request' }).click();

    await expect(page.getByRole('status')).toHaveText(quoteMessages.success);
    await expect(form).toBeHidden();
    await expectStoredAndEmailed(person);
  });

  test('a refusal from the real server shows the error text too', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 415/);
    const person = visitor();
    await page.goto('/');
    await waitForHydration(page);
    // The request reaches the real server mangled (as by a broken proxy): it refuses it with 415.
    await page.route('**/api/quote', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'content-type': 'text/plain' } }),
    );
    await page.getByRole('button', { name: 'Get a Quote' }).click();
    const form = await fillQuoteForm(page, person);
    await form.getByRole('button', { name: 'Submit Request' }).click();

    await expect(page.getByRole('alert')).toHaveText(quoteMessages.failure);
    await expect(form.getByLabel('Message', { exact: true })).toHaveValue(person.message);
    expect(storedLeads(person.email)).toEqual([]);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form still opens, sends, and lands on the thank-you page', async ({ page }) => {
    const person = visitor();
    await page.goto('/');
    await page.getByRole('link', { name: 'Get a Quote' }).click();
    const form = await fillQuoteForm(page, person);
    await form.getByRole('button', { name: 'Submit Request' }).click();

    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you');
    await expectStoredAndEmailed(person);
  });

  test('a refused post shows a page with the errors and the form filled in, and nothing is lost', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 400/);
    const person = visitor();
    await page.goto('/');
    await page.getByRole('link', { name: 'Get a Quote' }).click();
    // The browser checks the fields itself; the server must still refuse what slips through.
    // (The form posts multipart/form-data, for its files: the address is in the body as typed.)
    await page.route('**/api/quote', (route) =>
      route.continue({
        postData: (route.request().postData() ?? '').replace(person.email, 'not-an-email'),
      }),
    );
    const form = await fillQuoteForm(page, person);
    await form.getByRole('button', { name: 'Submit Request' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your quote request was not sent');
    await expect(page.getByRole('alert')).toContainText('Please enter a valid email address');
    const again = page.getByRole('form', { name: 'Quote request' });
    await expect(again.getByLabel('Name', { exact: true })).toHaveValue(person.name);
    await expect(again.getByLabel('Email', { exact: true })).toHaveValue('not-an-email');
    await expect(again.getByLabel('Message', { exact: true })).toHaveValue(person.message);
    await expect(page.getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/');
    // The page is recognisably the company's: its name in the header leads home.
    await expect(page.getByRole('banner').getByRole('link', { name: company.name })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page).toHaveTitle(`Your quote request was not sent | ${company.name}`);

    // Corrected and sent again from this page, it goes through.
    await page.unroute('**/api/quote');
    await again.getByLabel('Email', { exact: true }).fill(person.email);
    await again.getByRole('button', { name: 'Submit Request' }).click();
    await expect(page).toHaveURL(/\/thank-you$/);
    await expect.poll(() => storedLeads(person.email).length).toBe(1);
  });
});
