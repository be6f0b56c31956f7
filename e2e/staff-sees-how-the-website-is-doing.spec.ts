/**
 * The dashboard from end to end, on the real server: a visitor sends the quote form; a staff member signs
 * in with a passkey and lands on the dashboard, which counts that lead, holds it in its Data tables, keeps
 * the period picked in the address, and meets no accessibility rule broken, on a laptop and a phone. Its
 * charts are drawn on canvases by uPlot, under the inbox's Content-Security-Policy (the console guard
 * fails the test on any violation).
 *
 * The visits test needs the server to count page views (docs/visits.md): it fails until that
 * is in the build.
 */
import type { Page } from '@playwright/test';
import { quoteMessages } from '../common/quote-messages.ts';
import { quoteFields, quoteFormFields } from '../common/quote-request.ts';
import { sampleQuote } from '../common/quote-sample.ts';
import { withoutPasskeyAutofill } from './support/api-faults.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';
import { seedStaff, STAFF_EMAIL } from './support/staff-sample.ts';
import { openStaffDatabase, type StaffDatabase } from './support/staff-seed.ts';
import { type StaffServer, startStaffServer } from './support/staff-server.ts';
import { openInboxMenu } from './support/staff-nav.ts';

let server: StaffServer;
let db: StaffDatabase;
let timeZone: string;

/**
 * The company's time zone for a test: Asia/Kolkata (the default) while it is day there, America/Bogota
 * (day there then) while it is night. The server counts by its own clock, which the browser's
 * (page.clock) does not move: this way no day or week ends in the middle of a test, whenever it runs,
 * and "today" and "this week" hold what the test did.
 */
function zoneWhereItIsDay(now = new Date()): string {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Kolkata', hour: 'numeric', hourCycle: 'h23' }).format(
      now,
    ),
  );
  return hour >= 6 && hour < 18 ? 'Asia/Kolkata' : 'America/Bogota';
}

// Each test has a server of its own: the visits one counts every page view from its first request.
test.beforeEach(async ({ consoleGuard }, testInfo) => {
  consoleGuard.allow(/status of 401/);
  timeZone = zoneWhereItIsDay();
  server = await startStaffServer(
    `dashboard-${testInfo.project.name}-${testInfo.workerIndex}-${testInfo.title.length}`,
    timeZone,
    // Counted visits reach the database within a moment, not once a minute.
    { VISIT_COUNTING: 'true', VISIT_FLUSH_MS: '300' },
  );
  db = openStaffDatabase(server.databasePath);
});

test.afterEach(async () => {
  db.close();
  await server.stop();
});

