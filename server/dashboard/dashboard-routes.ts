import type { FastifyInstance } from 'fastify';
import { type Dashboard, dashboardEndpoints } from '../../common/inbox-api/dashboard-endpoints.ts';
import { createLeadFigures } from './lead-figures.ts';
import { periodBounds } from '../time/period-bounds.ts';
import { createVisitFigures } from '../visits/visit-figures.ts';
import type { Storage } from '../db/database.ts';
import type { AccountRepository } from '../accounts/account-repository.ts';
import { registerEndpoint } from '../accounts/register-endpoint.ts';
import { ownerShown, staffNames } from '../accounts/staff-names.ts';
import { ownerFiguresOf } from '../leads/owner-figures.ts';

export interface DashboardRoutesOptions {
  storage: Storage;
  /** ADMIN_TIME_ZONE: where days, weeks and months begin. */
  timeZone: string;
  visits: { counting: boolean; beacon: boolean };
  /** FIRST_RESPONSE_MINUTES in milliseconds: the share answered within it (0: not shown). */
  firstResponseMs: number;
  /** The owners' names. */
  accounts: Pick<AccountRepository, 'emails'>;
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
    // Started together: on PostgreSQL each takes a connection of the pool and they overlap (a year's
    // figures in about half the time); on SQLite they share one connection and run one after another.
    const currentLeads = leads.ofPeriod(bounds.current);
    const [perWeek, current, previousTotal, visitFigures, owners, names] = await Promise.all([
      leads.perWeek(at, timeZone),
      currentLeads,
      leads.total(bounds.previous),
      visits.ofPeriod(
        bounds,
        timeZone,
        currentLeads.then((figures) => figures.bySourcePage),
      ),
      ownerFiguresOf(options.storage, bounds.current, options.firstResponseMs),
      staffNames(options.accounts),
    ]);
    const firstContact = {
      ...current.firstContact,
      withinTarget: owners.withinTarget && {
        minutes: options.firstResponseMs / 60_000,
        ...owners.withinTarget,
      },
      byOwner: owners.byOwner
        .map(({ ownerId, ...figures }) => ({ name: ownerShown(ownerId, names)?.name ?? null, ...figures }))
        .sort((a, b) => b.leads - a.leads),
    };
    return {
      period,
      timeZone,
      current: iso(bounds.current),
      previous: iso(bounds.previous),
      generatedAt: at.toISOString(),
      leads: { total: current.funnel.total, previousTotal, perWeek, ...current, firstContact },
      visits: { counting: options.visits.counting, beacon: options.visits.beacon, ...visitFigures },
    };
  });
}
