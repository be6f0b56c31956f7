/**
 * The Website section (docs/decisions/069-the-website-editor-built-from-the-schema.md, docs/content.md):
 * an admin edits an FAQ answer, saves the draft, previews it while the public page still shows the old
 * answer, publishes, and a visitor without JavaScript reads the new answer; an earlier release rolled
 * back; two editors of one page, the second told of the first's save; a member without the section.
 */
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { STAFF_EMAIL } from './support/staff-sample.ts';
import { seedAccount } from './support/staff-seed.ts';
import { mainNav, openInboxMenu, openSection } from './support/staff-nav.ts';
import { expect, test, waitForHydration } from './support/staff-test.ts';

/** The first FAQ answer as the site ships it (app/content/faq.ts). */
const FIRST_ANSWER = /offers software development \(web applications/;

/** Within 10 s of Publish, every instance serves the new pages. */
const PUBLISHED_WITHIN_MS = 10_000;

/** Opens the FAQ's editor from the inbox, as an admin does. */
async function openFaqEditor(page: Page) {
  await page.goto('/admin');
  await waitForHydration(page);
  await openSection(page, 'Website');
  await page.getByRole('link', { name: 'FAQ', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'FAQ', level: 1 })).toBeVisible();
}

const firstAnswer = (page: Page) =>
  page.getByRole('group', { name: 'Question 1' }).getByRole('textbox', { name: 'Answer' });

/** Writes the first FAQ answer and saves the draft. */
async function saveFirstAnswer(page: Page, answer: string) {
  await firstAnswer(page).fill(answer);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved' })).toBeVisible();
}

/** Publishes every draft from the Website view, through its dialog. */
async function publish(page: Page) {
  await page.goto('/admin/website');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published: FAQ.' })).toBeVisible();
}

/** The public FAQ as a visitor without JavaScript reads it, until it shows `text` (or the time is up). */
async function expectPublicFaq(browser: Browser, url: string, text: string | RegExp) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const visitor = await context.newPage();
  await expect(async () => {
    await visitor.goto(`${url}/FAQ`);
    await expect(visitor.getByRole('main')).toContainText(text, { timeout: 500 });
  }).toPass({ timeout: PUBLISHED_WITHIN_MS, intervals: [250] });
  await context.close();
}

test('an admin edits an FAQ answer, previews the draft, publishes it, and a visitor reads it without JavaScript', async ({
  page,
  context,
  browser,
  staff,
}) => {
  await staff.sample();
  await openFaqEditor(page);
  await expectNoAxeViolations(page, "the FAQ's editor");
  const answer = 'We build software, run marketing and design interfaces.\n\nAsk us for anything else.';
  await saveFirstAnswer(page, answer);

  const previewOpened = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Preview' }).click();
  const preview = await previewOpened;
  await expect(preview.getByRole('main')).toContainText('Ask us for anything else.');
  await preview.close();
  await expectPublicFaq(browser, staff.url, FIRST_ANSWER);

  await page.goto('/admin/website');
  await waitForHydration(page);
  await expect(page.getByRole('listitem').filter({ hasText: 'FAQ' })).toContainText(
    `Draft saved by ${STAFF_EMAIL}`,
  );
  await expectNoAxeViolations(page, 'the Website view');
  await publish(page);
  await expectPublicFaq(browser, staff.url, 'Ask us for anything else.');
  await expect(page.getByRole('button', { name: 'Publish' })).toBeDisabled();
});

test('an admin rolls the website back to an earlier release', async ({ page, browser, staff }) => {
  await staff.sample();
  await openFaqEditor(page);
  await saveFirstAnswer(page, 'The first published answer.');
  await publish(page);
  await openFaqEditor(page);
  await saveFirstAnswer(page, 'The second published answer.');
  await publish(page);
  await expectPublicFaq(browser, staff.url, 'The second published answer.');

  await page.getByRole('link', { name: 'Releases' }).click();
  await expect(page.getByRole('heading', { name: 'Releases', level: 1 })).toBeVisible();
  const releases = page.getByRole('listitem');
  await expect(releases).toHaveCount(2);
  await expect(releases.first()).toContainText('Live');
  await expect(releases.first().getByRole('button', { name: 'Roll back' })).toHaveCount(0);
  await releases.nth(1).getByRole('button', { name: 'Roll back' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Roll back' }).click();

  await expect(releases).toHaveCount(3);
  await expect(releases.first()).toContainText('Live');
  await expect(releases.first()).toContainText(`Published by ${STAFF_EMAIL}`);
  await expect(releases.first()).toContainText('Changed: FAQ');
  await expectPublicFaq(browser, staff.url, 'The first published answer.');
});

test('two admins edit the FAQ at once: the second save is refused and keeps its edits', async ({
  page,
  browser,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 409/);
  await staff.sample();
  const other = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const colleague = seedAccount(staff.db, 'ravi.kumar@acme.example', []);
  await staff.signIn(colleague, { context: other });
  const second = await other.newPage();

  await openFaqEditor(page);
  await openFaqEditor(second);
  await saveFirstAnswer(page, 'Meera’s answer.');

  await firstAnswer(second).fill('Ravi’s answer.');
  await second.getByRole('button', { name: 'Save draft' }).click();
  await expect(second.getByRole('alert').filter({ hasText: 'Your edits are still here' })).toBeVisible();
  await expect(firstAnswer(second)).toHaveValue('Ravi’s answer.');
  await other.close();

  await page.reload();
  await expect(firstAnswer(page)).toHaveValue('Meera’s answer.');
});

test('a member has no Website section, and its address says only admins can open it', async ({
  page,
  staff,
  consoleGuard,
}) => {
  consoleGuard.allow(/status of 403/);
  await staff.sample();
  const member = seedAccount(staff.db, 'ravi.kumar@acme.example', []);
  staff.db.run("update admin_accounts set role = 'member' where id = ?", member);
  await staff.signIn(member);
  await page.goto('/admin');
  await waitForHydration(page);
  await openInboxMenu(page);
  await expect(mainNav(page).getByRole('link', { name: 'Team', exact: true })).toHaveCount(0);
  await expect(mainNav(page).getByRole('link', { name: 'Website' })).toHaveCount(0);
  await page.goto('/admin/website');
  await expect(page.getByRole('heading', { name: 'Only admins can open this page', level: 1 })).toBeVisible();
});
