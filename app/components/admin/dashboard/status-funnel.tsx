import type { Dashboard } from '../../../../common/inbox-api/dashboard-endpoints';
import { LEAD_STATUSES, type LeadStatus, leadStatusLabels } from '../../../../common/lead-domain';
import { dashboardCopy } from '../../../content/admin-dashboard';
import { countOf } from '../format';
import { BarList } from './bar-list';
import { ChartData, DashboardSection } from './dashboard-section';
import { formatNumber, formatRate, inTheLast } from './dashboard-format';

const copy = dashboardCopy.funnel;

/** The inbox's status colours (its badges), as bars. */
const statusTones: Record<LeadStatus, string> = {
  new: 'bg-sky-700',
  contacted: 'bg-amber-600',
  quoted: 'bg-violet-700',
  won: 'bg-emerald-700',
  lost: 'bg-slate-500',
};

export function StatusFunnel({ figures }: { figures: Dashboard }) {
  const { counts, total, winRate } = figures.leads.funnel;
  const summary =
    total === 0
      ? `No leads ${inTheLast(figures.period)}.`
      : `Of ${countOf(total, 'lead')} ${inTheLast(figures.period)}, ${formatNumber(counts.won)} won and ${formatNumber(counts.lost)} lost so far.`;
  return (
    <DashboardSection title={copy.title} summary={summary}>
      <div className="mt-4 rounded-lg bg-slate-50 px-4 py-3">
        <p className="text-sm font-medium text-slate-700">{copy.winRate}</p>
        <p className="text-2xl font-bold text-ink tabular-nums">{formatRate(winRate)}</p>
        <p className="mt-1 text-sm text-slate-600">{winRate === null ? copy.winRateNone : copy.winRateHow}</p>
      </div>
      <BarList
        bars={LEAD_STATUSES.map((status) => ({
          label: leadStatusLabels[status],
          value: counts[status],
          tone: statusTones[status],
        }))}
      />
      <ChartData
        caption={copy.caption}
        columns={[{ label: copy.status }, { label: copy.leads, numeric: true }]}
        rows={[
          ...LEAD_STATUSES.map((status) => [leadStatusLabels[status], formatNumber(counts[status])]),
          ['All', formatNumber(total)],
          [copy.winRate, formatRate(winRate)],
        ]}
      />
    </DashboardSection>
  );
}