/** Signs in on the sign-in page, with no page asked for: the dashboard opens. */
async function signIn(page: Page) {
  const { laptop } = seedStaff(db);
  await withoutPasskeyAutofill(page);
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addPasskey(STAFF_EMAIL, laptop);
  await page.goto(`${server.url}/admin/sign-in`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/admin/dashboard`);
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

/** The page is no wider than the screen: nothing to scroll sideways on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a lead sent through the form shows on the dashboard, in its charts’ Data tables and for each period @phone', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A visitor, in a browser of their own, sends a quote request through the public form.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(server.url);
  await waitForHydration(visitor);
  await visitor.getByRole('button', { name: 'Get a Quote' }).click();
  const form = visitor.getByRole('form', { name: 'Quote request' });
  const person = sampleQuote({ name: 'Kavya Iyer', email: 'kavya@clinic.example' });
  for (const field of quoteFields)
    await form.getByLabel(quoteFormFields[field].label, { exact: true }).fill(person[field]);
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(visitor.getByRole('status')).toHaveText(quoteMessages.success);
  await visitorContext.close();

  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await openInboxMenu(page);
  await expect(nav.getByRole('link').first()).toHaveText('Dashboard');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`Times in ${timeZone}`)).toBeVisible();
  const picker = page.getByRole('navigation', { name: 'Period' });
  await expect(picker.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');

  const perWeek = section(page, 'Leads per week');
  await expect(perWeek).toContainText('1 lead in the last 30 days, none in the 30 before.');
  await expect(perWeek).toContainText('This week1');
  // The chart is drawn (uPlot, loaded with this page alone), hidden from assistive technology.
  await expect(perWeek.locator('[aria-hidden="true"] canvas')).toHaveCount(1);
  await expect(section(page, 'Leads by page')).toContainText(
    'The page Home brought the most leads in the last 30 days: 1 of 1',
  );
  await expect(section(page, 'Status funnel')).toContainText(
    'Of 1 lead in the last 30 days, 0 won and 0 lost so far.',
  );
  await expect(section(page, 'Status funnel')).toContainText('Win rate—');
  await expect(section(page, 'Time to first contact')).toContainText(
    'No lead of this period has been answered yet.',
  );

  // Its Data: the table under the chart holds every week, this one with the lead.
  await perWeek.getByText('Data', { exact: true }).click();
  const weeks = perWeek.getByRole('table', { name: /Leads per week, the last 12 weeks/ });
  await expect(weeks.getByRole('row')).toHaveCount(13);
  await expect(weeks.getByRole('row', { name: /this week/ })).toContainText('1');
  await section(page, 'Status funnel').getByText('Data', { exact: true }).click();
  const funnel = section(page, 'Status funnel').getByRole('table');
  await expect(funnel.getByRole('row', { name: 'New' })).toContainText('1');
  await expect(funnel.getByRole('row', { name: 'Win rate' })).toContainText('—');
  await expectNoAxeViolations(page, 'the dashboard with its Data tables open');
  await expectNoSidewaysScroll(page);

  // Another period: asked for, kept in the address and through a reload.
  await picker.getByRole('link', { name: '7 days' }).click();
  await expect(perWeek).toContainText('1 lead in the last 7 days, none in the 7 before.');
  await expect(page).toHaveURL(`${server.url}/admin/dashboard?period=7d`);
  await page.reload();
  await expect(picker.getByRole('link', { name: '7 days' })).toHaveAttribute('aria-current', 'page');
  await expect(section(page, 'Leads per week')).toContainText('1 lead in the last 7 days');
  await picker.getByRole('link', { name: '12 months' }).click();
  await expect(section(page, 'Leads per week')).toContainText(
    '1 lead in the last 12 months, none in the 12 before.',
  );
  await expectNoAxeViolations(page, 'the dashboard for 12 months');
  await expectNoSidewaysScroll(page);
});

test.describe('a person’s browser', () => {
  // Headless Chromium says "HeadlessChrome" in its user agent, which isbot rightly takes for a robot
  // (and the server does not count): the visitor here browses with an ordinary Chrome's.
  test.use({
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  });

  test('a visitor’s page views are counted, once as a visitor, without a cookie @phone', async ({ page }) => {
    test.setTimeout(90_000);
    // The visitor is this browser, before anyone signs in: the home page twice.
    for (let view = 0; view < 2; view += 1) {
      await page.goto(server.url);
      await waitForHydration(page);
    }
    expect(await page.context().cookies(server.url)).toEqual([]);
    // The server writes what it counted every VISIT_FLUSH_MS: today's one row, once it has.
    await expect
      .poll(() => db.query('select views, visitors from visit_days'), { timeout: 10_000 })
      .toEqual([{ views: 2, visitors: 1 }]);

    await signIn(page);
    const visits = section(page, 'Visits');
    await expect(visits).toContainText('1 visitor and 2 page views in the last 30 days');
    await expect(visits.locator('[aria-hidden="true"] canvas')).toHaveCount(1);
    await visits.getByText('Data', { exact: true }).click();
    // Today: 1 visitor, 2 page views; the home page: 2 views, 1 visitor, no lead, 0% converted.
    const perDay = visits.getByRole('table', { name: 'Visitors and page views per day' });
    await expect(perDay.getByRole('row').last()).toHaveAccessibleName(/ 1 2$/);
    const topPages = visits.getByRole('table', { name: 'Top pages' });
    await expect(topPages.getByRole('row').nth(1)).toHaveAccessibleName('Home 2 1 0 0%');
    await expect(visits.getByRole('table', { name: 'Sources' })).toContainText('Direct (no referrer)');
    await expectNoAxeViolations(page, 'the dashboard with visits');
    await expectNoSidewaysScroll(page);
  });
});
