import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadEventKind, LeadStatus } from '../../common/lead-domain.ts';
import { validateQuoteRequest } from '../../common/quote-request.ts';
import { sampleQuote } from '../../common/quote-sample.ts';
import { backfillFirstContact } from '../leads/first-contact-migrations.ts';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';
import { createLeadFigures, percentile } from './lead-figures.ts';
import { periodBounds } from '../time/period-bounds.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';

const ZONE = 'Asia/Kolkata'; // +05:30: local midnight is 18:30Z the day before.
/** Friday 27 November 2026, 11:30 in Kolkata; this local week began Monday 23 November (22 Nov 18:30Z). */
const NOW = new Date('2026-11-27T06:00:00.000Z');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface Seed {
  createdAt: string;
  sourcePage: string;
  status: LeadStatus;
  spam?: boolean;
  /** [after created_at (ms), actor (null = system), kind] */
  events?: [number, string | null, LeadEventKind][];
}

const STAFF = 'asha@acme.test';

// The lead's local day in Kolkata is in each comment.
const SEEDS: Record<string, Seed> = {
  // Sun 22 Nov 23:59:59.999: the previous week, and the last instant before this week.
  a: {
    createdAt: '2026-11-22T18:29:59.999Z',
    sourcePage: '/services',
    status: 'lost',
    // Marking spam (and back) is no answer to the customer; the status change 30 minutes in is.
    events: [
      [10 * MINUTE, STAFF, 'spam'],
      [20 * MINUTE, STAFF, 'not-spam'],
      [30 * MINUTE, STAFF, 'status'],
    ],
  },
  // Mon 23 Nov 00:00: this week's first instant.
  b: {
    createdAt: '2026-11-22T18:30:00.000Z',
    sourcePage: '/',
    status: 'contacted',
    events: [
      [5 * MINUTE, STAFF, 'retry'],
      [4 * HOUR, STAFF, 'note'],
    ],
  },
  // Fri 27 Nov, today: nobody has answered yet (only the system's delivery).
  c: {
    createdAt: '2026-11-27T05:00:00.000Z',
    sourcePage: '/contact',
    status: 'new',
    events: [[MINUTE, null, 'delivery']],
  },
  // Fri 20 Nov 23:59:59.999: the 7 days before the last 7.
  d: { createdAt: '2026-11-20T18:29:59.999Z', sourcePage: '/', status: 'new' },
  // Sat 21 Nov 00:00: the first instant of the last 7 days. The system's status change (a command) is no contact.
  e: {
    createdAt: '2026-11-20T18:30:00.000Z',
    sourcePage: '/services',
    status: 'won',
    events: [
      [MINUTE, null, 'delivery'],
      [2 * MINUTE, null, 'status'],
      [HOUR, STAFF, 'note'],
      [2 * HOUR, STAFF, 'status'],
    ],
  },
  // Spam, in this week: counted nowhere, even answered and won.
  spam1: {
    createdAt: '2026-11-25T10:00:00.000Z',
    sourcePage: '/contact',
    status: 'won',
    spam: true,
    events: [[MINUTE, STAFF, 'status']],
  },
  spam2: { createdAt: '2026-11-26T10:00:00.000Z', sourcePage: '/contact', status: 'new', spam: true },
  // Sun 6 Sep 23:59:59.999: a day before the 12 weeks.
  g: { createdAt: '2026-09-06T18:29:59.999Z', sourcePage: '/blog', status: 'new' },
  // Mon 7 Sep 00:00: the first of the 12 weeks.
  h: { createdAt: '2026-09-06T18:30:00.000Z', sourcePage: '/blog', status: 'new' },
  // Thu 29 Oct 00:00: the first instant of the last 30 days (week of 26 Oct).
  i: { createdAt: '2026-10-28T18:30:00.000Z', sourcePage: '/', status: 'quoted' },
  // Wed 28 Oct 23:59:59.999: the 30 days before (week of 26 Oct too).
  j: { createdAt: '2026-10-28T18:29:59.999Z', sourcePage: '/', status: 'won' },
  // Tue 1 Dec 2025 00:00 and Mon 30 Nov 2025 23:59:59.999: either side of the last 12 months.
  k: { createdAt: '2025-11-30T18:30:00.000Z', sourcePage: '/', status: 'new' },
  l: { createdAt: '2025-11-30T18:29:59.999Z', sourcePage: '/', status: 'new' },
};

