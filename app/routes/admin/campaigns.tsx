import { Link } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import type { CampaignSummary } from '../../../common/inbox-api/campaign-endpoints';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { callApi } from '../../components/admin/api';
import { buttonClass } from '../../components/admin/buttons';
import { CampaignStatusBadge } from '../../components/admin/campaign/campaign-status';
import { takeFlash } from '../../components/admin/flash';
import { formatWhen } from '../../components/admin/format';
import { EmptyList } from '../../components/admin/list-page';
import { useTimeZone } from '../../components/admin/me';
import { adminMeta } from '../../components/admin/meta';
import { Notice } from '../../components/admin/notice';
import { PageHeader } from '../../components/admin/page-header';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/campaigns';

export const meta = () => adminMeta(adminPages.campaigns);

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { campaigns } = await callApi(inboxApi.campaigns.list, { from: request });
  return { campaigns, notice: takeFlash() };
}

const number = (value: number) => value.toLocaleString('en-IN');

/** The date that says most about where a campaign stands. */
function whenOf(campaign: CampaignSummary): { label: string; iso: string } {
  if (campaign.finishedAt)
    return { label: campaign.status === 'cancelled' ? 'Stopped' : 'Sent', iso: campaign.finishedAt };
  if (campaign.status === 'scheduled' && campaign.scheduledAt)
    return { label: 'Scheduled for', iso: campaign.scheduledAt };
  if (campaign.status === 'draft') return { label: 'Edited', iso: campaign.updatedAt };
  return { label: 'Created', iso: campaign.createdAt };
}

function CampaignRow({ campaign, timeZone }: { campaign: CampaignSummary; timeZone: string }) {
  const when = whenOf(campaign);
  const started = campaign.recipients > 0;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 sm:px-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-[1_1_18rem]">
          <h2 className="font-semibold break-words text-ink">
            <Link to={inboxPaths.campaign(campaign.id)} className="hover:text-brand-800 hover:underline">
              {campaign.subject}
            </Link>
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
            <CampaignStatusBadge status={campaign.status} />
            <span>
              {when.label} <time dateTime={when.iso}>{formatWhen(when.iso, timeZone)}</time>, by{' '}
              {campaign.createdBy}
            </span>
          </p>
        </div>
        {started && (
          <dl className="flex gap-4 text-sm tabular-nums">
            {(
              [
                ['Recipients', campaign.recipients],
                ['Sent', campaign.sent],
                ['Failed', campaign.failed],
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-600">{label}</dt>
                <dd
                  className={`font-semibold ${label === 'Failed' && value > 0 ? 'text-red-800' : 'text-ink'}`}
                >
                  {number(value)}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </div>
    </li>
  );
}

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  const { campaigns, notice } = loaderData;
  const timeZone = useTimeZone();
  return (
    <div className="container-page">
      <PageHeader
        title="Campaigns"
        lead="Newsletters to the confirmed subscribers: drafts, scheduled, sending and sent."
        actions={
          <Link to={inboxPaths.campaign('new')} className={buttonClass.primary}>
            New campaign
          </Link>
        }
      />
      <div className="mt-4">
        <Notice tone="success">{notice}</Notice>
      </div>
      {campaigns.length === 0 ? (
        <EmptyList title="No campaigns yet">
          Write a newsletter with New campaign: it is saved as a draft while you write, and sent only when you
          say so.
        </EmptyList>
      ) : (
        <ul aria-label="Campaigns" className="mt-5 space-y-3">
          {campaigns.map((campaign) => (
            <CampaignRow key={campaign.id} campaign={campaign} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </div>
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
