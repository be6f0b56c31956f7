import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { newsletterMessages } from '../common/newsletter.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { queryDatabase } from './support/e2e-database.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { mailTo, rawHeader } from './support/mail-sink.ts';

/** An address of its own for every test: the desktop and mobile projects run side by side. */
function uniqueEmail(label: string): string {
  return `reader.${label}.${randomUUID().slice(0, 8)}@company.example`;
}

function subscriberStatus(email: string): string | undefined {
  return queryDatabase<{ status: string }>('SELECT status FROM subscribers WHERE email = ?', email)[0]
    ?.status;
}

/** The confirmation email the SMTP sink received for this address. */
async function confirmationMail(email: string): Promise<ParsedMail> {
  await expect.poll(async () => (await mailTo(email)).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mailTo(email);
  return mail!;
}

/** A link of the email as a path on the server under test (the email's links use SITE_URL). */
function sitePath(url: string): string {
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

function confirmLink(mail: ParsedMail): string {
  const url = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(mail.text ?? '')?.[0];
  expect(url, 'the confirm link in the text part').toBeDefined();
  return sitePath(url!);
}

function unsubscribeLink(mail: ParsedMail): string {
  const header = rawHeader(mail, 'List-Unsubscribe') ?? '';
  expect(header).toMatch(/^<https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+>$/);
  return sitePath(header.slice(1, -1));
}

function newsletterForm(page: Page) {
  return page.getByRole('form', { name: 'Newsletter' });
}

async function subscribe(page: Page, email: string) {
  const form = newsletterForm(page);
  await form.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  return form;
}

async function expectHeading(page: Page, text: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
}

test.describe('a visitor subscribes to the newsletter', () => {
  test('from the footer, confirms from the email, then leaves with its unsubscribe link', async ({
    page,
  }) => {
    const email = uniqueEmail('js');
    await page.goto('/about');
    await waitForHydration(page);
    const form = await subscribe(page, email);
    await expect(form.getByText(newsletterMessages.accepted)).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'E-mail address' })).toHaveValue('');
    expect(subscriberStatus(email)).toBe('pending');
    expect(queryDatabase('SELECT source_page FROM subscribers WHERE email = ?', email)).toEqual([
      { source_page: '/about' },
    ]);

    const mail = await confirmationMail(email);
    expect(mail.from?.value[0]?.address).toBe('quotes@example.com');
    expect(mail.subject).toBe('Please confirm your subscription to the Acme Tech Solutions newsletter');
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    // Opening the link changes nothing; the button does.
    await page.goto(confirmLink(mail));
    await waitForHydration(page);
    await expectHeading(page, 'Confirm your subscription');
    expect(subscriberStatus(email)).toBe('pending');
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
    await expectHeading(page, 'You are subscribed');
    expect(subscriberStatus(email)).toBe('confirmed');

    await page.goto(unsubscribeLink(mail));
    await waitForHydration(page);
    await expectHeading(page, 'Unsubscribe from our newsletter');
    expect(subscriberStatus(email)).toBe('confirmed');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page).toHaveURL(/\/newsletter\/unsubscribed$/);
    await expectHeading(page, 'You are unsubscribed');
    expect(subscriberStatus(email)).toBe('unsubscribed');
  });

  test('a used confirm link shows a styled page that lets the visitor subscribe again', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 410/);
    const email = uniqueEmail('used');
    await page.goto('/');
    await waitForHydration(page);
    await subscribe(page, email);
    const link = confirmLink(await confirmationMail(email));
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page).toHaveURL(/\/newsletter\/confirmed$/);

    await page.goto(link);
    const [reply] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Confirm subscription' }).click(),
    ]);
    expect(reply.status()).toBe(410);
    await expectHeading(page, 'This confirmation link has expired or was already used');
    // The site's stylesheet applies (30 px is its text-3xl heading).
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-size', '30px');
    const again = newsletterForm(page);
    await again.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await again.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/newsletter\/check-your-inbox$/);
    expect(subscriberStatus(email)).toBe('confirmed');
  });

  test('an address the server refuses shows its message in the footer', async ({ page, consoleGuard }) => {
    consoleGuard.allow(/status of 400/);
    await page.goto('/');
    await waitForHydration(page);
    // Valid to the browser, not to the server: no top-level domain.
    const form = await subscribe(page, `reader-${randomUUID().slice(0, 8)}@localhost`);
    await expect(form.getByText(newsletterMessages.invalidEmail)).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the footer form lands on the check-your-inbox page, and the email confirms', async ({ page }) => {
    const email = uniqueEmail('nojs');
    await page.goto('/services');
    await subscribe(page, email);
    await expect(page).toHaveURL(/\/newsletter\/check-your-inbox$/);
    await expectHeading(page, 'Check your inbox');
    expect(subscriberStatus(email)).toBe('pending');

    await page.goto(confirmLink(await confirmationMail(email)));
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page).toHaveURL(/\/newsletter\/confirmed$/);
    await expectHeading(page, 'You are subscribed');
    expect(subscriberStatus(email)).toBe('confirmed');
  });
});

