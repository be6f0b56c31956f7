/**
 * Integrations from end to end, on the real server with a local receiver standing in for Slack: a staff
 * member signs in with a passkey, adds a Slack integration in Settings, sends a test event and sees it
 * arrive; a visitor sends the quote form, Slack gets a Block Kit message with the name and the reference,
 * and the lead's page shows the Slack delivery as delivered.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
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

/** A Slack incoming webhook on 127.0.0.1: it keeps what it is sent and answers "ok", as Slack does. */
interface SlackReceiver {
  url: string;
  messages: unknown[];
  close: () => Promise<void>;
}

async function startSlackReceiver(): Promise<SlackReceiver> {
  const messages: unknown[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      try {
        messages.push(JSON.parse(body));
      } catch {
        messages.push(body);
      }
      response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/services/T0E2E/B0E2E/${randomUUID().replaceAll('-', '')}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let slack: SlackReceiver;
let server: StaffServer;
let db: StaffDatabase;

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern
test.beforeAll(async ({}, workerInfo) => {
  slack = await startSlackReceiver();
  server = await startStaffServer(
    `integrations-${workerInfo.project.name}-${workerInfo.workerIndex}`,
    'Asia/Kolkata',
    // The receiver is on loopback, which only this lets the server post to; the outbox works at once.
    { WEBHOOK_ALLOW_PRIVATE: 'true', OUTBOX_POLL_MS: '200' },
  );
  db = openStaffDatabase(server.databasePath);
});

test.afterAll(async () => {
  db.close();
  await server.stop();
  await slack.close();
});

/** Everything the receiver was sent, as one text, to look for words in. */
const received = () => JSON.stringify(slack.messages);

async function signInToSettings(page: Page) {
  const { laptop } = seedStaff(db);
  await withoutPasskeyAutofill(page);
  const authenticator = await addVirtualAuthenticator(page);
  await authenticator.addPasskey(STAFF_EMAIL, laptop);
  await page.goto(`${server.url}/admin/settings`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
}

async function sendQuote(page: Page, name: string, email: string) {
  const person = sampleQuote({ name, email, message: 'We need a booking system for our clinics.' });
  await page.goto(server.url);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Get a Quote' }).click();
  const form = page.getByRole('form', { name: 'Quote request' });
  for (const field of quoteFields)
    await form.getByLabel(quoteFormFields[field].label, { exact: true }).fill(person[field]);
  await form.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByRole('status')).toHaveText(quoteMessages.success);
}

test('a lead sent through the form reaches Slack within seconds and shows as delivered on its page', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  consoleGuard.allow(/status of 401/);
  await signInToSettings(page);

  // Add the integration: its full URL is shown once.
  const add = page.getByRole('region', { name: 'Add integration' });
  await add.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Slack' });
  await add.getByRole('textbox', { name: 'URL' }).fill(slack.url);
  await add.getByRole('button', { name: 'Add integration' }).click();
  const shownOnce = page.getByRole('region', { name: /Copy this now: Slack added/ });
  await expect(shownOnce).toContainText(slack.url);
  await expect(shownOnce).toContainText('You will not see this again');
  await shownOnce.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shownOnce).toBeHidden();

  // It is listed masked; a test event goes through and says so.
  const integrations = page.getByRole('list', { name: 'Integrations' });
  const item = integrations
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /^Slack/ }) });
  await expect(item).toHaveCount(1);
  await expect(item).not.toContainText(slack.url);
  await item.getByRole('button', { name: /^Send test event/ }).click();
  await expect(item.getByRole('status').filter({ hasText: 'Test event delivered: ✓ 200' })).toBeVisible();
  expect(slack.messages).toHaveLength(1);
  await expectNoAxeViolations(page, 'the Settings page');

  // A visitor sends the form: Slack is told, with the name and the reference.
  const name = `Kavya Menon ${randomUUID().slice(0, 6)}`;
  const email = `kavya.${randomUUID().slice(0, 6)}@clinic.example`;
  await sendQuote(page, name, email);
  await expect.poll(received, { timeout: 15_000 }).toContain(name);
  const [lead] = db.query<{ id: number; reference: string }>(
    'select id, reference from quote_requests where email = ?',
    email,
  );
  expect(lead, 'the stored lead').toBeDefined();
  const message = slack.messages.find((each) => JSON.stringify(each).includes(name)) as {
    blocks?: unknown[];
  };
  expect(Array.isArray(message.blocks), 'a Block Kit message').toBe(true);
  expect(JSON.stringify(message)).toContain(lead!.reference);

  // The lead's page shows the delivery.
  await page.goto(`${server.url}/admin/leads/${lead!.id}`);
  await waitForHydration(page);
  const card = page.getByRole('region', { name: 'Integrations' });
  await expect(card.getByRole('listitem')).toContainText(/^Slack ✓ delivered/);
});
