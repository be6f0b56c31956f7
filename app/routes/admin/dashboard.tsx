import { DASHBOARD_PERIODS, DEFAULT_DASHBOARD_PERIOD } from '../../../common/dashboard-domain';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { callApi } from '../../components/admin/api';
import { FirstContact } from '../../components/admin/dashboard/first-contact';
import { LeadsByPage } from '../../components/admin/dashboard/leads-by-page';
import { LeadsPerWeek } from '../../components/admin/dashboard/leads-per-week';
import { PeriodPicker } from '../../components/admin/dashboard/period-picker';
import { StatusFunnel } from '../../components/admin/dashboard/status-funnel';
import { VisitsSection } from '../../components/admin/dashboard/visits-section';
import { adminMeta } from '../../components/admin/meta';
import { PageHeader } from '../../components/admin/page-header';
import { adminPages } from '../../content/admin-pages';
import { dashboardCopy } from '../../content/admin-dashboard';
import type { Route } from './+types/dashboard';

export const meta = () => adminMeta(adminPages.dashboard);

/** The period in the address (?period=), or the default one for a missing or unknown value. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const requested = new URL(request.url).searchParams.get('period');
  const period = DASHBOARD_PERIODS.find((each) => each === requested) ?? DEFAULT_DASHBOARD_PERIOD;
  const figures = await callApi(inboxApi.dashboard.figures, { query: { period }, from: request });
  return { figures };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { figures } = loaderData;
  return (
    <div className="container-page">
      <PageHeader title={dashboardCopy.title} lead={dashboardCopy.lead} />
      <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
        <PeriodPicker current={figures.period} />
        <p className="text-sm text-slate-600">{dashboardCopy.timeZone(figures.timeZone)}</p>
      </div>
      <div className="mt-6 grid grid-cols-1 items-start gap-4 sm:gap-6 lg:grid-cols-2">
        <LeadsPerWeek figures={figures} />
        <LeadsByPage figures={figures} />
        <StatusFunnel figures={figures} />
        <FirstContact figures={figures} />
        <VisitsSection figures={figures} />
      </div>
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
