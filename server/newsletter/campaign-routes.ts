import type { FastifyInstance } from 'fastify';
import {
  type Campaign,
  campaignEndpoints,
  type CampaignSummary,
} from '../../common/inbox-api/campaign-endpoints.ts';
import type { CampaignRepository } from './campaign-repository.ts';
import { renderCampaign } from './campaign-render.ts';
import type { SendingOutcome, SendingRefusal } from './campaign-sending.ts';
import type { CampaignFigures } from './campaign-stats.ts';
import type { CampaignRow } from './campaign-tables.ts';
import { localTimeToUtc } from '../time/zoned-time.ts';
import type { ActivityLog } from '../accounts/activity-log.ts';
import { ApiProblem, notFound } from '../accounts/api-problem.ts';
import { registerEndpoint } from '../accounts/register-endpoint.ts';

export interface CampaignRoutesOptions {
  campaigns: CampaignRepository;
  activity: ActivityLog;
  siteUrl: string;
  /** ADMIN_TIME_ZONE: a scheduled time is a date and time there. */
  timeZone: string;
  /** Wakes the outbox's workers once an email is queued (or a campaign's emails). */
  onQueued?: () => void;
  now: () => Date;
}

const summary = (
  row: CampaignRow,
  figures?: Pick<CampaignFigures, 'recipients' | 'sent' | 'failed'>,
): CampaignSummary => ({
  id: row.id,
  subject: row.subject,
  status: row.status,
  createdBy: row.created_by,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
  scheduledAt: row.scheduled_at,
  finishedAt: row.finished_at,
  recipients: figures?.recipients ?? 0,
  sent: figures?.sent ?? 0,
  failed: figures?.failed ?? 0,
});

const details = (row: CampaignRow, progress: Campaign['progress']): Campaign => ({
  ...summary(row, progress),
  preheader: row.preheader,
  bodyMarkdown: row.body_markdown,
  publishInArchive: row.publish_in_archive === 1,
  slug: row.slug,
  version: row.version,
  startedAt: row.started_at,
  pausedReason: row.paused_reason,
  progress,
});

const REFUSALS = {
  'stale-version': (current?: CampaignRow) =>
    new ApiProblem(
      409,
      'stale-version',
      `This campaign was saved elsewhere meanwhile (now version ${current?.version ?? '?'}). Reload it to see the latest text; copy yours first if you need it.`,
    ),
  'not-editable': (current?: CampaignRow) =>
    new ApiProblem(
      409,
      'not-editable',
      `This campaign is ${current?.status ?? 'no longer a draft'}: only a draft or a scheduled campaign can be edited.`,
    ),
  'no-recipients': () =>
    new ApiProblem(
      409,
      'no-recipients',
      'Nobody is subscribed (confirmed) yet: there is nobody to send it to.',
    ),
  'in-the-past': () =>
    new ApiProblem(409, 'in-the-past', 'That time has passed: choose a later date and time, or send it now.'),
  'wrong-status': (current?: CampaignRow) =>
    new ApiProblem(
      409,
      'wrong-status',
      `This campaign is ${current?.status ?? 'in another state'} now: reload it to see where it stands.`,
    ),
} satisfies Record<Exclude<SendingRefusal, 'not-found'>, (current?: CampaignRow) => ApiProblem>;

/** The refusal as the API answers it (404 when there is no such campaign). */
function refused({ refused: reason, current }: { refused: SendingRefusal; current?: CampaignRow }): never {
  if (reason === 'not-found') throw notFound('This campaign');
  throw REFUSALS[reason](current);
}

/** The newsletter's campaigns: list, drafts and their autosave, a preview, a test email to oneself. */
export async function campaignRoutes(app: FastifyInstance, options: CampaignRoutesOptions) {
  const { campaigns, activity, siteUrl, now } = options;
  const withProgress = async (row: CampaignRow) => details(row, await campaigns.stats.progress(row));

  registerEndpoint(app, campaignEndpoints.list, async () => {
    const rows = await campaigns.list();
    // The figures of every campaign that has emails, in one GROUP BY.
    const figures = await campaigns.stats.figures(rows.filter((row) => row.started_at).map((row) => row.id));
    return { campaigns: rows.map((row) => summary(row, figures.get(row.id))) };
  });

  registerEndpoint(app, campaignEndpoints.create, async ({ body, staff: { account } }) => {
    const row = await campaigns.create(body, account.email);
    await activity.record(
      {
        actor: account.email,
        action: 'campaign-created',
        summary: `Campaign #${row.id} created: ${row.subject}`,
      },
      now(),
    );
    return withProgress(row);
  });

  registerEndpoint(app, campaignEndpoints.get, async ({ params: { id } }) => {
    const row = await campaigns.find(id);
    if (!row) throw notFound('This campaign');
    return withProgress(row);
  });

  registerEndpoint(app, campaignEndpoints.update, async ({ params: { id }, body }) => {
    const outcome = await campaigns.update(id, body);
    if ('saved' in outcome) return withProgress(outcome.saved);
    if (outcome.refused === 'not-found') throw notFound('This campaign');
    throw REFUSALS[outcome.refused](outcome.current);
  });

  // The preview has no archive address yet (it is given when the campaign is sent) and a placeholder
  // unsubscribe link: each recipient's own is made when their email is sent.
  registerEndpoint(app, campaignEndpoints.preview, async ({ body }) =>
    renderCampaign(body, { siteUrl, archiveSlug: null, unsubscribeUrl: `${siteUrl}/newsletter/unsubscribe` }),
  );

  registerEndpoint(app, campaignEndpoints.previewDocument, async ({ params: { id } }) => {
    const row = await campaigns.find(id);
    if (!row) throw notFound('This campaign');
    const content = { subject: row.subject, preheader: row.preheader, bodyMarkdown: row.body_markdown };
    const archiveSlug = row.publish_in_archive === 1 ? row.slug : null;
    return renderCampaign(content, {
      siteUrl,
      archiveSlug,
      unsubscribeUrl: `${siteUrl}/newsletter/unsubscribe`,
    }).html;
  });

  registerEndpoint(app, campaignEndpoints.sendTest, async ({ params: { id }, staff: { account } }) => {
    if (!(await campaigns.queueTest(id, account.email))) throw notFound('This campaign');
    options.onQueued?.();
    await activity.record(
      {
        actor: account.email,
        action: 'campaign-test-sent',
        summary: `Test email of campaign #${id} sent to ${account.email}`,
      },
      now(),
    );
    return { to: account.email };
  });
}

