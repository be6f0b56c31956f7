/**
 * The dashboard: how the website is doing over a period (leads per week, by page, the status funnel,
 * time to first contact) and its visits, counted without cookies (daily totals per page, nothing that
 * identifies a visitor). One endpoint answers everything the page shows, so its figures agree.
 */
import { z } from 'zod';
import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD } from '../dashboard-domain.ts';
import { LEAD_STATUSES } from '../lead-domain.ts';
import { endpoint } from './endpoint.ts';

/** [start, end) as ISO 8601 UTC instants: local midnights in ADMIN_TIME_ZONE. */
const range = z.object({ start: z.string(), end: z.string() });

const statusCounts = z.object(
  Object.fromEntries(LEAD_STATUSES.map((status) => [status, z.number()])) as Record<
    (typeof LEAD_STATUSES)[number],
    z.ZodNumber
  >,
);

const dashboard = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  /** ADMIN_TIME_ZONE, in which days, weeks and months begin. */
  timeZone: z.string(),
  /** The period picked, and the one of the same length just before it (for "up 17% on the 30 before"). */
  current: range,
  previous: range,
  generatedAt: z.string(),
  leads: z.object({
    /** Leads (never spam) that arrived in the period, and in the period before. */
    total: z.number(),
    previousTotal: z.number(),
    /** The last 12 local weeks (Monday first), oldest first, whatever the period: the last is this week. */
    perWeek: z.array(z.object({ weekStart: z.string(), count: z.number() })),
    /** By the page the form was sent from, most first. */
    bySourcePage: z.array(z.object({ sourcePage: z.string(), count: z.number() })),
    /** Of the period's leads, how many are in each status now; win rate = won ÷ (won + lost), null when none is closed. */
    funnel: z.object({ counts: statusCounts, total: z.number(), winRate: z.number().nullable() }),
    /** From arrival to the first status change or note by a person; null when no lead of the period has one. */
    firstContact: z.object({
      medianMs: z.number().nullable(),
      p90Ms: z.number().nullable(),
      /** Leads of the period a person has answered, and those nobody has touched yet. */
      contacted: z.number(),
      waiting: z.number(),
      /** Leads of the period answered within FIRST_RESPONSE_MINUTES; null when that is 0 (off). */
      withinTarget: z.object({ minutes: z.number(), answered: z.number(), total: z.number() }).nullable(),
      /** Per owner (name null: unassigned), the most leads first. */
      byOwner: z.array(
        z.object({
          name: z.string().nullable(),
          leads: z.number(),
          contacted: z.number(),
          medianMs: z.number().nullable(),
        }),
      ),
    }),
  }),
  visits: z.object({
    /** Whether counting is on (VISIT_COUNTING), and whether it comes from the beacon (VISIT_BEACON). */
    counting: z.boolean(),
    beacon: z.boolean(),
    /** Every local day of the period, oldest first, zeros included ("YYYY-MM-DD"). */
    perDay: z.array(z.object({ day: z.string(), views: z.number(), visitors: z.number() })),
    /** Visitors are counted per day (a new salt each day), so a period's visitors are the sum of its days'. */
    views: z.number(),
    visitors: z.number(),
    previousViews: z.number(),
    previousVisitors: z.number(),
    /** Pages by views, most first, with the period's leads sent from each; conversion = leads ÷ visitors, null when 0 visitors. */
    topPages: z.array(
      z.object({
        path: z.string(),
        views: z.number(),
        visitors: z.number(),
        leads: z.number(),
        conversionRate: z.number().nullable(),
      }),
    ),
    /** Where views came from: the referrer's host, "direct" or "internal", most first (top 10). */
    sources: z.array(z.object({ source: z.string(), views: z.number(), visitors: z.number() })),
    /** Links that carried utm_source (and utm_campaign, "" when none), most first (top 10). */
    campaigns: z.array(
      z.object({ utmSource: z.string(), utmCampaign: z.string(), views: z.number(), visitors: z.number() }),
    ),
  }),
});
export type Dashboard = z.infer<typeof dashboard>;

export const dashboardEndpoints = {
  /** Everything the dashboard shows, for a period of the picker (30 days when none is given). */
  figures: endpoint({
    method: 'GET',
    path: '/dashboard',
    access: 'staff',
    query: z.object({ period: z.enum(DASHBOARD_PERIODS).default(DEFAULT_DASHBOARD_PERIOD) }),
    reply: dashboard,
    errors: [],
  }),
};
