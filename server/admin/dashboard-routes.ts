import type { FastifyInstance } from 'fastify';
import { type Dashboard, dashboardEndpoints } from '../../common/inbox-api/dashboard-endpoints.ts';
import { createLeadFigures } from '../dashboard/lead-figures.ts';
import { periodBounds } from '../dashboard/period-bounds.ts';
import type { Storage } from '../db/database.ts';
import { registerEndpoint } from './register-endpoint.ts';

export interface DashboardRoutesOptions {
  storage: Storage;
  /** ADMIN_TIME_ZONE: where days, weeks and months begin. */
  timeZone: string;
  visits: { counting: boolean; beacon: boolean };
  now: () => Date;
}

const iso = (range: { start: Date; end: Date }) => ({
  start: range.start.toISOString(),
  end: range.end.toISOString(),
});

/** The dashboard's one endpoint: every figure of a period, read in SQL (server/dashboard/). */
export async function dashboardRoutes(app: FastifyInstance, options: DashboardRoutesOptions) {
  const { timeZone, now } = options;
  const leads = createLeadFigures(options.storage);

  registerEndpoint(app, dashboardEndpoints.figures, async ({ query: { period } }): Promise<Dashboard> => {
    const at = now();
    const bounds = periodBounds(period, at, timeZone);
    const [perWeek, bySourcePage, funnel, firstContact, previousFunnel] = await Promise.all([
      leads.perWeek(at, timeZone),
      leads.bySourcePage(bounds.current),
      leads.funnel(bounds.current),
      leads.firstContact(bounds.current),
      leads.funnel(bounds.previous),
    ]);
    return {
      period,
      timeZone,
      current: iso(bounds.current),
      previous: iso(bounds.previous),
      generatedAt: at.toISOString(),
      leads: {
        total: funnel.total,
        previousTotal: previousFunnel.total,
        perWeek,
        bySourcePage,
        funnel,
        firstContact,
      },
      // TODO(visits): the visit figures (server/dashboard/visit-figures.ts) replace these zeros.
      visits: {
        counting: options.visits.counting,
        beacon: options.visits.beacon,
        perDay: [],
        views: 0,
        visitors: 0,
        previousViews: 0,
        previousVisitors: 0,
        topPages: [],
        sources: [],
        campaigns: [],
      },
    };
  });
}
