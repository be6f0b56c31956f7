/**
 * The campaign shots of the inbox: the list, a draft with its preview, the send dialog, and campaigns sending,
 * paused and sent, with figures as the sender gives them, so each state shows at any moment.
 */
import type { Page } from '@playwright/test';
import { seedCampaign, seedCampaignsInEveryState } from '../../e2e/support/campaign-sample.ts';
import type { StaffDatabase } from '../../e2e/support/staff-seed.ts';
import { empty, sample, type Seeded, type Shot } from './inbox-shot.ts';

/** Figures as the sender gives them, fixed so a shot shows the same state whenever it is taken: a campaign's progress and its list row. */
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

export const campaignShots: Shot[] = [
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
];
