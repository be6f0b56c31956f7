import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../common/inbox-api/dashboard-endpoints.ts';
import { LEAD_STATUSES, type LeadStatus } from '../../common/lead-domain.ts';
import { validateQuoteRequest } from '../../common/quote-request.ts';
import { sampleQuote } from '../../common/quote-sample.ts';
import type { Config } from '../config/config.ts';
import { openStores } from '../stores.ts';
import { api, staffMember } from '../test/admin-client.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';
import { buildApp } from '../app.ts';
import type { FastifyInstance } from 'fastify';
import { tablesOf } from '../db/tables-of.ts';
import type { VisitTables } from '../visits/visit-tables.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

/**
 * The dashboard's answer for each period, checked against the tables: every expected figure is counted
 * here in JavaScript from the rows (and the periods' bounds are written out by hand), not by the SQL
 * the server runs. The inbox's zone is Asia/Kolkata (+05:30), where local midnight is 18:30Z.
 */
const ZONE = 'Asia/Kolkata';
/** Friday 27 November 2026, 11:30 in Kolkata. */
const NOW = Date.parse('2026-11-27T06:00:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** [current start, current end, previous start] (UTC) and the first and last local day of each. */
// prettier-ignore
const PERIODS = {
  '7d': { bounds: ['2026-11-20T18:30', '2026-11-27T18:30', '2026-11-13T18:30'], days: ['2026-11-21', '2026-11-27', '2026-11-14', '2026-11-20'] },
  '30d': { bounds: ['2026-10-28T18:30', '2026-11-27T18:30', '2026-09-28T18:30'], days: ['2026-10-29', '2026-11-27', '2026-09-29', '2026-10-28'] },
  '12w': { bounds: ['2026-09-06T18:30', '2026-11-29T18:30', '2026-06-14T18:30'], days: ['2026-09-07', '2026-11-29', '2026-06-15', '2026-09-06'] },
  '12m': { bounds: ['2025-11-30T18:30', '2026-11-30T18:30', '2024-11-30T18:30'], days: ['2025-12-01', '2026-11-30', '2024-12-01', '2025-11-30'] },
} as const;

const PAGES = ['/', '/services', '/services/', '/contact', '/blog/launch', 'unknown'];
const VISIT_PAGES = ['/', '/services', '/contact', '/blog/launch', '/about'];
const REFERRERS = ['direct', 'google.com', 'internal', 'bing.com', 'linkedin.com'];
const UTM = [
  ['', ''],
  ['newsletter', 'diwali'],
  ['newsletter', ''],
  ['facebook', 'launch'],
] as const;

interface SeedLead {
  createdAt: string;
  sourcePage: string;
  status: LeadStatus;
  spam: boolean;
  /** Staff answers after arrival (ms, kind), in order; a system status change first when `system`. */
  answers: [number, 'status' | 'note'][];
  system: boolean;
}

/** Many leads over two years, and some either side of each period's first local midnight. */
function seedLeads(): SeedLead[] {
  const leads: SeedLead[] = [];
  const times: number[] = [];
  for (let i = 0; i < 160; i++) times.push(NOW - i * (4.6 * DAY) - ((i * 7919) % DAY));
  for (const { bounds } of Object.values(PERIODS)) {
    for (const bound of [bounds[0], bounds[2]]) {
      const at = Date.parse(`${bound}:00.000Z`);
      times.push(at, at - 1);
    }
  }
  times.forEach((at, i) => {
    const answered = i % 3 !== 0;
    leads.push({
      createdAt: new Date(at).toISOString(),
      sourcePage: PAGES[i % PAGES.length] ?? '/',
      status: LEAD_STATUSES[(i * 3) % LEAD_STATUSES.length] ?? 'new',
      spam: i % 7 === 3,
      // A note then a status change: only the first counts. Times vary, so the percentiles do.
      answers: answered
        ? [
            [((i * 37) % 50) * 17 * MINUTE + MINUTE, i % 2 ? 'note' : 'status'],
            [3 * DAY, 'status'],
          ]
        : [],
      system: i % 4 === 1,
    });
  });
  return leads;
}

/** A deterministic count for a visit row, varied so that no two pages or sources tie. */
const visits = (day: number, a: number, b: number) => ((day * 31 + a * 101 + b * 7) % 53) + a * 13 + b + 1;

const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);
function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(first); dayString(at) <= last; at += DAY) days.push(dayString(at));
  return days;
}
const localDay = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: ZONE });
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const top = <T extends { views: number }>(rows: T[], name: (row: T) => string, n: number) =>
  rows.sort((a, b) => b.views - a.views || compare(name(a), name(b))).slice(0, n);

