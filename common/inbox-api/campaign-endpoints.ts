/** The newsletter's campaigns: drafts, their autosave, a preview and a test email to oneself. */
import { z } from 'zod';
import { endpoint, htmlDocument, idParams } from './endpoint.ts';

/** Where a campaign stands; only a draft or a scheduled campaign can be edited. */
const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** What a person writes: the subject, the preheader (the line mail programs show after it), the body. */
const campaignContent = z.object({
  subject: z.string().trim().min(1, 'Write a subject.').max(200, 'Keep the subject under 200 characters.'),
  preheader: z.string().trim().max(200, 'Keep the preheader under 200 characters.'),
  bodyMarkdown: z.string().max(100_000, 'The text is too long (100,000 characters at most).'),
});

const campaignSummary = z.object({
  id: z.number(),
  subject: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  scheduledAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Fixed when sending starts (the confirmed subscribers then); 0 before. */
  recipients: z.number(),
  /** Accepted by the mail server. */
  sent: z.number(),
  /** Failed for good (including bounced), or waiting for a retry after a failure. */
  failed: z.number(),
});
export type CampaignSummary = z.infer<typeof campaignSummary>;

/** Where sending stands; all zero before it starts. */
const campaignProgress = z.object({
  recipients: z.number(),
  sent: z.number(),
  /** Not sent yet: waiting their turn, or being sent now. */
  waiting: z.number(),
  /** Failed: permanently (bounced included), or waiting for a retry after a temporary failure. */
  failed: z.number(),
  /** Permanent failures (5xx): those subscribers are marked bounced. */
  bounced: z.number(),
  /** Recipients who unsubscribed after sending started. */
  unsubscribedSince: z.number(),
  /** CAMPAIGN_RATE_PER_MINUTE; 0 means no throttle. */
  ratePerMinute: z.number(),
  /** At the current rate, while sending or paused; null when nothing waits or there is no throttle. */
  secondsLeft: z.number().nullable(),
});
export type CampaignProgress = z.infer<typeof campaignProgress>;

const campaign = campaignSummary.extend({
  preheader: z.string(),
  bodyMarkdown: z.string(),
  publishInArchive: z.boolean(),
  slug: z.string().nullable(),
  /** What an edit must send back; a stale one is refused (someone else saved meanwhile). */
  version: z.number(),
  startedAt: z.string().nullable(),
  /** Why it paused: a person did (null), or 10 failures in a row (a sentence). */
  pausedReason: z.string().nullable(),
  progress: campaignProgress,
});
export type Campaign = z.infer<typeof campaign>;

/** One recipient whose email failed, with the mail server's last answer. */
const campaignFailure = z.object({
  email: z.string(),
  error: z.string(),
  attempts: z.number(),
  /** When it failed last. */
  at: z.string(),
  /** A permanent failure (5xx): the subscriber is now bounced, and "Retry failed" leaves it alone. */
  bounced: z.boolean(),
  /** Waiting for its next automatic attempt (a temporary failure), or given up. */
  retrying: z.boolean(),
});
export type CampaignFailure = z.infer<typeof campaignFailure>;

/** What a change of state sends: the version the page shows, so a stale page is refused. */
const versioned = z.object({ version: z.number().int().positive() });

/** A local date and time in ADMIN_TIME_ZONE, as an <input type="datetime-local"> gives it. */
const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Choose a date and a time.');

const rendered = z.object({ subject: z.string(), html: z.string(), text: z.string() });

