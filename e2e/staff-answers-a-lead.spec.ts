/**
 * Answering a lead from its page, on the real server with a real SMTP sink: staff write a reply (a saved
 * reply inserted, then edited), the sink gets it from the staff member at the company with the lead's
 * reference, and the lead is Contacted. An answer of the client (stored as the mailbox watcher stores
 * it) shows "New reply" in the inbox until the lead is opened. Axe finds nothing, at 1280 and 375 px.
 */
import type { ParsedMail } from 'mailparser';
import { type SmtpSink, startSmtpSink } from '../server/test/smtp-sink.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test, waitForHydration } from './support/fixtures.ts';
import { at, SAMPLE_LEADS, seedLead, seedStaff } from './support/staff-sample.ts';
import { openStaffDatabase, signIn, type StaffDatabase } from './support/staff-seed.ts';
import { attachServerLog, type StaffServer, startStaffServer } from './support/staff-server.ts';

const PRIYA = SAMPLE_LEADS[0]!;

let sink: SmtpSink;
let server: StaffServer;
let db: StaffDatabase;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern
test.beforeAll(async ({}, workerInfo) => {
  sink = await startSmtpSink();
  server = await startStaffServer(
    `answers-${workerInfo.project.name}-${workerInfo.workerIndex}`,
    'Asia/Kolkata',
    {
      SMTP_URL: sink.url,
      OUTBOX_POLL_MS: '200',
      OUTBOX_RETRY_BASE_MS: '200',
      OUTBOX_RETRY_MAX_MS: '1000',
    },
  );
  db = openStaffDatabase(server.databasePath);
});

let logStart = 0;
test.beforeEach(async ({ context }) => {
  logStart = server.log().end;
  db.reset();
  const { accountId } = seedStaff(db);
  seedLead(db, PRIYA);
  db.insert('saved_replies', {
    title: 'Thanks for your request',
    body: 'Hello {name},\n\nThank you for your request {reference}.',
    created_at: at(30),
    updated_at: at(30),
  });
  await signIn(db, context, server.url, accountId);
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

const subject = `Re: Your quote request ${PRIYA.reference}`;

async function replyReceived(): Promise<ParsedMail> {
  await expect
    .poll(() => sink.messages.filter((mail) => mail.subject === subject).length, { timeout: 20_000 })
    .toBe(1);
  return sink.messages.find((mail) => mail.subject === subject)!;
}

test('staff answer a lead from its page, and the client gets the reply by email @phone', async ({
  page,
}, testInfo) => {
  sink.messages.length = 0;
  await page.goto(`${server.url}/admin/leads/${PRIYA.id}`);
  await waitForHydration(page);
  const conversation = page.getByRole('region', { name: 'Conversation' });
  await expect(conversation).toContainText('until a mailbox is connected');
  await expect(conversation.getByRole('listitem').first()).toContainText('online store for our textile shop');

  await conversation
    .getByRole('combobox', { name: 'Saved reply' })
    .selectOption({ label: 'Thanks for your request' });
  await conversation.getByRole('button', { name: 'Insert' }).click();
  const field = conversation.getByRole('textbox', { name: 'Reply' });
  await expect(field).toHaveValue(`Hello ${PRIYA.name},\n\nThank you for your request ${PRIYA.reference}.`);
  await field.press('End');
  await field.pressSequentially(' Could we call you on Thursday?');
  await conversation.getByRole('button', { name: 'Send reply' }).click();
  await expect(conversation.getByText('Reply sent')).toBeVisible();
  await expect(field).toHaveValue('');

  const mail = await replyReceived();
  expect(mail.from?.value).toEqual([{ name: 'Meera at Acme Tech Solutions', address: 'quotes@example.com' }]);
  expect(mail.to).toMatchObject({ value: [{ address: PRIYA.email }] });
  expect(mail.text).toContain('Could we call you on Thursday?\n\n-- \nMeera\nAcme Tech Solutions');

  // The page reads the waiting reply again by itself: "Sent." without a reload.
  await expect(conversation.getByText('Sent.')).toBeVisible({ timeout: 20_000 });
  await expect(conversation.getByText('Waiting to be sent.')).toHaveCount(0);

  // The lead is Contacted; the reply is on the page, sent.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('region', { name: 'Conversation' }).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'Conversation' }).getByText('Sent.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('contacted');

  await expectNoAxeViolations(page, "a lead's conversation");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('region', { name: 'Conversation' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/conv-${testInfo.project.name}.png`, fullPage: true });
});

test('"New reply" shows in the inbox for an unopened answer, and clears once the lead is opened @phone', async ({
  page,
}) => {
  // As the mailbox watcher stores an answer ("references" is a keyword of SQL: quoted).
  db.run(
    `insert into lead_messages (quote_request_id, direction, kind, message_id, in_reply_to, "references",
      author_email, author_name, subject, body_text, quoted_text, created_at, read_at, bounced_at)
      values (?, 'in', 'answer', ?, ?, ?, ?, ?, ?, ?, ?, ?, null, null)`,
    PRIYA.id,
    '<answer-1@sharmatextiles.in>',
    '<reply.1@example.com>',
    '<reply.1@example.com>',
    PRIYA.email,
    PRIYA.name,
    `Re: ${subject}`,
    'Thursday at 11 works for us.',
    '> Could we call you on Thursday?',
    at(0.2),
  );
  await page.goto(`${server.url}/admin`);
  await waitForHydration(page);
  const row = page.getByRole('list', { name: 'Leads' }).getByRole('listitem').first();
  await expect(row.getByText('New reply')).toBeVisible();
  await page.getByRole('link', { name: 'New reply (1)' }).click();
  await expect(page.getByRole('list', { name: 'Leads' }).getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page, 'the inbox with a new reply');

  await row.getByRole('link', { name: PRIYA.name }).click();
  const conversation = page.getByRole('region', { name: 'Conversation' });
  const answer = conversation.getByRole('listitem').last();
  await expect(answer).toContainText('Thursday at 11 works for us.');
  await expect(answer.getByText('New', { exact: true })).toBeVisible();
  await expect(answer.getByText('> Could we call you on Thursday?')).toBeHidden();
  await answer.getByText('Show quoted text').click();
  await expect(answer.getByText('> Could we call you on Thursday?')).toBeVisible();
  await expectNoAxeViolations(page, 'a lead with a new answer');

  await page.goto(`${server.url}/admin`);
  await waitForHydration(page);
  await expect(page.getByRole('list', { name: 'Leads' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText('New reply')).toHaveCount(0);
});