describe(`the dashboard's figures, on ${testDatabase}`, () => {
  let app: FastifyInstance;
  let config: Config;
  let cookie: string;
  let clock = NOW;
  let dir: string;

  beforeAll(async () => {
    // Its own app (testApp's closes after each test): seeded once, asked for each period.
    // Its own directory too: tempDir()'s is removed after the first test, and the database with it.
    dir = mkdtempSync(join(tmpdir(), 'dashboard-test-'));
    config = testConfig({ ADMIN_TIME_ZONE: ZONE }, dir);
    app = await buildApp({
      config,
      logger: false,
      startOutbox: false,
      startMaintenance: false,
      now: () => new Date(clock),
    });
    await app.ready();
    cookie = (await staffMember(app, config)).cookie;
    const stores = await openStores(config);
    const valid = validateQuoteRequest(sampleQuote());
    if (!valid.ok) throw new Error('sample');
    try {
      const answers: [number, number, 'status' | 'note'][] = [];
      for (const [i, lead] of seedLeads().entries()) {
        const { id } = await tablesOf<LeadTables>(stores.storage.db)
          .insertInto('quote_requests')
          .values({
            ...valid.value,
            reference: `Q-T${i}`,
            created_at: lead.createdAt,
            source_page: lead.sourcePage,
            status: lead.status,
            spam: lead.spam ? 1 : 0,
            spam_at: lead.spam ? lead.createdAt : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // The system's status change (a command) is no answer, even before a person's.
        if (lead.system) await stores.leads.setStatus(id, 'contacted', null);
        for (const [after, kind] of lead.answers) {
          const at = Date.parse(lead.createdAt) + after;
          if (at <= NOW) answers.push([at, id, kind]);
        }
      }
      // Staff answer through the inbox, at the time of each answer.
      for (const [at, id, kind] of answers.sort((a, b) => a[0] - b[0])) {
        clock = at;
        const body = kind === 'note' ? { text: 'Called back.' } : { status: 'quoted' };
        const reply = await api(app, config, 'POST', `/leads/${id}/${kind === 'note' ? 'notes' : 'status'}`, {
          cookie,
          body,
        });
        expect(reply.statusCode).toBe(200);
      }
      clock = NOW;
      const start = Date.parse('2024-11-20T00:00:00Z');
      const days = daysFrom(dayString(start), '2026-11-30').filter((_, d) => d % 5 !== 2);
      await tablesOf<VisitTables>(stores.storage.db)
        .insertInto('visit_days')
        .values(days.map((day, d) => ({ day, views: visits(d, 9, 1) * 5, visitors: visits(d, 9, 2) * 2 })))
        .execute();
      const pages = days.flatMap((day, d) =>
        VISIT_PAGES.map((path, p) => ({ day, path, views: visits(d, p, 3) * 2, visitors: visits(d, p, 0) })),
      );
      await tablesOf<VisitTables>(stores.storage.db).insertInto('visit_pages').values(pages).execute();
      const sources = days.flatMap((day, d) =>
        REFERRERS.flatMap((referrer, r) =>
          UTM.map(([utm_source, utm_campaign], u) => ({
            day,
            path: VISIT_PAGES[(d + r) % VISIT_PAGES.length] ?? '/',
            referrer,
            utm_source,
            utm_campaign,
            views: visits(d, r, u * 3),
            visitors: visits(d, r, u),
          })),
        ),
      );
      for (let from = 0; from < sources.length; from += 500) {
        await tablesOf<VisitTables>(stores.storage.db)
          .insertInto('visit_sources')
          .values(sources.slice(from, from + 500))
          .execute();
      }
    } finally {
      await stores.close();
    }
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const period of Object.keys(PERIODS) as (keyof typeof PERIODS)[]) {
    it(`answers every figure of ${period} as the tables say`, async () => {
      const reply = await api(app, config, 'GET', `/dashboard?period=${period}`, { cookie });
      expect(reply.statusCode).toBe(200);
      const figures = reply.json<Dashboard>();
      const { bounds, days } = PERIODS[period];
      const [start, end, previousStart] = bounds.map((bound) => `${bound}:00.000Z`) as [
        string,
        string,
        string,
      ];
      expect([figures.current, figures.previous]).toEqual([
        { start, end },
        { start: previousStart, end: start },
      ]);
      expect(figures.timeZone).toBe(ZONE);

      const stores = await openStores(config);
      try {
        const leads = (
          await tablesOf<LeadTables>(stores.storage.db).selectFrom('quote_requests').selectAll().execute()
        ).filter((lead) => lead.spam === 0);
        const events = await tablesOf<LeadTables>(stores.storage.db)
          .selectFrom('lead_events')
          .selectAll()
          .execute();
        const inRange = (from: string, to: string) =>
          leads.filter((lead) => lead.created_at >= from && lead.created_at < to);
        const current = inRange(start, end);
        expect(figures.leads.total).toBe(current.length);
        expect(figures.leads.previousTotal).toBe(inRange(previousStart, start).length);

        // Weeks by the local date of each lead, Monday first.
        const weekOf = (day: string) =>
          dayString(Date.parse(day) - ((new Date(day).getUTCDay() + 6) % 7) * DAY);
        const weeks = daysFrom('2026-09-07', '2026-11-23').filter((_, d) => d % 7 === 0);
        expect(figures.leads.perWeek).toEqual(
          weeks.map((weekStart) => ({
            weekStart,
            count: leads.filter((lead) => weekOf(localDay(lead.created_at)) === weekStart).length,
          })),
        );

        const byPage = new Map<string, number>();
        for (const lead of current) byPage.set(lead.source_page, (byPage.get(lead.source_page) ?? 0) + 1);
        expect(figures.leads.bySourcePage).toEqual(
          [...byPage]
            .map(([sourcePage, count]) => ({ sourcePage, count }))
            .sort((a, b) => b.count - a.count || compare(a.sourcePage, b.sourcePage)),
        );
        const counts = Object.fromEntries(
          LEAD_STATUSES.map((status) => [status, current.filter((lead) => lead.status === status).length]),
        );
        const closed = (counts.won ?? 0) + (counts.lost ?? 0);
        expect(figures.leads.funnel).toEqual({
          counts,
          total: current.length,
          winRate: closed === 0 ? null : (counts.won ?? 0) / closed,
        });

        // From each lead's events: its first status change or note by a person.
        const times = current.flatMap((lead) => {
          const answers = events
            .filter(
              (e) =>
                e.quote_request_id === lead.id && e.actor !== null && ['status', 'note'].includes(e.kind),
            )
            .map((e) => Date.parse(e.at));
          return answers.length ? [Math.min(...answers) - Date.parse(lead.created_at)] : [];
        });
        times.sort((a, b) => a - b);
        const rank = (p: number) => times[Math.ceil(p * times.length) - 1] ?? null;
        expect(figures.leads.firstContact).toEqual({
          medianMs: rank(0.5),
          p90Ms: rank(0.9),
          contacted: times.length,
          waiting: current.length - times.length,
          withinTarget: {
            minutes: 240,
            answered: times.filter((ms) => ms <= 240 * 60_000).length,
            total: current.length,
          },
          // The fixture's leads have no owner: one row, "Unassigned".
          byOwner: [{ name: null, leads: current.length, contacted: times.length, medianMs: rank(0.5) }],
        });
        expect(times.length).toBeGreaterThan(0);

        const dayRows = await tablesOf<VisitTables>(stores.storage.db)
          .selectFrom('visit_days')
          .selectAll()
          .execute();
        const periodDays = daysFrom(days[0], days[1]);
        const sum = (list: string[], key: 'views' | 'visitors') =>
          dayRows.filter((row) => list.includes(row.day)).reduce((total, row) => total + row[key], 0);
        expect(figures.visits.perDay).toEqual(
          periodDays.map((day) => {
            const row = dayRows.find((r) => r.day === day);
            return { day, views: row?.views ?? 0, visitors: row?.visitors ?? 0 };
          }),
        );
        expect(figures.visits.perDay.some((day) => day.views === 0)).toBe(true);
        const previousDays = daysFrom(days[2], days[3]);
        expect(figures.visits).toMatchObject({
          counting: config.visits.counting,
          views: sum(periodDays, 'views'),
          visitors: sum(periodDays, 'visitors'),
          previousViews: sum(previousDays, 'views'),
          previousVisitors: sum(previousDays, 'visitors'),
        });

        const inPeriod = (row: { day: string }) => row.day >= days[0] && row.day <= days[1];
        const pageRows = (
          await tablesOf<VisitTables>(stores.storage.db).selectFrom('visit_pages').selectAll().execute()
        ).filter(inPeriod);
        const pages = VISIT_PAGES.map((path) => {
          const rows = pageRows.filter((row) => row.path === path);
          const visitors = rows.reduce((total, row) => total + row.visitors, 0);
          // "/services/" is the page "/services": the site serves both.
          const pageLeads = current.filter(
            (lead) => lead.source_page.replace(/(.)\/$/, '$1') === path,
          ).length;
          return {
            path,
            views: rows.reduce((total, row) => total + row.views, 0),
            visitors,
            leads: pageLeads,
            conversionRate: visitors === 0 ? null : pageLeads / visitors,
          };
        });
        expect(figures.visits.topPages).toEqual(top(pages, (page) => page.path, 20));
        expect(figures.visits.topPages.find((page) => page.path === '/services')?.leads).toBeGreaterThan(0);

        const sourceRows = (
          await tablesOf<VisitTables>(stores.storage.db).selectFrom('visit_sources').selectAll().execute()
        ).filter(inPeriod);
        const group = (key: (row: (typeof sourceRows)[number]) => string) => {
          const totals = new Map<string, { views: number; visitors: number }>();
          for (const row of sourceRows) {
            const total = totals.get(key(row)) ?? { views: 0, visitors: 0 };
            totals.set(key(row), { views: total.views + row.views, visitors: total.visitors + row.visitors });
          }
          return [...totals].map(([name, total]) => ({ name, ...total }));
        };
        expect(figures.visits.sources).toEqual(
          top(
            group((row) => row.referrer),
            (row) => row.name,
            10,
          ).map(({ name, ...total }) => ({ source: name, ...total })),
        );
        const campaigns = group((row) =>
          row.utm_source === '' ? '' : `${row.utm_source}\t${row.utm_campaign}`,
        )
          .filter((row) => row.name !== '')
          .map(({ name, ...total }) => {
            const [utmSource = '', utmCampaign = ''] = name.split('\t');
            return { utmSource, utmCampaign, ...total };
          });
        expect(figures.visits.campaigns).toEqual(
          top(campaigns, (row) => `${row.utmSource}\t${row.utmCampaign}`, 10),
        );
        expect(figures.visits.campaigns).toHaveLength(3);
      } finally {
        await stores.close();
      }
    });
  }

  it('refuses a period the picker does not have, and anyone not signed in', async () => {
    expect((await api(app, config, 'GET', '/dashboard?period=1y', { cookie })).statusCode).toBe(400);
    expect((await api(app, config, 'GET', '/dashboard?period=7d')).statusCode).toBe(401);
  });
});