describe('period bounds in the inbox time zone', () => {
  const iso = (bounds: ReturnType<typeof periodBounds>) => ({
    current: [bounds.current.start.toISOString(), bounds.current.end.toISOString()],
    previous: [bounds.previous.start.toISOString(), bounds.previous.end.toISOString()],
  });

  it('are whole local days, Monday weeks and calendar months, today included', () => {
    expect(iso(periodBounds('7d', NOW, ZONE))).toEqual({
      current: ['2026-11-20T18:30:00.000Z', '2026-11-27T18:30:00.000Z'],
      previous: ['2026-11-13T18:30:00.000Z', '2026-11-20T18:30:00.000Z'],
    });
    expect(iso(periodBounds('30d', NOW, ZONE))).toEqual({
      current: ['2026-10-28T18:30:00.000Z', '2026-11-27T18:30:00.000Z'],
      previous: ['2026-09-28T18:30:00.000Z', '2026-10-28T18:30:00.000Z'],
    });
    expect(iso(periodBounds('12w', NOW, ZONE))).toEqual({
      current: ['2026-09-06T18:30:00.000Z', '2026-11-29T18:30:00.000Z'],
      previous: ['2026-06-14T18:30:00.000Z', '2026-09-06T18:30:00.000Z'],
    });
    expect(iso(periodBounds('12m', NOW, ZONE))).toEqual({
      current: ['2025-11-30T18:30:00.000Z', '2026-11-30T18:30:00.000Z'],
      previous: ['2024-11-30T18:30:00.000Z', '2025-11-30T18:30:00.000Z'],
    });
  });

  it('follow the local day, not the UTC one, right after local midnight', () => {
    // 18:30Z on 27 Nov is already Saturday 28 Nov in Kolkata: the last 7 days move on by one.
    expect(iso(periodBounds('7d', new Date('2026-11-27T18:30:00.000Z'), ZONE)).current).toEqual([
      '2026-11-21T18:30:00.000Z',
      '2026-11-28T18:30:00.000Z',
    ]);
    expect(iso(periodBounds('7d', new Date('2026-11-27T18:29:59.999Z'), ZONE)).current).toEqual([
      '2026-11-20T18:30:00.000Z',
      '2026-11-27T18:30:00.000Z',
    ]);
  });

  it('keep local midnight across a daylight-saving change', () => {
    // Paris leaves summer time on Sunday 25 October 2026: 21 Oct starts at 22:00Z, 28 Oct at 23:00Z.
    expect(iso(periodBounds('7d', new Date('2026-10-27T12:00:00.000Z'), 'Europe/Paris')).current).toEqual([
      '2026-10-20T22:00:00.000Z',
      '2026-10-27T23:00:00.000Z',
    ]);
  });
});

describe('percentiles (nearest rank)', () => {
  it('are times that happened', () => {
    const tenths = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(percentile(tenths, 0.5)).toBe(5);
    expect(percentile(tenths, 0.9)).toBe(9);
    expect(percentile([7], 0.9)).toBe(7);
    expect(percentile([], 0.5)).toBeNull();
  });
});

