/**
 * A client's answer, the whole way in: a real Dovecot started for the spec, the built server watching it
 * (IMAP_URL), the answer APPENDed to the mailbox as a mail server would deliver it. It shows on the lead
 * (its PDF kept with the lead, its .exe refused and named), "New reply" in the inbox until the lead is
 * opened. Axe finds nothing, at 1280 and 375 px.
 */
import { readFileSync } from 'node:fs';
import { type DovecotServer, startDovecotServer } from '../server/test/dovecot-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { SAMPLE_LEADS, seedLead, seedStaff } from './support/staff-sample.ts';
import { openStaffDatabase, signIn, type StaffDatabase } from './support/staff-seed.ts';
import { attachServerLog, type StaffServer, startStaffServer } from './support/staff-server.ts';

const PRIYA = SAMPLE_LEADS[0]!;

let dovecot: DovecotServer;
let server: StaffServer;
let db: StaffDatabase;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern
test.beforeAll(async ({}, workerInfo) => {
  dovecot = await startDovecotServer();
  server = await startStaffServer(
    `client-answer-${workerInfo.project.name}-${workerInfo.workerIndex}`,
    'Asia/Kolkata',
    { IMAP_URL: dovecot.url, IMAP_AUTHSERV_ID: 'mx.acme.test' },
  );
  db = openStaffDatabase(server.databasePath);
});

let logStart = 0;
test.beforeEach(async ({ context }) => {
  logStart = server.log().end;
  db.reset();
  const { accountId } = seedStaff(db);
  seedLead(db, PRIYA);
  await signIn(db, context, server.url, accountId);
});
// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern
test.afterEach(async ({}, testInfo) => {
  await attachServerLog(server, logStart, testInfo);
});

test.afterAll(async () => {
  db.close();
  await server.stop();
  await dovecot.stop();
});

/** The fixture answer with files (a PDF and an .exe), from the lead's address about its reference. */
function clientAnswer(): string {
  return readFileSync('server/conversations/fixtures/with-files.eml', 'utf8')
    .replaceAll('Q-7F3K9C', PRIYA.reference)
    .replace('Priya Sharma <priya@company.in>', `${PRIYA.name} <${PRIYA.email}>`)
    .replace(/^In-Reply-To:.*\n^References:.*\n/m, '');
}

test('a client answer APPENDed to the mailbox shows on its lead, "New reply" until the lead is opened', async ({
  page,
}) => {
  test.slow();
  await page.goto(`${server.url}/admin`);
  await waitForHydration(page);
  await expect(page.getByRole('list', { name: 'Leads' })).toContainText(PRIYA.name);
  await expect(page.getByText('New reply')).toHaveCount(0);

  await dovecot.append(clientAnswer());
  const row = page.getByRole('list', { name: 'Leads' }).getByRole('listitem').first();
  // IDLE tells the watcher at once; the inbox shows it on its next load.
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('New reply')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('link', { name: 'New reply (1)' }).click();
  await expect(page.getByRole('list', { name: 'Leads' }).getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page, 'the inbox with a client answer');

  await row.getByRole('link', { name: PRIYA.name }).click();
  const answer = page
    .getByRole('list', { name: 'Messages, oldest first' })
    .getByRole('listitem')
    .filter({ hasText: 'Here is the site map' });
  // The website's word on the files is beside the client's message, not in it.
  await expect(answer.getByRole('note', { name: 'From the website' })).toContainText(
    'setup.exe was not kept: not a file we accept.',
  );
  await expect(answer.getByRole('article')).not.toContainText('was not kept');
  await expect(answer.getByText('New', { exact: true })).toBeVisible();
  await expect(answer.getByRole('link', { name: 'site-map.pdf (download)' })).toBeVisible();
  await expectNoAxeViolations(page, 'a lead with a client answer');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await page.goto(`${server.url}/admin`);
  await waitForHydration(page);
  await expect(page.getByRole('list', { name: 'Leads' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText('New reply')).toHaveCount(0);
});

test('an answer the mail server says failed DMARC is kept, and says "Sender not verified"', async ({
  page,
}) => {
  test.slow();
  // Written as the lead, about its reference; the company's server (mx.acme.test) found DMARC failed.
  const spoofed =
    'Authentication-Results: mx.acme.test; spf=fail smtp.mailfrom=spoofer.example; dmarc=fail header.from=company.in\r\n' +
    readFileSync('server/conversations/fixtures/gmail.eml', 'utf8')
      .replaceAll('Q-7F3K9C', PRIYA.reference)
      .replace('Priya Sharma <priya@company.in>', `${PRIYA.name} <${PRIYA.email}>`)
      .replace('<CAGmail123abc@mail.gmail.com>', '<spoofed.1@spoofer.example>')
      .replace(/^In-Reply-To:.*\n^References:.*\n/m, '');
  await dovecot.append(spoofed);
  await page.goto(`${server.url}/admin`);
  await waitForHydration(page);
  const row = page.getByRole('list', { name: 'Leads' }).getByRole('listitem').first();
  await expect(async () => {
    await page.reload();
    await expect(row.getByText('New reply')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await row.getByRole('link', { name: PRIYA.name }).click();
  const answer = page
    .getByRole('list', { name: 'Messages, oldest first' })
    .getByRole('listitem')
    .filter({ hasText: 'Thursday at 11 works' });
  await expect(answer).toContainText('Sender not verified: this mail failed the sender check (DMARC)');
  await expectNoAxeViolations(page, 'a lead with an answer that failed DMARC');
});
