import type { Dashboard } from '../../../../common/inbox-api/dashboard-endpoints';
import { dashboardCopy } from '../../../content/admin-dashboard';
import { countOf } from '../format';
import { Chart } from './chart';
import { chartColours } from './chart-colours';
import { ChartData, DashboardSection, FigureTable } from './dashboard-section';
import { pageNameOf } from './page-names';
import { changeOn, formatDay, formatLongDay, formatNumber, formatRate, inTheLast } from './dashboard-format';

const copy = dashboardCopy.visits;
type Visits = Dashboard['visits'];

/**
 * "45 visitors and 120 page views in the last 30 days; visitors up 17% on the 30 before.", or ", none in
 * the 30 before." when nobody was counted then.
 */
function visitsSummary(visits: Visits, period: Dashboard['period']): string {
  if (!visits.counting) return copy.off;
  if (visits.views === 0 && visits.previousViews === 0) return copy.empty;
  const counts = `${countOf(visits.visitors, 'visitor')} and ${countOf(visits.views, 'page view')}`;
  const change = changeOn(visits.visitors, visits.previousVisitors, period);
  return `${counts} ${inTheLast(period)}${visits.previousVisitors === 0 ? ', ' : '; visitors '}${change}.`;
}

const figure = formatNumber;

function VisitTables({ visits }: { visits: Visits }) {
  return (
    <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <FigureTable
          caption={copy.topPages}
          columns={[
            { label: copy.page },
            { label: copy.views, numeric: true },
            { label: copy.visitors, numeric: true },
            { label: copy.leads, numeric: true },
            { label: copy.conversion, numeric: true },
          ]}
          rows={visits.topPages.map((page) => [
            pageNameOf(page.path),
            figure(page.views),
            figure(page.visitors),
            figure(page.leads),
            formatRate(page.conversionRate),
          ])}
        />
        <p className="mt-2 text-sm text-slate-600">{copy.conversionHow}</p>
      </div>
      <FigureTable
        caption={copy.sources}
        columns={[
          { label: copy.source },
          { label: copy.views, numeric: true },
          { label: copy.visitors, numeric: true },
        ]}
        rows={visits.sources.map((row) => [
          copy.sourceNames[row.source] ?? row.source,
          figure(row.views),
          figure(row.visitors),
        ])}
      />
      {visits.campaigns.length === 0 ? (
        <div>
          <h3 className="text-sm font-medium text-slate-700">{copy.campaigns}</h3>
          <p className="mt-2 text-sm text-slate-600">{copy.noCampaigns}</p>
        </div>
      ) : (
        <FigureTable
          caption={copy.campaigns}
          columns={[
            { label: copy.utmSource },
            { label: copy.utmCampaign },
            { label: copy.views, numeric: true },
            { label: copy.visitors, numeric: true },
          ]}
          rows={visits.campaigns.map((row) => [
            row.utmSource,
            row.utmCampaign || copy.noCampaign,
            figure(row.views),
            figure(row.visitors),
          ])}
        />
      )}
    </div>
  );
}

export function VisitsSection({ figures }: { figures: Dashboard }) {
  const { visits, period } = figures;
  const shown = visits.counting && (visits.views > 0 || visits.previousViews > 0);
  return (
    <DashboardSection title={copy.title} summary={visitsSummary(visits, period)} wide>
      {visits.counting && (
        <p className="mt-1 text-sm text-slate-600">{visits.beacon ? copy.beacon : copy.intro}</p>
      )}
      {shown && (
        <>
          <p className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-700" aria-hidden="true">
            <span>
              <span className="mr-1.5 inline-block h-1 w-5 rounded-full bg-brand-700 align-middle" />
              {copy.visitors}
            </span>
            <span>
              <span className="mr-1.5 inline-block w-5 border-t-2 border-dashed border-slate-600 align-middle" />
              {copy.views}
            </span>
          </p>
          <Chart
            kind="lines"
            xLabels={visits.perDay.map((day) => formatDay(day.day))}
            series={[
              {
                label: copy.visitors,
                values: visits.perDay.map((day) => day.visitors),
                colour: chartColours.primary,
              },
              {
                label: copy.views,
                values: visits.perDay.map((day) => day.views),
                colour: chartColours.muted,
                dashed: true,
              },
            ]}
          />
          <ChartData
            caption={copy.caption}
            columns={[
              { label: copy.day },
              { label: copy.visitors, numeric: true },
              { label: copy.views, numeric: true },
            ]}
            rows={visits.perDay.map((day) => [
              formatLongDay(day.day),
              figure(day.visitors),
              figure(day.views),
            ])}
          />
          <VisitTables visits={visits} />
        </>
      )}
    </DashboardSection>
  );
}
