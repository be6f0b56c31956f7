import type { Dashboard } from '../../../../common/inbox-api/dashboard-endpoints';
import { dashboardCopy } from '../../../content/admin-dashboard';
import { Chart } from './chart';
import { chartColours } from './chart-colours';
import { ChartData, DashboardSection } from './dashboard-section';
import { formatDay, formatLongDay, formatNumber, leadsSummary } from './dashboard-format';

const copy = dashboardCopy.leadsPerWeek;

/** This week and the one before, side by side, large: the comparison staff look for first. */
function TwoWeeks({ thisWeek, previousWeek }: { thisWeek: number; previousWeek: number }) {
  const figures = [
    [copy.thisWeek, thisWeek],
    [copy.previousWeek, previousWeek],
  ] as const;
  return (
    <dl className="mt-4 flex flex-wrap gap-3">
      {figures.map(([label, value]) => (
        <div key={label} className="min-w-32 rounded-lg bg-brand-50 px-4 py-2">
          <dt className="text-sm font-medium text-brand-900">{label}</dt>
          <dd className="text-2xl font-bold text-brand-900 tabular-nums">{formatNumber(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function LeadsPerWeek({ figures }: { figures: Dashboard }) {
  const { perWeek, total, previousTotal } = figures.leads;
  const last = perWeek.length - 1;
  const thisWeek = perWeek[last]?.count ?? 0;
  const previousWeek = perWeek[last - 1]?.count ?? 0;
  // The two weeks compared are drawn darker: a second series holds them, the first the ten before.
  const earlier = perWeek.map((week, at) => (at < last - 1 ? week.count : null));
  const recent = perWeek.map((week, at) => (at >= last - 1 ? week.count : null));
  return (
    <DashboardSection title={copy.title} summary={leadsSummary(total, previousTotal, figures.period)} wide>
      <TwoWeeks thisWeek={thisWeek} previousWeek={previousWeek} />
      <Chart
        kind="bars"
        xLabels={perWeek.map((week) => formatDay(week.weekStart))}
        series={[
          { label: copy.leads, values: earlier, colour: chartColours.secondary },
          {
            label: `${copy.thisWeek} and ${copy.previousWeek.toLowerCase()}`,
            values: recent,
            colour: chartColours.primary,
          },
        ]}
      />
      <ChartData
        caption={copy.caption}
        columns={[{ label: copy.week }, { label: copy.leads, numeric: true }]}
        rows={perWeek.map((week, at) => [
          at === last
            ? `${formatLongDay(week.weekStart)} (${copy.thisWeek.toLowerCase()})`
            : formatLongDay(week.weekStart),
          formatNumber(week.count),
        ])}
      />
    </DashboardSection>
  );
}