/** The campaign after a change, logged with who made it; or the refusal. */
/** The campaign after a change, logged; or the refusal. */
function changeLogger({ campaigns, activity, now }: CampaignRoutesOptions) {
  return async function changed(
    outcome: SendingOutcome,
    by: string,
    action: Parameters<ActivityLog['record']>[0]['action'],
    sentence: (row: CampaignRow) => string,
  ): Promise<Campaign> {
    if ('refused' in outcome) refused(outcome);
    const row = outcome.campaign;
    await activity.record({ actor: by, action, summary: sentence(row) }, now());
    return details(row, await campaigns.stats.progress(row));
  };
}

/**
 * Sending: the audience for the dialog, send now or at a time. Each change is a compare-and-set in the
 * repository (campaign-sending.ts) and a line in the activity log with who did it.
 */
export async function campaignSendingRoutes(app: FastifyInstance, options: CampaignRoutesOptions) {
  const { campaigns } = options;
  const changed = changeLogger(options);

  registerEndpoint(app, campaignEndpoints.audience, async () => ({ confirmed: await campaigns.audience() }));

  registerEndpoint(app, campaignEndpoints.send, async ({ params: { id }, body, staff: { account } }) => {
    const outcome = await campaigns.send(id, body.version);
    const reply = await changed(outcome, account.email, 'campaign-send-started', (row) => {
      return `Campaign #${row.id} sending: ${row.subject}`;
    });
    options.onQueued?.();
    return reply;
  });

  registerEndpoint(app, campaignEndpoints.schedule, async ({ params: { id }, body, staff: { account } }) => {
    const when = localTimeToUtc(body.at, options.timeZone);
    return changed(
      await campaigns.schedule(id, body.version, when),
      account.email,
      'campaign-scheduled',
      (row) => `Campaign #${row.id} scheduled for ${body.at} (${options.timeZone}): ${row.subject}`,
    );
  });

  registerEndpoint(app, campaignEndpoints.unschedule, async ({ params: { id }, staff: { account } }) =>
    changed(
      await campaigns.unschedule(id),
      account.email,
      'campaign-unscheduled',
      (row) => `Campaign #${row.id} unscheduled: a draft again`,
    ),
  );
}

/** Once sending: pause, resume, cancel, the failed recipients and "Retry failed". */
export async function campaignControlRoutes(app: FastifyInstance, options: CampaignRoutesOptions) {
  const { campaigns, activity, now } = options;
  const changed = changeLogger(options);

  registerEndpoint(app, campaignEndpoints.pause, async ({ params: { id }, staff: { account } }) =>
    changed(
      await campaigns.pause(id),
      account.email,
      'campaign-paused',
      (row) => `Campaign #${row.id} paused`,
    ),
  );

  registerEndpoint(app, campaignEndpoints.resume, async ({ params: { id }, staff: { account } }) => {
    const reply = await changed(
      await campaigns.resume(id),
      account.email,
      'campaign-resumed',
      (row) => `Campaign #${row.id} resumed`,
    );
    options.onQueued?.();
    return reply;
  });

  registerEndpoint(app, campaignEndpoints.cancel, async ({ params: { id }, staff: { account } }) =>
    changed(
      await campaigns.cancel(id),
      account.email,
      'campaign-cancelled',
      (row) => `Campaign #${row.id} cancelled: what was not sent will not be`,
    ),
  );

  registerEndpoint(app, campaignEndpoints.failures, async ({ params: { id } }) => {
    if (!(await campaigns.find(id))) throw notFound('This campaign');
    return campaigns.stats.failures(id);
  });

  registerEndpoint(app, campaignEndpoints.retryFailed, async ({ params: { id }, staff: { account } }) => {
    const outcome = await campaigns.retryFailed(id);
    if ('refused' in outcome) refused(outcome);
    await activity.record(
      {
        actor: account.email,
        action: 'campaign-failed-retried',
        summary: `Campaign #${id}: ${outcome.queued} failed ${outcome.queued === 1 ? 'email' : 'emails'} queued again`,
      },
      now(),
    );
    options.onQueued?.();
    return outcome;
  });
}
