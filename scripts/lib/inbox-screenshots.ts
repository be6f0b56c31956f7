/**
 * Screenshots of the inbox (/admin): every page and the states staff meet, against the built server as the
 * staff e2e specs run it (e2e/support/staff-server.ts). Before each shot its database is emptied and
 * seeded (e2e/support/staff-sample.ts) and the browser signed in with a seeded session; only failures the
 * server would not give on cue are injected in the browser (e2e/support/api-faults.ts).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { disconnect, failNext, withoutPasskeyAutofill } from '../../e2e/support/api-faults.ts';
import { addVirtualAuthenticator } from '../../e2e/support/passkeys.ts';
import { seedSampleInbox, seedStaff, STAFF_EMAIL } from '../../e2e/support/staff-sample.ts';
import {
  openStaffDatabase,
  seedInvitation,
  signIn,
  type StaffDatabase,
} from '../../e2e/support/staff-seed.ts';
import type { StaffServer } from '../../e2e/support/staff-server.ts';
import { newToken } from '../../server/security/tokens.ts';
import { campaignShots } from './campaign-screenshots.ts';
import { dashboardShots } from './dashboard-screenshots.ts';
import { settingsShots } from './settings-screenshots.ts';
import { teamShots } from './team-screenshots.ts';
import { empty, sample, type Seeded, type Shot } from './inbox-shot.ts';

/** Answers the lead's page as a PostgreSQL server without SMTP_URL does: its email kept in the database. */
async function keptInDatabase(page: Page) {
  await page.route(/\/admin\/api\/leads\/\d+$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replaceAll('"keptIn":"file"', '"keptIn":"database"');
    await route.fulfill({ response, body });
  });
}

/** The sample inbox, nobody signed in. */
const signedOut = (db: StaffDatabase): Seeded => ({ laptop: seedSampleInbox(db).laptop });
const invitation =
  (state: 'open' | 'used' | 'withdrawn') =>
  (db: StaffDatabase): Seeded => ({ fragment: seedInvitation(db, 'dev@acme.example', state) });

const shots: Shot[] = [
  { name: 'sign-in', path: '/admin/sign-in', seed: signedOut },
  {
    name: 'sign-in-session-ended',
    path: '/admin/sign-in?next=%2Fadmin%2Fleads%2F12&reason=expired',
    seed: signedOut,
  },
  {
    name: 'sign-in-cancelled',
    path: '/admin/sign-in',
    seed: signedOut,
    before: async (page, { laptop }) => {
      const authenticator = await addVirtualAuthenticator(page);
      await authenticator.addPasskey(STAFF_EMAIL, laptop);
      await authenticator.refuseUserVerification();
    },
    then: async (page) => {
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.getByRole('alert').filter({ hasText: 'cancelled' }).waitFor();
    },
  },
  { name: 'invitation', path: '/admin/invitation', seed: invitation('open') },
  { name: 'invitation-used', path: '/admin/invitation', seed: invitation('used') },
  { name: 'invitation-unknown', path: '/admin/invitation', seed: () => ({ fragment: newToken() }) },
  { name: 'invitation-replaced', path: '/admin/invitation', seed: invitation('withdrawn') },
  { name: 'loading', path: '/admin', beforeScripts: true },
  ...dashboardShots,
  { name: 'inbox', path: '/admin' },
  { name: 'inbox-empty', path: '/admin', seed: empty },
  { name: 'inbox-no-match', path: '/admin?q=blockchain' },
  { name: 'inbox-spam', path: '/admin?view=spam' },
  { name: 'lead-dead-notification', path: '/admin/leads/12' },
  { name: 'lead-with-history', path: '/admin/leads/10' },
  { name: 'lead-written-to-file', path: '/admin/leads/9' },
  // On PostgreSQL without SMTP_URL the email is kept in the database: the same lead, as that server answers.
  { name: 'lead-kept-in-database', path: '/admin/leads/9', before: keptInDatabase },
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
    before: async (page) => {
      await failNext(page, 'POST', '/leads/10/notes', 500, {
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
  { name: 'outbox-empty', path: '/admin/outbox', seed: empty },
  { name: 'subscribers', path: '/admin/subscribers' },
  {
    name: 'subscribers-remove-dialog',
    path: '/admin/subscribers',
    then: async (page) => {
      await page.getByRole('button', { name: 'Remove neha.gupta@example.com' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  ...campaignShots,
  ...settingsShots,
  ...teamShots,
  { name: 'activity', path: '/admin/activity' },
  { name: 'account', path: '/admin/account' },
  {
    name: 'account-one-passkey',
    path: '/admin/account',
    seed: (db) => ({ accountId: seedStaff(db, { onePasskey: true }).accountId }),
  },
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
    before: async (page) => {
      await failNext(page, 'GET', '/leads', 500, { message: 'The database could not be read.' });
    },
  },
  {
    name: 'error-offline',
    path: '/admin/activity',
    before: async (page) => {
      await disconnect(page, 'GET', '/activity');
    },
  },
];

interface Run {
  browser: Browser;
  server: StaffServer;
  db: StaffDatabase;
  width: number;
  outDir: string;
}

async function capture({ browser, server, db, width, outDir }: Run, shot: Shot) {
  db.reset();
  const seeded = (shot.seed ?? sample)(db);
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  try {
    if (seeded.accountId !== undefined) await signIn(db, context, server.url, seeded.accountId);
    const page = await context.newPage();
    await withoutPasskeyAutofill(page);
    await shot.before?.(page, seeded);
    if (shot.beforeScripts) await page.route('**/assets/*.js', () => undefined);
    const url = new URL(shot.path, server.url);
    if (seeded.fragment) url.hash = seeded.fragment;
    await page.goto(url.href, { waitUntil: shot.beforeScripts ? 'commit' : 'load' });
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
  } finally {
    await context.close();
  }
}

/**
 * Every shot at this width (or those whose name starts with `only`) into outDir, as <name>-<width>.png;
 * the server's database is overwritten.
 */
export async function captureInbox(
  browser: Browser,
  server: StaffServer,
  width: number,
  outDir: string,
  only = '',
) {
  mkdirSync(outDir, { recursive: true });
  const db = openStaffDatabase(server.databasePath);
  try {
    for (const shot of shots.filter(({ name }) => name.startsWith(only)))
      await capture({ browser, server, db, width, outDir }, shot);
  } finally {
    db.close();
  }
}
