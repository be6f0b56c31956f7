/**
 * Screenshots of the inbox (/admin): every page and the states staff meet, with the API answered in the
 * browser by a fake (inbox-fake-api.ts), so any server that sends the app shell will do.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import {
  type AdminApiMock,
  emptyInbox,
  type FakeInbox,
  mockAdminApi,
  sampleInbox,
  withoutPasskeyAutofill,
} from './inbox-fake-api.ts';
import { addVirtualAuthenticator } from '../../e2e/support/passkeys.ts';

interface Shot {
  name: string;
  path: string;
  inbox?: () => FakeInbox;
  /** Before the page opens (a failing call, say). */
  before?: (page: Page, api: AdminApiMock) => Promise<void>;
  /** Once it is open (open a dialog, press a button). */
  then?: (page: Page) => Promise<void>;
  /** What the app shell shows before its scripts run (they are held back). */
  beforeScripts?: boolean;
}

const signedOut = () => ({ ...sampleInbox(), signedIn: false });
const onePasskey = () => {
  const inbox = sampleInbox();
  return { ...inbox, me: { ...inbox.me, passkeys: inbox.me.passkeys.slice(0, 1) } };
};

const shots: Shot[] = [
  { name: 'sign-in', path: '/admin/sign-in', inbox: signedOut },
  {
    name: 'sign-in-session-ended',
    path: '/admin/sign-in?next=%2Fadmin%2Fleads%2F12&reason=expired',
    inbox: signedOut,
  },
  {
    name: 'sign-in-cancelled',
    path: '/admin/sign-in',
    inbox: signedOut,
    before: async (page) => {
      const authenticator = await addVirtualAuthenticator(page);
      await authenticator.refuseUserVerification();
    },
    then: async (page) => {
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByRole('alert').filter({ hasText: 'cancelled' }).waitFor();
    },
  },
  { name: 'invitation', path: '/admin/invitation#good-token', inbox: signedOut },
  { name: 'invitation-used', path: '/admin/invitation#used-token', inbox: signedOut },
  { name: 'invitation-unknown', path: '/admin/invitation#nope', inbox: signedOut },
  { name: 'invitation-replaced', path: '/admin/invitation#replaced-token', inbox: signedOut },
  { name: 'loading', path: '/admin', beforeScripts: true },
  { name: 'inbox', path: '/admin' },
  { name: 'inbox-empty', path: '/admin', inbox: emptyInbox },
  { name: 'inbox-no-match', path: '/admin?q=blockchain' },
  { name: 'inbox-spam', path: '/admin?view=spam' },
  { name: 'lead-dead-notification', path: '/admin/leads/12' },
  { name: 'lead-with-history', path: '/admin/leads/10' },
  { name: 'lead-written-to-file', path: '/admin/leads/9' },
  {
    name: 'lead-delete-dialog',
    path: '/admin/leads/12',
    then: async (page) => {
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'lead-note-failed',
    path: '/admin/leads/10',
    before: async (_page, api) => {
      api.failNext('POST', '/leads/10/notes', 500, {
        message: 'The server could not save this note. Try again.',
      });
    },
    then: async (page) => {
      await page.getByRole('textbox', { name: 'Note' }).fill('Call back on Monday.');
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByRole('alert').filter({ hasText: 'could not save' }).waitFor();
    },
  },
  { name: 'lead-not-found', path: '/admin/leads/999' },
  { name: 'outbox', path: '/admin/outbox' },
  { name: 'outbox-waiting', path: '/admin/outbox?status=pending' },
  { name: 'outbox-empty', path: '/admin/outbox', inbox: emptyInbox },
  { name: 'subscribers', path: '/admin/subscribers' },
  {
    name: 'subscribers-remove-dialog',
    path: '/admin/subscribers',
    then: async (page) => {
      await page.getByRole('button', { name: 'Remove neha.gupta@example.com' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  { name: 'activity', path: '/admin/activity' },
  { name: 'account', path: '/admin/account' },
  { name: 'account-one-passkey', path: '/admin/account', inbox: onePasskey },
  {
    name: 'account-remove-dialog',
    path: '/admin/account',
    then: async (page) => {
      await page.getByRole('button', { name: 'Remove the passkey Pixel 8' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'error-server',
    path: '/admin',
    before: async (_page, api) => {
      api.failNext('GET', '/leads', 500, { message: 'The database could not be read.' });
    },
  },
  {
    name: 'error-offline',
    path: '/admin/activity',
    before: async (page) => {
      await page.route('**/admin/api/activity', (route) => route.abort('failed'));
    },
  },
];

export async function captureInbox(browser: Browser, base: string, width: number, outDir: string) {
  mkdirSync(outDir, { recursive: true });
  for (const shot of shots) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await withoutPasskeyAutofill(page);
    const api = await mockAdminApi(page, shot.inbox?.());
    await shot.before?.(page, api);
    if (shot.beforeScripts) await page.route('**/assets/*.js', () => undefined);
    await page.goto(new URL(shot.path, base).href, { waitUntil: shot.beforeScripts ? 'commit' : 'load' });
    if (shot.beforeScripts) await page.getByText('Loading the inbox').waitFor();
    else {
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.locator('main h1').waitFor();
    }
    await shot.then?.(page);
    // A modal dialog is drawn over the viewport: the visible part is the screenshot that matters.
    const dialogOpen = await page.locator('dialog[open]').count();
    // From the top, where the skip link waits above the page (a full-page capture would show it).
    if (dialogOpen === 0) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${outDir}/${shot.name}-${width}.png`, fullPage: dialogOpen === 0 });
    await context.close();
  }
}
