import type { Dashboard } from '../../../../common/inbox-api/dashboard-endpoints';
import { dashboardCopy } from '../../../content/admin-dashboard';
import { countOf } from '../format';
import { BarList } from './bar-list';
import { ChartData, DashboardSection } from './dashboard-section';
import { formatNumber, inTheLast } from './dashboard-format';
import { pageNameOf, UNKNOWN_PAGE_NAME } from './page-names';

const copy = dashboardCopy.byPage;

function summaryOf(figures: Dashboard): string {
  const [top] = figures.leads.bySourcePage;
  if (!top) return copy.empty;
  const pages = countOf(figures.leads.bySourcePage.length, 'page');
  const name = pageNameOf(top.sourcePage);
  const page = name === UNKNOWN_PAGE_NAME ? 'An unknown page' : `The page ${name}`;
  return `${page} brought the most leads ${inTheLast(figures.period)}: ${formatNumber(top.count)} of ${formatNumber(figures.leads.total)}, from ${pages} in all.`;
}

export function LeadsByPage({ figures }: { figures: Dashboard }) {
  const pages = figures.leads.bySourcePage;
  return (
    <DashboardSection title={copy.title} summary={summaryOf(figures)}>
      {pages.length > 0 && (
        <>
          <BarList
            bars={pages
              .slice(0, 8)
              .map((page) => ({ label: pageNameOf(page.sourcePage), value: page.count }))}
          />
          <ChartData
            caption={copy.caption}
            columns={[{ label: copy.page }, { label: copy.leads, numeric: true }]}
            rows={pages.map((page) => [pageNameOf(page.sourcePage), formatNumber(page.count)])}
          />
          {pages.some((page) => pageNameOf(page.sourcePage) === UNKNOWN_PAGE_NAME) && (
            <p className="mt-2 text-sm text-slate-600">{copy.unknown}</p>
          )}
        </>
      )}
    </DashboardSection>
  );
}
