/**
 * Screenshots of the inbox (/admin): every page and the states staff meet, against the built server as the
 * staff e2e specs run it (e2e/support/staff-server.ts). Before each shot its database is emptied and
 * seeded (e2e/support/staff-sample.ts) and the browser signed in with a seeded session; only failures the
 * server would not give on cue are injected in the browser (e2e/support/api-faults.ts).
 */
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { disconnect, failNext, withoutPasskeyAutofill } from '../../e2e/support/api-faults.ts';
import { seedCampaign, seedCampaignsInEveryState } from '../../e2e/support/campaign-sample.ts';
import { addVirtualAuthenticator } from '../../e2e/support/passkeys.ts';
import { seedSampleInbox, seedStaff, STAFF_EMAIL } from '../../e2e/support/staff-sample.ts';
import {
  openStaffDatabase,
  type PasskeyKey,
  seedInvitation,
  signIn,
  type StaffDatabase,
} from '../../e2e/support/staff-seed.ts';
import type { StaffServer } from '../../e2e/support/staff-server.ts';
import { newToken } from '../../server/security/tokens.ts';

/** What a shot seeded: the account the browser is signed in as (none: signed out), and more it needs. */
interface Seeded {
  accountId?: number;
  /** Meera's laptop passkey, for a virtual authenticator. */
  laptop?: PasskeyKey;
  /** The address's #fragment: an invitation's token. */
  fragment?: string;
}

/** Answers the lead's page as a PostgreSQL server without SMTP_URL does: its email kept in the database. */
async function keptInDatabase(page: Page) {
  await page.route(/\/admin\/api\/leads\/\d+$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replaceAll('"keptIn":"file"', '"keptIn":"database"');
    await route.fulfill({ response, body });
  });
}

/** Figures the sender would give (it is not in this server yet): a campaign's progress and its list row. */
const figures = {
  sending: {
    recipients: 1204,
    sent: 782,
    waiting: 398,
    failed: 24,
    bounced: 6,
    unsubscribedSince: 1,
    secondsLeft: 398,
  },
  paused: {
    recipients: 312,
    sent: 140,
    waiting: 162,
    failed: 10,
    bounced: 0,
    unsubscribedSince: 0,
    secondsLeft: 162,
  },
  sent: {
    recipients: 1188,
    sent: 1171,
    waiting: 0,
    failed: 17,
    bounced: 9,
    unsubscribedSince: 4,
    secondsLeft: null,
  },
  cancelled: {
    recipients: 1190,
    sent: 45,
    waiting: 0,
    failed: 0,
    bounced: 0,
    unsubscribedSince: 0,
    secondsLeft: null,
  },
} as const;

const failures = [
  {
    email: 'ravi.k@oldmail.example',
    error: '550 5.1.1 <ravi.k@oldmail.example>: Recipient address rejected: User unknown',
    attempts: 1,
    at: '2025-11-23T10:20:00.000Z',
    bounced: true,
    retrying: false,
  },
  {
    email: 'accounts@busy-isp.example',
    error: '421 4.7.0 Too many connections, try again later',
    attempts: 3,
    at: '2025-11-23T10:31:00.000Z',
    bounced: false,
    retrying: true,
  },
];

/** Answers the campaign calls as a server with the sender would, over what this one answers. */
async function withSendingFigures(page: Page) {
  await page.route(/\/admin\/api\/campaigns(\/\d+)?$/, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    const withFigures = (campaign: Record<string, unknown>) => {
      const shown = figures[campaign.status as keyof typeof figures] as (typeof figures)['sent'] | undefined;
      if (!shown) return campaign;
      const { recipients, sent, failed } = shown;
      return {
        ...campaign,
        recipients,
        sent,
        failed,
        ...('progress' in campaign ? { progress: { ...shown, ratePerMinute: 60 } } : {}),
      };
    };
    const list = body.campaigns as Record<string, unknown>[] | undefined;
    await route.fulfill({
      response,
      json: list ? { campaigns: list.map(withFigures) } : withFigures(body),
    });
  });
  await page.route(/\/admin\/api\/campaigns\/\d+\/failures$/, (route) =>
    route.fulfill({ json: { failures, total: failures.length } }),
  );
  await page.route(/\/admin\/api\/campaigns\/audience$/, (route) =>
    route.fulfill({ json: { confirmed: 1204 } }),
  );
}

/**
 * The preview frame has drawn the email (its sandbox lets no script in to say so: a moment's wait). The
 * frame's document runs in a process of its own (an opaque origin), which a full-page capture leaves
 * blank below the viewport: the viewport is made as tall as the page.
 */
async function previewDrawn(page: Page) {
  await page.locator('iframe[title^="Email preview"]').waitFor();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const width = page.viewportSize()?.width ?? 1280;
  await page.setViewportSize({ width, height });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
}

/** The sample inbox with one draft campaign. */
const sampleWithDraft = (db: StaffDatabase): Seeded => {
  const seeded = sample(db);
  seedCampaign(db);
  return seeded;
};

/** The sample inbox with a campaign in each state. */
const campaigns = (db: StaffDatabase): Seeded => {
  const seeded = sample(db);
  seedCampaignsInEveryState(db);
  return seeded;
};

interface Shot {
  name: string;
  path: string;
  /** Fills the emptied database: by default the sample inbox, signed in as Meera. */
  seed?: (db: StaffDatabase) => Seeded;
  /** Before the page opens (a failing call, say). */
  before?: (page: Page, seeded: Seeded) => Promise<void>;
  /** Once it is open (open a dialog, press a button). */
  then?: (page: Page) => Promise<void>;
  /** What the app shell shows before its scripts run (they are held back). */
  beforeScripts?: boolean;
}

const sample = (db: StaffDatabase): Seeded => ({ accountId: seedSampleInbox(db).accountId });
/** The sample inbox, nobody signed in. */
const signedOut = (db: StaffDatabase): Seeded => ({ laptop: seedSampleInbox(db).laptop });
/** Meera's account and nothing else: no leads, no email, no subscribers, no activity. */
const empty = (db: StaffDatabase): Seeded => ({ accountId: seedStaff(db).accountId });
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
  { name: 'campaigns-empty', path: '/admin/campaigns', seed: empty },
  { name: 'campaigns', path: '/admin/campaigns', seed: campaigns, before: withSendingFigures },
  { name: 'campaign-new', path: '/admin/campaigns/new' },
  {
    name: 'campaign-draft',
    path: '/admin/campaigns/1',
    seed: sampleWithDraft,
    before: withSendingFigures,
    then: previewDrawn,
  },
  {
    name: 'campaign-send-dialog',
    path: '/admin/campaigns/1',
    seed: sampleWithDraft,
    before: withSendingFigures,
    then: async (page) => {
      await page.getByRole('button', { name: 'Send now' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'campaign-sending',
    path: '/admin/campaigns/4',
    seed: campaigns,
    before: withSendingFigures,
    then: previewDrawn,
  },
  {
    name: 'campaign-paused',
    path: '/admin/campaigns/3',
    seed: campaigns,
    before: withSendingFigures,
    then: previewDrawn,
  },
  {
    name: 'campaign-sent',
    path: '/admin/campaigns/1',
    seed: campaigns,
    before: withSendingFigures,
    then: previewDrawn,
  },
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
