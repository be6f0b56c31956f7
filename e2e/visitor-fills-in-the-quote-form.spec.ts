import type { Page, Route } from '@playwright/test';
import { quoteMessages } from '../common/quote-messages.ts';
import { quoteFields, quoteFormFields } from '../common/quote-request.ts';
import { sampleQuote } from '../common/quote-sample.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';

// These tests answer the quote request in the browser, so they check the page's
// behaviour for each reply whatever the server does. visitor-gets-a-quote-request-to-the-company.spec.ts
// covers the real server.

const toggle = (page: Page) => page.getByRole('button', { name: /^(Get a Quote|Close Form)$/ });
const form = (page: Page) => page.getByRole('form', { name: 'Quote request' });
const submit = (page: Page) => form(page).getByRole('button', { name: /Submit Request|Sending/ });

async function openForm(page: Page) {
  await page.goto('/');
  await waitForHydration(page);
  await toggle(page).click();
  await expect(form(page)).toBeVisible();
}

/** What the visitor types: a value in every field of the form. */
const typed = sampleQuote({ message: 'We need an online store.' });
const fieldOf = (page: Page, name: (typeof quoteFields)[number]) =>
  form(page).getByLabel(quoteFormFields[name].label, { exact: true });

async function fillForm(page: Page) {
  for (const name of quoteFields) await fieldOf(page, name).fill(typed[name]);
}

function answerWith(page: Page, handler: (route: Route) => Promise<void>) {
  return page.route('**/api/quote', handler);
}

test('the form is hidden until the visitor asks for it, and closes again @phone', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(form(page)).toBeHidden();
  await expect(toggle(page)).toHaveText('Get a Quote');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');

  await toggle(page).click();
  await expect(form(page)).toBeVisible();
  await expect(toggle(page)).toHaveText('Close Form');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');

  await toggle(page).click();
  await expect(form(page)).toBeHidden();
  await expect(toggle(page)).toHaveText('Get a Quote');
});

test("the form's code comes only when the visitor goes for the toggle; the form opens at once all the same", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // The form's code held back, as on a slow network, until the visitor has typed in the form.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/island-quote-panel-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await waitForHydration(page);
  const formCode = () => scripts.filter((script) => script.includes('island-quote-panel-'));
  expect(formCode()).toEqual([]);

  await toggle(page).hover();
  await expect.poll(formCode).toHaveLength(1);
  await toggle(page).click();
  await expect(form(page)).toBeVisible();
  await expect(toggle(page)).toBeFocused();
  await fieldOf(page, 'name').fill(typed.name);

  release();
  // The form runs: what was typed stays, and counts.
  await expect(submit(page)).toBeDisabled();
  for (const name of quoteFields) if (name !== 'name') await fieldOf(page, name).fill(typed[name]);
  await expect(fieldOf(page, 'name')).toHaveValue(typed.name);
  await expect(submit(page)).toBeEnabled();
  expect(formCode()).toHaveLength(1);
});

test('submit stays disabled until the form is valid, and errors show once a field is left', async ({
  page,
}) => {
  await openForm(page);
  await expect(submit(page)).toBeDisabled();
  const email = form(page).getByLabel('Email', { exact: true });
  await email.fill('not-an-email');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await email.blur();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(form(page).getByText('Please enter a valid email address')).toBeVisible();

  await fillForm(page);
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(submit(page)).toBeEnabled();
});

test('a "success" reply thanks the visitor, then resets and hides the form', async ({ page }) => {
  let posted: { contentType: string; body: string } | undefined;
  await answerWith(page, async (route) => {
    const request = route.request();
    posted = { contentType: request.headers()['content-type'] ?? '', body: request.postData() ?? '' };
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'success' });
  });
  await openForm(page);
  await fillForm(page);
  await submit(page).click();

  await expect(page.getByText(quoteMessages.success)).toBeVisible();
  await expect(form(page)).toBeHidden();
  await expect(toggle(page)).toHaveText('Get a Quote');

  expect(posted?.contentType).toMatch(/^multipart\/form-data; boundary=/);
  expect(posted?.body).toContain('name="name"\r\n\r\nPriya Sharma\r\n');
  for (const name of quoteFields) {
    expect(posted?.body).toContain(`name="${name}"\r\n\r\n${typed[name]}\r\n`);
  }

  await toggle(page).click();
  await expect(form(page).getByLabel('Name', { exact: true })).toHaveValue('');
});

for (const reply of [
  { status: 200, body: 'error' },
  { status: 500, body: 'Internal Server Error' },
]) {
  test(`a failed send (${reply.status} "${reply.body}") shows the error text and keeps what the visitor typed`, async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 500/);
    await answerWith(page, (route) => route.fulfill({ ...reply, contentType: 'text/plain' }));
    await openForm(page);
    await fillForm(page);
    await submit(page).click();

    await expect(page.getByRole('alert')).toHaveText(quoteMessages.failure);
    await expect(form(page)).toBeVisible();
    for (const name of quoteFields) await expect(fieldOf(page, name)).toHaveValue(typed[name]);
  });
}

test('a network failure shows the try-again-later text and logs the error', async ({
  page,
  consoleGuard,
}) => {
  consoleGuard.allow(/quote request could not be sent|Failed to load resource/);
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });
  await answerWith(page, (route) => route.abort('failed'));
  await openForm(page);
  await fillForm(page);
  await submit(page).click();

  await expect(page.getByRole('alert')).toHaveText(quoteMessages.transportFailure);
  expect(logged.some((text) => text.includes('quote request could not be sent'))).toBe(true);
  for (const name of quoteFields) await expect(fieldOf(page, name)).toHaveValue(typed[name]);
});

test('while sending, the button says so and cannot be pressed again', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let requests = 0;
  await answerWith(page, async (route) => {
    requests++;
    await held;
    await route.fulfill({ status: 200, contentType: 'text/plain', body: 'success' });
  });
  await openForm(page);
  await fillForm(page);
  await submit(page).click();

  await expect(submit(page)).toHaveText('Sending…');
  await expect(submit(page)).toBeDisabled();
  await form(page).getByLabel('Name', { exact: true }).press('Enter');
  release();
  await expect(page.getByText(quoteMessages.success)).toBeVisible();
  expect(requests).toBe(1);
});
