import type { Dashboard } from '../../../../common/inbox-api/dashboard-endpoints';
import { dashboardCopy } from '../../../content/admin-dashboard';
import { countOf } from '../format';
import { BarList } from './bar-list';
import { ChartData, DashboardSection } from './dashboard-section';
import { formatNumber, inTheLast } from './dashboard-format';

const copy = dashboardCopy.byPage;

function summaryOf(figures: Dashboard): string {
  const [top] = figures.leads.bySourcePage;
  if (!top) return copy.empty;
  const pages = countOf(figures.leads.bySourcePage.length, 'page');
  return `The page ${top.sourcePage} brought the most leads ${inTheLast(figures.period)}: ${formatNumber(top.count)} of ${formatNumber(figures.leads.total)}, from ${pages} in all.`;
}

export function LeadsByPage({ figures }: { figures: Dashboard }) {
  const pages = figures.leads.bySourcePage;
  return (
    <DashboardSection title={copy.title} summary={summaryOf(figures)}>
      {pages.length > 0 && (
        <>
          <BarList bars={pages.slice(0, 8).map((page) => ({ label: page.sourcePage, value: page.count }))} />
          <ChartData
            caption={copy.caption}
            columns={[{ label: copy.page }, { label: copy.leads, numeric: true }]}
            rows={pages.map((page) => [page.sourcePage, formatNumber(page.count)])}
          />
        </>
      )}
    </DashboardSection>
  );
}
