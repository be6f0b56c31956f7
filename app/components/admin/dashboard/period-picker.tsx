import { Link } from 'react-router';
import { inboxPaths } from '../../../../common/inbox-paths';
import {
  DASHBOARD_PERIOD_LABELS,
  DASHBOARD_PERIODS,
  DEFAULT_DASHBOARD_PERIOD,
  type DashboardPeriod,
} from '../../../../common/dashboard-domain';
import { dashboardCopy } from '../../../content/admin-dashboard';

/** The dashboard's address for a period: the default one has none, so /admin/dashboard is the usual view. */
const dashboardHref = (period: DashboardPeriod) =>
  period === DEFAULT_DASHBOARD_PERIOD ? inboxPaths.dashboard : `${inboxPaths.dashboard}?period=${period}`;

/**
 * The periods as links drawn as one segmented control: each has its own address (so a reload or a shared
 * link keeps it), the one shown is marked with aria-current, and Tab reaches each.
 */
export function PeriodPicker({ current }: { current: DashboardPeriod }) {
  return (
    <nav aria-label={dashboardCopy.periodLabel}>
      <ul className="inline-flex flex-wrap rounded-lg border border-slate-300 bg-white p-0.5">
        {DASHBOARD_PERIODS.map((period) => {
          const selected = period === current;
          return (
            <li key={period}>
              <Link
                to={dashboardHref(period)}
                aria-current={selected ? 'page' : undefined}
                className={`inline-flex min-h-10 items-center rounded-md px-2.5 text-sm sm:px-3 font-medium whitespace-nowrap ${
                  selected ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100 hover:text-ink'
                }`}
              >
                {DASHBOARD_PERIOD_LABELS[period]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
