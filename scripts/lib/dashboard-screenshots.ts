/**
 * The Dashboard's shots: its lead figures as the server counts them from the sample inbox, and its visits
 * answered in the browser with a sample month (the server may not count visits yet, and a screenshot needs
 * days of them), with counting off, and with every Data table open.
 */
import type { Page } from '@playwright/test';
import type { Dashboard } from '../../common/inbox-api/dashboard-endpoints.ts';
import { seedSampleInbox } from '../../e2e/support/staff-sample.ts';
import type { StaffDatabase } from '../../e2e/support/staff-seed.ts';
import type { Seeded, Shot } from './inbox-shot.ts';

const DAY = 86_400_000;
const kolkataDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

/**
 * The sample inbox moved to today: its leads arrived days before a fixed date in 2025, which no period
 * of the picker reaches any more. Their arrivals and their events keep their distance from now.
 */
function recentSample(db: StaffDatabase): Seeded {
  const { accountId } = seedSampleInbox(db);
  const [latest] = db.query<{ at: string }>('select max(created_at) as at from quote_requests');
  const shift = Date.now() - 3_600_000 - Date.parse(latest?.at ?? new Date().toISOString());
  const moved = (iso: string) => new Date(Date.parse(iso) + shift).toISOString();
  for (const lead of db.query<{ id: number; created_at: string }>(
    'select id, created_at from quote_requests',
  ))
    db.run('update quote_requests set created_at = ? where id = ?', moved(lead.created_at), lead.id);
  for (const event of db.query<{ id: number; at: string }>('select id, at from lead_events'))
    db.run('update lead_events set at = ? where id = ?', moved(event.at), event.id);
  // The sample's events are written straight into the table: each lead's time to first contact from them,
  // as the migration's backfill does (a person's first status change or note).
  for (const lead of db.query<{ id: number; created_at: string; first: string | null }>(
    `select id, created_at, (select min(at) from lead_events e where e.quote_request_id = q.id
       and e.actor is not null and e.kind in ('status', 'note')) as first from quote_requests q`,
  ))
    if (lead.first)
      db.run(
        'update quote_requests set first_contact_ms = ? where id = ?',
        Date.parse(lead.first) - Date.parse(lead.created_at),
        lead.id,
      );
  return { accountId };
}

/** Every day of the period, oldest first, with visitors that rise and fall over the week. */
function sampleVisits(figures: Dashboard): Dashboard['visits'] {
  const start = Date.parse(figures.current.start);
  const days = Math.round((Date.parse(figures.current.end) - start) / DAY);
  const perDay = Array.from({ length: days }, (_, at) => {
    const visitors = 18 + ((at * 37) % 17) + (at % 7 < 5 ? 12 : 0);
    return {
      day: kolkataDay.format(new Date(start + (at + 0.5) * DAY)),
      visitors,
      views: visitors * 2 + (at % 5),
    };
  });
  const visitors = perDay.reduce((sum, day) => sum + day.visitors, 0);
  const views = perDay.reduce((sum, day) => sum + day.views, 0);
  // The leads per page are the server's (the same figure as "Leads by page"); only the visits are made up.
  const leadsOf = new Map(figures.leads.bySourcePage.map((row) => [row.sourcePage, row.count]));
  const page = (path: string, share: number) => {
    const pageVisitors = Math.round(visitors * share);
    const leads = leadsOf.get(path) ?? 0;
    return {
      path,
      views: Math.round(views * share),
      visitors: pageVisitors,
      leads,
      conversionRate: leads / pageVisitors,
    };
  };
  return {
    counting: true,
    beacon: false,
    perDay,
    views,
    visitors,
    previousViews: Math.round(views * 0.85),
    previousVisitors: Math.round(visitors * 0.85),
    topPages: [page('/', 0.46), page('/services', 0.21), page('/contact', 0.12), page('/about', 0.08)],
    sources: [
      { source: 'google.com', views: Math.round(views * 0.48), visitors: Math.round(visitors * 0.5) },
      { source: 'direct', views: Math.round(views * 0.3), visitors: Math.round(visitors * 0.3) },
      { source: 'linkedin.com', views: Math.round(views * 0.12), visitors: Math.round(visitors * 0.12) },
    ],
    campaigns: [{ utmSource: 'newsletter', utmCampaign: 'november-2026', views: 48, visitors: 31 }],
  };
}

/** The dashboard's answer with its visits replaced. */
function answerVisits(visits: (figures: Dashboard) => Dashboard['visits']) {
  return async (page: Page) => {
    await page.route(/\/admin\/api\/dashboard(\?|$)/, async (route) => {
      const response = await route.fetch();
      const figures = (await response.json()) as Dashboard;
      await route.fulfill({ response, json: { ...figures, visits: visits(figures) } });
    });
  };
}

/** Waits until uPlot has drawn the charts shown. */
async function chartsDrawn(page: Page) {
  await page.locator('main canvas').first().waitFor();
}

export const dashboardShots: Shot[] = [
  {
    name: 'dashboard',
    path: '/admin/dashboard',
    seed: recentSample,
    before: answerVisits(sampleVisits),
    then: chartsDrawn,
  },
  { name: 'dashboard-no-visits-yet', path: '/admin/dashboard?period=7d', then: chartsDrawn },
  {
    name: 'dashboard-counting-off',
    path: '/admin/dashboard?period=12m',
    before: answerVisits((figures) => ({ ...figures.visits, counting: false })),
    then: chartsDrawn,
  },
  {
    name: 'dashboard-data-open',
    path: '/admin/dashboard?period=12w',
    seed: recentSample,
    before: answerVisits(sampleVisits),
    then: async (page) => {
      await chartsDrawn(page);
      for (const summary of await page.locator('main summary').all()) await summary.click();
    },
  },
];
