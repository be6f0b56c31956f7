import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { quoteMessages } from '../common/quote-messages.ts';
import { quoteFields, quoteFormFields } from '../common/quote-request.ts';
import { sampleQuote } from '../common/quote-sample.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { queryDatabase } from './support/e2e-database.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';

/** A small but real PDF: the server takes the type from these bytes, not from the name. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const brief = { name: 'brief.pdf', mimeType: 'application/pdf', buffer: PDF };
const notes = {
  name: 'notes.txt',
  mimeType: 'text/plain',
  buffer: Buffer.from('Pages: home, shop, contact.\n'),
};
/** Named a PDF, but text inside. */
const fakePdf = { name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('just text, really') };

/** A visitor with an address of their own, so parallel tests never see each other's leads. */
function visitor() {
  const id = randomUUID().slice(0, 8);
  return sampleQuote({ name: `Priya Sharma ${id}`, email: `priya.${id}@company.example` });
}

/** The files stored with this visitor's lead, in their order. */
function storedFiles(email: string) {
  return queryDatabase<{ name: string; size: number; media_type: string }>(
    `SELECT a.name, a.size, a.media_type FROM lead_attachments a
       JOIN quote_requests q ON q.id = a.quote_request_id WHERE q.email = ? ORDER BY a.position`,
    email,
  );
}

async function fillQuoteForm(page: Page, person: ReturnType<typeof visitor>) {
  const form = page.getByRole('form', { name: 'Quote request' });
  for (const name of quoteFields) {
    await form.getByLabel(quoteFormFields[name].label, { exact: true }).fill(person[name]);
  }
  return form;
}

/**
 * axe on a page as a browser without JavaScript shows it. axe needs scripts itself, so it runs in a
 * context of its own where the site's scripts are blocked instead: the page stays as the server sent it.
 */
async function expectNoAxeViolationsWithoutScripts(
  browser: Browser,
  what: string,
  show: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    await context.route('**/assets/island-*.js', (route) => route.abort());
    const page = await context.newPage();
    await show(page);
    await expectNoAxeViolations(page, what);
  } finally {
    await context.close();
  }
}

async function openForm(page: Page) {
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Get a Quote' }).click();
  return page.getByRole('form', { name: 'Quote request' });
}

test.describe('a visitor attaches their brief', () => {
  test('lists the files, shows the upload and sends them with the request @phone', async ({ page }) => {
    const person = visitor();
    const form = await openForm(page);
    // The page around the form, open and with no file, is checked whole at both widths by
    // visitor-with-assistive-technology-meets-no-barriers.spec.ts: here the form's states (decision 072).
    await expectNoAxeViolations(page, 'the open form, no file chosen', form);
    await fillQuoteForm(page, person);
    const attachments = form.getByLabel('Attachments');
    await attachments.setInputFiles(brief);
    // Choosing again adds to the list.
    await attachments.setInputFiles(notes);
    const files = form.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');
    await expect(files).toHaveText([/^brief\.pdf\s*\d+ bytes\s*Remove brief\.pdf$/, /^notes\.txt/]);
    await expectNoAxeViolations(page, 'the form with two files listed', form);

    // The answer waits until the test has seen the upload's progress.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await page.route('**/api/quote', async (route) => {
      await answered;
      await route.continue();
    });
    await form.getByRole('button', { name: 'Submit Request' }).click();
    await expect(form.getByRole('progressbar', { name: /Uploading your files: \d+%/ })).toBeVisible();
    await expectNoAxeViolations(page, 'the form while the files upload', form);
    answer();

    await expect(page.getByRole('status')).toHaveText(quoteMessages.success);
    await expect(form).toBeHidden();
    await expectNoAxeViolations(page, 'the success message');
    await expect
      .poll(() => storedFiles(person.email))
      .toEqual([
        { name: 'brief.pdf', size: PDF.length, media_type: 'application/pdf' },
        { name: 'notes.txt', size: notes.buffer.length, media_type: 'text/plain' },
      ]);
  });

  test('is told which file cannot be sent, before sending and after, and keeps everything typed @phone', async ({
    page,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 415/);
    const person = visitor();
    const form = await openForm(page);
    await fillQuoteForm(page, person);
    const attachments = form.getByLabel('Attachments');
    const submit = form.getByRole('button', { name: 'Submit Request' });

    // The browser can tell from the name: the field says so and the form cannot be sent.
    await attachments.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: PDF });
    await expect(form.getByRole('button', { name: 'Remove setup.exe' })).toHaveAccessibleDescription(
      /^setup\.exe is not a file we accept\./,
    );
    await expect(submit).toBeDisabled();
    await expectNoAxeViolations(page, 'a file refused by the browser', form);
    await form.getByRole('button', { name: 'Remove setup.exe' }).click();
    await expect(attachments).toBeFocused();

    // Only the server can tell from the content: its refusal names the file.
    await attachments.setInputFiles([brief, fakePdf]);
    await submit.click();
    await expect(page.getByRole('alert')).toHaveText(quoteMessages.failure);
    await expect(form.getByRole('button', { name: 'Remove scan.pdf' })).toHaveAccessibleDescription(
      'scan.pdf is not really a PDF file, whatever its name says.',
    );
    await expect(form.getByRole('button', { name: 'Remove brief.pdf' })).not.toHaveAccessibleDescription(/./);
    await expect(form.getByLabel('Message', { exact: true })).toHaveValue(person.message);
    await expectNoAxeViolations(page, "the server's refusal of a file", form);
    expect(storedFiles(person.email)).toEqual([]);

    // Without the refused file it goes through.
    await form.getByRole('button', { name: 'Remove scan.pdf' }).click();
    await submit.click();
    await expect(page.getByRole('status')).toHaveText(quoteMessages.success);
    await expect.poll(() => storedFiles(person.email).map((file) => file.name)).toEqual(['brief.pdf']);
  });
});

