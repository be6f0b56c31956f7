import type { Dashboard } from '../../../../common/inbox-api/dashboard-endpoints';
import { dashboardCopy } from '../../../content/admin-dashboard';
import { countOf } from '../format';
import { DashboardSection } from './dashboard-section';
import { formatDuration, formatNumber } from './dashboard-format';
import { OwnerTable, WithinTarget } from './owner-figures';

const copy = dashboardCopy.firstContact;

export function FirstContact({ figures }: { figures: Dashboard }) {
  const { medianMs, p90Ms, contacted, waiting, withinTarget, byOwner } = figures.leads.firstContact;
  const summary =
    medianMs === null
      ? copy.none
      : contacted === 1
        ? copy.single(formatDuration(medianMs))
        : copy.summary(countOf(contacted, 'lead'), formatDuration(medianMs), formatDuration(p90Ms));
  const items = [
    [copy.median, formatDuration(medianMs)],
    [copy.p90, formatDuration(p90Ms)],
    [copy.contacted, formatNumber(contacted)],
    [copy.waiting, formatNumber(waiting)],
  ] as const;
  return (
    <DashboardSection title={copy.title} summary={summary} wide>
      <p className="mt-1 text-sm text-slate-600">{copy.intro}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {items.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-slate-50 px-4 py-3">
            <dt className="text-sm font-medium text-slate-700">{label}</dt>
            <dd className="text-xl font-bold text-ink tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <WithinTarget within={withinTarget} />
      {waiting > 0 && (
        <p className="mt-3 text-sm text-slate-600">
          {countOf(waiting, 'lead')} of this period {waiting === 1 ? 'has' : 'have'} not been answered yet.
        </p>
      )}
      <OwnerTable owners={byOwner} />
    </DashboardSection>
  );
}
