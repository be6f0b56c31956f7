import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { inboxPaths } from '../../../common/inbox-paths';
import type { Campaign, CampaignFailure } from '../../../common/inbox-api/campaign-endpoints';
import { inboxApi } from '../../../common/inbox-api/endpoints';
import { ApiFailure, callApi } from '../../components/admin/api';
import { buttonClass } from '../../components/admin/buttons';
import { CampaignEditor } from '../../components/admin/campaign/campaign-editor';
import { CAMPAIGN_INTENT, type CampaignActionResult } from '../../components/admin/campaign/campaign-intents';
import {
  CampaignActions,
  CampaignFailures,
  CampaignProgress,
} from '../../components/admin/campaign/campaign-progress';
import { CampaignStatusBadge, isEditable } from '../../components/admin/campaign/campaign-status';
import { EmailPreview } from '../../components/admin/campaign/email-preview';
import { NoTrackingNote } from '../../components/admin/campaign/no-tracking-note';
import { formatWhen } from '../../components/admin/format';
import { useTimeZone } from '../../components/admin/me';
import { adminMeta } from '../../components/admin/meta';
import { BackLink, PageHeader } from '../../components/admin/page-header';
import { adminPages } from '../../content/admin-pages';
import type { Route } from './+types/campaign';

export const meta = (args?: Route.MetaArgs) => {
  const data = args?.loaderData;
  return adminMeta(adminPages.campaign, data ? (data.campaign?.subject ?? 'New campaign') : undefined);
};

/** How often a sending campaign's page asks how far it got. */
export const POLL_INTERVAL_MS = 4000;

interface Failures {
  failures: CampaignFailure[];
  total: number;
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const audience = () => callApi(inboxApi.campaigns.audience, { from: request });
  if (params.id === 'new') return { campaign: null, audience: (await audience()).confirmed, failures: null };
  const campaign = await callApi(inboxApi.campaigns.get, { params: { id: params.id }, from: request });
  if (isEditable(campaign.status))
    return { campaign, audience: (await audience()).confirmed, failures: null };
  const failures: Failures = await callApi(inboxApi.campaigns.failures, {
    params: { id: params.id },
    from: request,
  });
  return { campaign, audience: 0, failures };
}

/** The sending buttons post here; the page's data is loaded again after each. */
export async function clientAction({
  request,
  params,
}: Route.ClientActionArgs): Promise<CampaignActionResult> {
  const form = await request.formData();
  const intent = form.get('intent');
  const campaign = { params: { id: params.id }, from: request };
  const version = Number(form.get('version'));
  const { campaigns } = inboxApi;
  try {
    switch (intent) {
      case CAMPAIGN_INTENT.send:
        await callApi(campaigns.send, { ...campaign, body: { version } });
        return { done: 'Sending started.' };
      case CAMPAIGN_INTENT.schedule:
        await callApi(campaigns.schedule, {
          ...campaign,
          body: { version, at: String(form.get('at') ?? '') },
        });
        return { done: 'Scheduled.' };
      case CAMPAIGN_INTENT.unschedule:
        await callApi(campaigns.unschedule, campaign);
        return { done: 'Unscheduled: it is a draft again.' };
      case CAMPAIGN_INTENT.pause:
        await callApi(campaigns.pause, campaign);
        return { done: 'Paused.' };
      case CAMPAIGN_INTENT.resume:
        await callApi(campaigns.resume, campaign);
        return { done: 'Sending again.' };
      case CAMPAIGN_INTENT.cancel:
        await callApi(campaigns.cancel, campaign);
        return { done: 'Cancelled.' };
      case CAMPAIGN_INTENT.retryFailed: {
        const { queued } = await callApi(campaigns.retryFailed, campaign);
        return { done: queued === 0 ? 'There was nothing to retry.' : `${queued} will be tried again.` };
      }
    }
  } catch (error) {
    if (error instanceof ApiFailure) return { error: Object.values(error.fields ?? {})[0] ?? error.message };
    throw error;
  }
  return { error: 'This page asked for something it cannot do. Reload it and try again.' };
}

/**
 * Campaigns this page created (its first save): the page's address changed to theirs, and the editor
 * carries on as it was, with the focus and what is being typed.
 */
const createdHere = new Set<number>();

/** When it started and finished, in words. */
function timesOf(campaign: Campaign, timeZone: string) {
  const at = (iso: string) => <time dateTime={iso}>{formatWhen(iso, timeZone)}</time>;
  return (
    <span className="text-sm">
      {campaign.startedAt && <>Started {at(campaign.startedAt)}</>}
      {campaign.finishedAt && (
        <>
          {campaign.startedAt ? ', ' : ''}
          {campaign.status === 'cancelled' ? 'stopped' : 'finished'} {at(campaign.finishedAt)}
        </>
      )}
    </span>
  );
}