describe(`the lead figures, on ${testDatabase}`, () => {
  let stores: Awaited<ReturnType<typeof openStores>>;
  let figures: ReturnType<typeof createLeadFigures>;

  beforeAll(async () => {
    stores = await openStores(testConfig());
    figures = createLeadFigures(stores.storage);
    const valid = validateQuoteRequest(sampleQuote());
    if (!valid.ok) throw new Error(JSON.stringify(valid.errors));
    await stores.storage.write.run(async (trx) => {
      for (const [name, seed] of Object.entries(SEEDS)) {
        const { id } = await tablesOf<LeadTables>(trx)
          .insertInto('quote_requests')
          .values({
            ...valid.value,
            name,
            reference: `Q-${name.toUpperCase()}`,
            created_at: seed.createdAt,
            source_page: seed.sourcePage,
            status: seed.status,
            spam: seed.spam ? 1 : 0,
            spam_at: seed.spam ? seed.createdAt : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (const [after, actor, kind] of seed.events ?? []) {
          await tablesOf<LeadTables>(trx)
            .insertInto('lead_events')
            .values({
              quote_request_id: id,
              at: new Date(Date.parse(seed.createdAt) + after).toISOString(),
              actor,
              kind,
              from_status: null,
              to_status: null,
              text: null,
            })
            .execute();
        }
      }
      // The events were written straight into the table, as before first_contact_ms existed: the
      // migration's backfill stores each lead's time to first contact from them.
      await backfillFirstContact(trx, testDatabase);
    });
  });
  afterAll(() => stores.close());

  const last7 = periodBounds('7d', NOW, ZONE);
  const last30 = periodBounds('30d', NOW, ZONE);

  it('counts leads per local week for 12 weeks, this week last, without spam', async () => {
    const weeks = await figures.perWeek(NOW, ZONE);
    expect(weeks.map((week) => week.weekStart)).toEqual([
      '2026-09-07',
      '2026-09-14',
      '2026-09-21',
      '2026-09-28',
      '2026-10-05',
      '2026-10-12',
      '2026-10-19',
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
    ]);
    // h; i and j; a, d and e (a is Sunday 23:59:59.999 local); b and c (b is Monday 00:00 local).
    expect(weeks.map((week) => week.count)).toEqual([1, 0, 0, 0, 0, 0, 0, 2, 0, 0, 3, 2]);
  });

  it('counts the leads of a period by the page they came from, most first', async () => {
    expect(await figures.bySourcePage(last7.current)).toEqual([
      { sourcePage: '/services', count: 2 },
      { sourcePage: '/', count: 1 },
      { sourcePage: '/contact', count: 1 },
    ]);
    expect(await figures.bySourcePage(last7.previous)).toEqual([{ sourcePage: '/', count: 1 }]);
    const year = periodBounds('12m', NOW, ZONE);
    expect(await figures.bySourcePage(year.current)).toEqual([
      { sourcePage: '/', count: 5 },
      { sourcePage: '/blog', count: 2 },
      { sourcePage: '/services', count: 2 },
      { sourcePage: '/contact', count: 1 },
    ]);
    expect(await figures.bySourcePage(year.previous)).toEqual([{ sourcePage: '/', count: 1 }]);
  });

  it('counts the status funnel of the leads of a period, and the win rate of those closed', async () => {
    expect(await figures.funnel(last30.current)).toEqual({
      counts: { new: 2, contacted: 1, quoted: 1, won: 1, lost: 1 },
      total: 6,
      winRate: 0.5,
    });
    // j alone, won; h is the first instant after this period.
    expect(await figures.funnel(last30.previous)).toEqual({
      counts: { new: 0, contacted: 0, quoted: 0, won: 1, lost: 0 },
      total: 1,
      winRate: 1,
    });
    // None closed: no win rate, rather than 0%.
    expect(await figures.funnel(last7.previous)).toEqual({
      counts: { new: 1, contacted: 0, quoted: 0, won: 0, lost: 0 },
      total: 1,
      winRate: null,
    });
  });

  it('measures the time to the first status change or note by a person', async () => {
    // e: a note after 1 h; a: a status change after 30 min; b: a note after 4 h; c: only the system's delivery.
    expect(await figures.firstContact(last7.current)).toEqual({
      medianMs: HOUR,
      p90Ms: 4 * HOUR,
      contacted: 3,
      waiting: 1,
    });
    expect(await figures.firstContact(last7.previous)).toEqual({
      medianMs: null,
      p90Ms: null,
      contacted: 0,
      waiting: 1,
    });
  });
});