export const campaignEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/campaigns',
    access: 'admin',
    reply: z.object({ campaigns: z.array(campaignSummary) }),
  }),
  create: endpoint({
    method: 'POST',
    path: '/campaigns',
    access: 'admin',
    body: campaignContent,
    reply: campaign,
  }),
  get: endpoint({
    method: 'GET',
    path: '/campaigns/:id',
    access: 'admin',
    params: idParams,
    reply: campaign,
    errors: ['not-found'],
  }),
  /** The autosave: the content with the version it was edited from. */
  update: endpoint({
    method: 'POST',
    path: '/campaigns/:id',
    access: 'admin',
    params: idParams,
    body: campaignContent.extend({
      publishInArchive: z.boolean().optional(),
      version: z.number().int().positive(),
    }),
    reply: campaign,
    errors: ['not-found', 'stale-version', 'not-editable'],
  }),
  /** The email as it would be sent, from what is on the page (saved or not), for a sandboxed frame. */
  preview: endpoint({
    method: 'POST',
    path: '/campaigns/preview',
    access: 'admin',
    body: campaignContent,
    reply: rendered,
  }),
  /**
   * The saved campaign's email as it would be sent, as a document for the editor's sandboxed frame (a
   * frame's address, not a fetch); `v` (the version) only makes each save a new address.
   */
  previewDocument: endpoint({
    method: 'GET',
    path: '/campaigns/:id/preview.html',
    access: 'admin',
    params: idParams,
    query: z.object({ v: z.coerce.number().int().positive().optional() }),
    reply: htmlDocument,
    replyAs: 'html',
    errors: ['not-found'],
  }),
  /** One email to the signed-in staff member's own address, "[Test] <subject>". */
  sendTest: endpoint({
    method: 'POST',
    path: '/campaigns/:id/test',
    access: 'admin',
    params: idParams,
    reply: z.object({ to: z.string() }),
    errors: ['not-found'],
  }),
  /** How many subscribers a campaign sent now would go to: the confirmed ones (for the dialog). */
  audience: endpoint({
    method: 'GET',
    path: '/campaigns/audience',
    access: 'admin',
    reply: z.object({ confirmed: z.number() }),
  }),
  /** Fixes the recipients (the confirmed subscribers now) and starts sending. */
  send: endpoint({
    method: 'POST',
    path: '/campaigns/:id/send',
    access: 'admin',
    params: idParams,
    body: versioned,
    reply: campaign,
    errors: ['not-found', 'stale-version', 'not-editable', 'no-recipients'],
  }),
  /** Sends it at a date and time in ADMIN_TIME_ZONE; the recipients are fixed then. */
  schedule: endpoint({
    method: 'POST',
    path: '/campaigns/:id/schedule',
    access: 'admin',
    params: idParams,
    body: versioned.extend({ at: localDateTime }),
    reply: campaign,
    errors: ['not-found', 'stale-version', 'not-editable', 'in-the-past'],
  }),
  /** A scheduled campaign back to a draft. */
  unschedule: endpoint({
    method: 'POST',
    path: '/campaigns/:id/unschedule',
    access: 'admin',
    params: idParams,
    reply: campaign,
    errors: ['not-found', 'wrong-status'],
  }),
  pause: endpoint({
    method: 'POST',
    path: '/campaigns/:id/pause',
    access: 'admin',
    params: idParams,
    reply: campaign,
    errors: ['not-found', 'wrong-status'],
  }),
  resume: endpoint({
    method: 'POST',
    path: '/campaigns/:id/resume',
    access: 'admin',
    params: idParams,
    reply: campaign,
    errors: ['not-found', 'wrong-status'],
  }),
  /** Stops a scheduled, sending or paused campaign for good: what was not sent is never sent. */
  cancel: endpoint({
    method: 'POST',
    path: '/campaigns/:id/cancel',
    access: 'admin',
    params: idParams,
    reply: campaign,
    errors: ['not-found', 'wrong-status'],
  }),
  /** Every failed recipient, with its error (at most 1,000, the latest first). */
  failures: endpoint({
    method: 'GET',
    path: '/campaigns/:id/failures',
    access: 'admin',
    params: idParams,
    reply: z.object({ failures: z.array(campaignFailure), total: z.number() }),
    errors: ['not-found'],
  }),
  /** Tries the failed recipients again (not the bounced ones); a sent campaign sends again to them only. */
  retryFailed: endpoint({
    method: 'POST',
    path: '/campaigns/:id/retry-failed',
    access: 'admin',
    params: idParams,
    reply: z.object({ queued: z.number() }),
    errors: ['not-found', 'wrong-status'],
  }),
};