/**
 * A page of a context of its own, at the width asked for. Such a page is
 * outside the console guard, so its console errors (a CSP violation among
 * them) are collected here, for the test to check.
 */
async function openPage(browser: Browser, width: number, consoleErrors: string[]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.on('console', (message) => {
    // The refused posts are the point; their "status of 4xx" lines are expected.
    if (message.type() === 'error' && !/status of 4\d\d/.test(message.text())) {
      consoleErrors.push(message.text());
    }
  });
  return page;
}

const widths = { desktop: 1280, mobile: 375 } as const;

// Not tagged @phone: each test opens its pages at its own width, run once by the desktop project.
test.describe('accessibility of the newsletter (axe, WCAG 2.2 AA)', () => {
  // Many pages and states, each checked by axe.
  test.describe.configure({ timeout: 90_000 });

  for (const [name, width] of Object.entries(widths)) {
    test(`every step of subscribing and leaving has no violations (${name})`, async ({ browser }) => {
      const consoleErrors: string[] = [];
      const email = uniqueEmail(`axe-${name}`);
      const page = await openPage(browser, width, consoleErrors);
      await page.goto('/');
      await waitForHydration(page);
      const form = await subscribe(page, `reader-${randomUUID().slice(0, 8)}@localhost`);
      await expect(form.getByText(newsletterMessages.invalidEmail)).toBeVisible();
      // The page around the footer's form is checked whole at both widths by
      // visitor-with-assistive-technology-meets-no-barriers.spec.ts: here the form's states (decision 072).
      await expectNoAxeViolations(page, `the footer refusing an address (${name})`, form);
      await subscribe(page, email);
      await expect(form.getByText(newsletterMessages.accepted)).toBeVisible();
      await expectNoAxeViolations(page, `the footer after signing up (${name})`, form);

      const mail = await confirmationMail(email);
      await page.goto(confirmLink(mail));
      await waitForHydration(page);
      await expectNoAxeViolations(page, `the confirm page with its link (${name})`);
      await page.getByRole('button', { name: 'Confirm subscription' }).click();
      await expectHeading(page, 'You are subscribed');
      await expectNoAxeViolations(page, `the confirmed page (${name})`);

      await page.goto(unsubscribeLink(mail));
      await waitForHydration(page);
      await expectNoAxeViolations(page, `the unsubscribe page with its link (${name})`);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expectHeading(page, 'You are unsubscribed');
      await expectNoAxeViolations(page, `the unsubscribed page (${name})`);
      await page.context().close();
      expect(consoleErrors).toEqual([]);
    });

    test(`the server's own pages have no violations (${name})`, async ({ browser }) => {
      const consoleErrors: string[] = [];
      const email = uniqueEmail(`axe-server-${name}`);
      const page = await openPage(browser, width, consoleErrors);
      await page.goto('/');
      await waitForHydration(page);
      await subscribe(page, email);
      const link = confirmLink(await confirmationMail(email));
      for (let press = 0; press < 2; press++) {
        await page.goto(link);
        await page.getByRole('button', { name: 'Confirm subscription' }).click();
      }
      await expectHeading(page, 'This confirmation link has expired or was already used');
      await expectNoAxeViolations(page, `the page for a used link (${name})`);

      await page.goto('/newsletter/confirm?token=not-a-real-token');
      await page.getByRole('button', { name: 'Confirm subscription' }).click();
      await expectHeading(page, 'This confirmation link is not valid');
      await expectNoAxeViolations(page, `the page for a broken link (${name})`);

      // Its form has no script: it posts natively, as the footer does without JavaScript.
      const form = newsletterForm(page);
      await form
        .getByRole('textbox', { name: 'E-mail address' })
        .fill(`reader-${randomUUID().slice(0, 8)}@localhost`);
      await form.getByRole('button', { name: 'Subscribe' }).click();
      await expectHeading(page, 'You are not subscribed yet');
      await expect(page.getByRole('alert')).toContainText(newsletterMessages.invalidEmail);
      await expectNoAxeViolations(page, `the page for a refused address (${name})`);
      await newsletterForm(page)
        .getByRole('textbox', { name: 'E-mail address' })
        .fill(uniqueEmail(`axe-again-${name}`));
      await newsletterForm(page).getByRole('button', { name: 'Subscribe' }).click();
      await expectHeading(page, 'Check your inbox');
      await expectNoAxeViolations(page, `the check-your-inbox page (${name})`);

      await page.goto('/newsletter/unsubscribe?token=not-a-real-token');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expectHeading(page, 'This unsubscribe link is not valid');
      await expectNoAxeViolations(page, `the page for a broken unsubscribe link (${name})`);
      await page.context().close();
      expect(consoleErrors).toEqual([]);
    });
  }
});