/** Why a campaign is paused: by the server, for a reason it gives, or by hand. */
function PausedNotice({ reason }: { reason: Campaign['pausedReason'] }) {
  return (
    <div className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      {reason ? (
        <p>
          <strong>Paused automatically.</strong> {reason}
        </p>
      ) : (
        <p>Paused by hand. Nothing more is sent until it is resumed.</p>
      )}
    </div>
  );
}

/**
 * A sending campaign's figures, asked for every POLL_INTERVAL_MS (its failures again when their count
 * changed), over what was loaded; a new load (after an action) starts from the server again.
 */
function useCampaignPolling(loaded: Campaign, loadedFailures: Failures) {
  const [polled, setPolled] = useState<{ from: Campaign; campaign: Campaign; failures?: Failures } | null>(
    null,
  );
  const fresh = polled?.from === loaded ? polled : null;
  const campaign = fresh?.campaign ?? loaded;
  const failures = fresh?.failures ?? loadedFailures;
  const [pollError, setPollError] = useState<string | null>(null);

  const sending = campaign.status === 'sending';
  const failedCount = campaign.progress.failed;
  useEffect(() => {
    if (!sending) return;
    let lastFailed = failedCount;
    const timer = setInterval(() => {
      const id = campaign.id;
      callApi(inboxApi.campaigns.get, { params: { id } })
        .then(async (next) => {
          const changed = next.progress.failed !== lastFailed;
          lastFailed = next.progress.failed;
          const list = changed ? await callApi(inboxApi.campaigns.failures, { params: { id } }) : undefined;
          setPolled((current) => ({
            from: loaded,
            campaign: next,
            failures: list ?? (current?.from === loaded ? current.failures : undefined),
          }));
          setPollError(null);
        })
        .catch((error: unknown) => {
          if (!(error instanceof ApiFailure)) throw error;
          setPollError(`The figures could not be updated: ${error.message}`);
        });
    }, POLL_INTERVAL_MS);
    return () => clearInterval(timer);
    // Only a change of status (or campaign) restarts the polling; the failures count is its starting point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sending, campaign.id, loaded]);
  return { campaign, failures, pollError };
}

/** A campaign once sending started: progress (updated while sending), its actions and its failures. */
function CampaignReport({ loaded, loadedFailures }: { loaded: Campaign; loadedFailures: Failures }) {
  const timeZone = useTimeZone();
  const { campaign, failures, pollError } = useCampaignPolling(loaded, loadedFailures);

  const archived = campaign.status === 'sent' && campaign.publishInArchive && campaign.slug;
  return (
    <div className="container-page">
      <PageHeader
        before={<BackLink to={inboxPaths.campaigns}>All campaigns</BackLink>}
        title={campaign.subject}
        lead={
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <CampaignStatusBadge status={campaign.status} />
            {timesOf(campaign, timeZone)}
          </div>
        }
        actions={<CampaignActions campaign={campaign} />}
      />
      {campaign.status === 'paused' && <PausedNotice reason={campaign.pausedReason} />}
      {pollError && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {pollError}
        </p>
      )}
      {archived && (
        <p className="mt-4 text-sm">
          Its web version:{' '}
          <a href={`/newsletter/archive/${campaign.slug}`} className={buttonClass.link}>
            /newsletter/archive/{campaign.slug}
          </a>
        </p>
      )}
      <div className="mt-6 space-y-5">
        <CampaignProgress campaign={campaign} />
        <CampaignFailures failures={failures.failures} total={failures.total} timeZone={timeZone} />
        <NoTrackingNote />
        <div className="rounded-xl border border-slate-200 bg-white p-5">
          <EmailPreview campaignId={campaign.id} version={campaign.version} />
        </div>
      </div>
    </div>
  );
}

export default function CampaignPage({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const timeZone = useTimeZone();
  const { campaign, audience, failures } = loaderData;
  if (campaign && failures && !isEditable(campaign.status))
    return <CampaignReport loaded={campaign} loadedFailures={failures} />;
  return (
    <CampaignEditor
      key={campaign === null || createdHere.has(campaign.id) ? 'new' : campaign.id}
      campaign={campaign}
      audience={audience}
      timeZone={timeZone}
      onCreated={(created) => {
        createdHere.add(created.id);
        void navigate(inboxPaths.campaign(created.id), { replace: true, state: { keepFocus: true } });
      }}
    />
  );
}

export { AdminErrorBoundary as ErrorBoundary } from '../../components/admin/route-error';
