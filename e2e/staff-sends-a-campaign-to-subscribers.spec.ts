/**
 * The newsletter from end to end, on the real server with a real SMTP sink: three readers subscribe and
 * confirm from their emails, a staff member writes a campaign, sends a test, sends it, and each reader gets
 * one email with the list headers; one leaves with the one-click POST, and the next campaign goes to two.
 */
import type { Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { newsletterMessages } from '../common/newsletter.ts';
import { rawHeader, type SmtpSink, startSmtpSink } from '../server/test/smtp-sink.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { seedStaff, STAFF_EMAIL } from './support/staff-sample.ts';
import { openStaffDatabase, signIn, type StaffDatabase } from './support/staff-seed.ts';
import { attachServerLog, type StaffServer, startStaffServer } from './support/staff-server.ts';

/** The preview's sandbox refuses axe's script: the sandbox working, not a fault of the page. */
const SANDBOX_REFUSAL = /Blocked script execution in '[^']*preview\.html[^']*' because the document's frame/;

const READERS = ['asha@reader.example', 'balraj@reader.example', 'chitra@reader.example'];

// One CI run saw GET /admin/api/campaigns/audience answer 500 once here (mobile), not reproduced since:
// a second try keeps that from hiding the rest while it is found (see docs/newsletter.md, "Known issues").
test.describe.configure({ retries: 1 });

let sink: SmtpSink;
let server: StaffServer;
let db: StaffDatabase;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern
test.beforeAll(async ({}, workerInfo) => {
  sink = await startSmtpSink();
  server = await startStaffServer(
    `campaign-${workerInfo.project.name}-${workerInfo.workerIndex}`,
    'Asia/Kolkata',
    {
      SMTP_URL: sink.url,
      OUTBOX_POLL_MS: '200',
      OUTBOX_RETRY_BASE_MS: '200',
      OUTBOX_RETRY_MAX_MS: '1000',
      CAMPAIGN_RATE_PER_MINUTE: '0',
    },
  );
  db = openStaffDatabase(server.databasePath);
});

let logStart = 0;
test.beforeEach(() => {
  logStart = server.log().end;
});
// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern
test.afterEach(async ({}, testInfo) => {
  await attachServerLog(server, logStart, testInfo);
});

test.afterAll(async () => {
  db.close();
  await server.stop();
  await sink.close();
});

const to = (mail: ParsedMail) =>
  [mail.to ?? []].flat().flatMap((address) => address.value.map((each) => each.address?.toLowerCase() ?? ''));

/** The messages the sink received with this subject, once there are `count` of them. */
async function messagesWithSubject(subject: string, count: number): Promise<ParsedMail[]> {
  await expect
    .poll(() => sink.messages.filter((mail) => mail.subject === subject).length, { timeout: 20_000 })
    .toBe(count);
  return sink.messages.filter((mail) => mail.subject === subject);
}

/** A link of an email as an address on the server under test. */
const onServer = (url: string) => {
  const { pathname, search } = new URL(url);
  return `${server.url}${pathname}${search}`;
};

async function subscribeAndConfirm(page: Page, email: string) {
  await page.goto(`${server.url}/about`);
  await waitForHydration(page);
  const form = page.getByRole('form', { name: 'Newsletter' });
  await form.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(form.getByText(newsletterMessages.accepted)).toBeVisible();
  await expect.poll(() => sink.messages.filter((mail) => to(mail).includes(email)).length).toBe(1);
  const confirmation = sink.messages.find((mail) => to(mail).includes(email));
  const link = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(confirmation?.text ?? '')?.[0];
  expect(link, 'the confirm link in the confirmation email').toBeDefined();
  await page.goto(onServer(link!));
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Confirm subscription' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are subscribed');
}

/** Writes a campaign in the inbox and waits until it saved itself. */
async function writeCampaign(page: Page, subject: string, body: string) {
  await page.goto(`${server.url}/admin/campaigns/new`);
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await page.getByRole('textbox', { name: 'Preview text' }).fill('What we did this month.');
  await page.getByRole('textbox', { name: 'Body' }).fill(body);
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/campaigns\/\d+$/);
}

/** "Send now", and the dialog's own button, which names how many get it. */
async function sendNow(page: Page, recipients: number) {
  await page.getByRole('button', { name: 'Send now' }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', {
    name: `Send to ${recipients} subscriber${recipients === 1 ? '' : 's'}`,
  });
  await expect(confirm).toBeVisible();
  await expectNoAxeViolations(page, 'the send dialog');
  await confirm.click();
  await expect(dialog).toBeHidden();
}

test('a campaign reaches every confirmed reader once, with one-click unsubscribe, and the next one skips who left', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(120_000);
  consoleGuard.allow(SANDBOX_REFUSAL);
  for (const reader of READERS) await subscribeAndConfirm(page, reader);

  const { accountId } = seedStaff(db);
  await signIn(db, page.context(), server.url, accountId);
  const subject = 'November at Acme: three cloud migrations';
  await writeCampaign(page, subject, 'This month we moved **three clients** to the cloud.');

  await page.getByRole('button', { name: 'Send test' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Test email sent to ${STAFF_EMAIL}.` }),
  ).toBeVisible();
  const [testEmail] = await messagesWithSubject(`[Test] ${subject}`, 1);
  expect(to(testEmail!)).toEqual([STAFF_EMAIL]);

  await sendNow(page, 3);
  const sent = await messagesWithSubject(subject, 3);
  expect(sent.flatMap(to).sort()).toEqual(READERS);
  const messageIds = new Set(sent.map((mail) => mail.messageId));
  expect(messageIds.size).toBe(3);
  for (const mail of sent) {
    expect(rawHeader(mail, 'List-Unsubscribe')).toMatch(
      /^<https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+>$/,
    );
    expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(mail, 'List-Id')).toMatch(/<newsletter\.localhost>$/);
    expect(mail.html).toContain('<strong');
    expect(mail.text).toContain('Unsubscribe');
  }
  // Each reader's link is their own.
  expect(new Set(sent.map((mail) => rawHeader(mail, 'List-Unsubscribe'))).size).toBe(3);

  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText('3 of 3 recipients sent')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/No open or click tracking/)).toBeVisible();
  await expectNoAxeViolations(page, 'a sent campaign');

  // Balraj leaves with his mail program's one-click button: a POST, no page, no confirmation.
  const balraj = sent.find((mail) => to(mail).includes('balraj@reader.example'))!;
  const unsubscribe = onServer(rawHeader(balraj, 'List-Unsubscribe')!.slice(1, -1));
  const answer = await page.request.post(unsubscribe, {
    form: { 'List-Unsubscribe': 'One-Click' },
    maxRedirects: 0,
  });
  expect(answer.status()).toBeLessThan(400);
  expect(db.query('select status from subscribers where email = ?', 'balraj@reader.example')).toEqual([
    { status: 'unsubscribed' },
  ]);

  const next = 'December at Acme: the year in review';
  await writeCampaign(page, next, 'A short look back.');
  await sendNow(page, 2);
  const second = await messagesWithSubject(next, 2);
  expect(second.flatMap(to).sort()).toEqual(['asha@reader.example', 'chitra@reader.example']);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByText('2 of 2 recipients sent')).toBeVisible({ timeout: 15_000 });
});