test.describe('a visitor on a phone picks a file the form cannot send', () => {
  test.use({ viewport: { width: 375, height: 700 } });
  test.skip(({ isMobile }) => !isMobile, 'the mobile project runs it, on a phone');

  test('sees the file and why, can replace it in its place, and the button says why it waits @phone', async ({
    page,
  }) => {
    const person = visitor();
    const form = await openForm(page);
    await fillQuoteForm(page, person);
    // The control is emptied after each choice: the page shows a button, not the browser's "No file chosen".
    await expect(form.getByText('Choose files', { exact: true })).toBeVisible();
    const attachments = form.getByLabel('Attachments');
    await attachments.setInputFiles([
      brief,
      { name: 'setup.exe', mimeType: 'application/octet-stream', buffer: PDF },
    ]);
    await expect(form.getByText('Add more files', { exact: true })).toBeVisible();
    await expect(form.getByText('No file chosen')).toHaveCount(0);

    // The reason comes into view by itself, beside the file; the disabled button says why it waits.
    await expect(form.getByText(/^setup\.exe is not a file we accept\./)).toBeInViewport();
    const submit = form.getByRole('button', { name: 'Submit Request' });
    await expect(submit).toBeDisabled();
    await expect(submit).toHaveAccessibleDescription(
      'Remove or replace setup.exe to send your request: see why in the list of files.',
    );
    await expectNoAxeViolations(page, 'a refused file on a phone', form);

    // Replace puts the new file in its place.
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Replace setup.exe' }).click();
    await (await chooser).setFiles(notes);
    const files = form.getByRole('list', { name: 'Chosen files' }).getByRole('listitem');
    await expect(files).toHaveText([/^brief\.pdf/, /^notes\.txt/]);
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByRole('status')).toHaveText(quoteMessages.success);
    await expect
      .poll(() => storedFiles(person.email).map((file) => file.name))
      .toEqual(['brief.pdf', 'notes.txt']);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test("a visitor attaches a PDF with the browser's own control and lands on the thank-you page", async ({
    page,
  }) => {
    const person = visitor();
    await page.goto('/');
    await page.getByRole('link', { name: 'Get a Quote' }).click();
    const form = await fillQuoteForm(page, person);
    await form.getByLabel('Attachments').setInputFiles(brief);
    await form.getByRole('button', { name: 'Submit Request' }).click();

    await expect(page).toHaveURL(/\/thank-you$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you');
    await expect.poll(() => storedFiles(person.email).map((file) => file.name)).toEqual(['brief.pdf']);
  });

  test('the form with a file chosen has no barrier either @phone', async ({ browser }) => {
    await expectNoAxeViolationsWithoutScripts(
      browser,
      'the form without scripts, a file chosen',
      async (page) => {
        await page.goto('/#quote-form');
        await page.getByLabel('Attachments').setInputFiles(brief);
      },
    );
  });

  test('a refused file is named on the error page, which asks for the files again @phone', async ({
    page,
    browser,
    consoleGuard,
  }) => {
    consoleGuard.allow(/status of 415/);
    const person = visitor();
    await page.goto('/');
    await page.getByRole('link', { name: 'Get a Quote' }).click();
    const form = await fillQuoteForm(page, person);
    await form.getByLabel('Attachments').setInputFiles(fakePdf);
    await form.getByRole('button', { name: 'Submit Request' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your quote request was not sent');
    await expect(page.getByRole('alert')).toContainText(
      'scan.pdf is not really a PDF file, whatever its name says.',
    );
    await expect(page.getByText('please attach them again')).toBeVisible();
    const again = page.getByRole('form', { name: 'Quote request' });
    await expect(again.getByLabel('Message', { exact: true })).toHaveValue(person.message);
    await expect(again.getByLabel('Attachments')).toHaveAttribute('type', 'file');
    const html = await page.content();
    await expectNoAxeViolationsWithoutScripts(
      browser,
      'the error page with a refused file',
      async (shown) => {
        await shown.route('**/quote-refused', (route) =>
          route.fulfill({ contentType: 'text/html', body: html }),
        );
        await shown.goto('/quote-refused');
      },
    );
    expect(storedFiles(person.email)).toEqual([]);
  });
});
