import type { FastifyInstance } from 'fastify';
import { type Dashboard, dashboardEndpoints } from '../../common/inbox-api/dashboard-endpoints.ts';
import { createLeadFigures } from '../dashboard/lead-figures.ts';
import { periodBounds } from '../dashboard/period-bounds.ts';
import { createVisitFigures } from '../dashboard/visit-figures.ts';
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
  const visits = createVisitFigures(options.storage);

  registerEndpoint(app, dashboardEndpoints.figures, async ({ query: { period } }): Promise<Dashboard> => {
    const at = now();
    const bounds = periodBounds(period, at, timeZone);
    // One after the other: on SQLite the queries share one connection, so Promise.all would not overlap them.
    const perWeek = await leads.perWeek(at, timeZone);
    const current = await leads.ofPeriod(bounds.current);
    const previousTotal = await leads.total(bounds.previous);
    const visitFigures = await visits.ofPeriod(bounds, timeZone, current.bySourcePage);
    return {
      period,
      timeZone,
      current: iso(bounds.current),
      previous: iso(bounds.previous),
      generatedAt: at.toISOString(),
      leads: { total: current.funnel.total, previousTotal, perWeek, ...current },
      visits: { counting: options.visits.counting, beacon: options.visits.beacon, ...visitFigures },
    };
  });
}
