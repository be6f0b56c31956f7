/** The newsletter's campaigns: drafts, their autosave, a preview and a test email to oneself. */
import { z } from 'zod';
import { endpoint, idParams } from './endpoint.ts';

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
  /** Sending comes later: zero until then. */
  recipients: z.number(),
  sent: z.number(),
});
export type CampaignSummary = z.infer<typeof campaignSummary>;

const campaign = campaignSummary.extend({
  preheader: z.string(),
  bodyMarkdown: z.string(),
  publishInArchive: z.boolean(),
  slug: z.string().nullable(),
  /** What an edit must send back; a stale one is refused (someone else saved meanwhile). */
  version: z.number(),
  startedAt: z.string().nullable(),
  pausedReason: z.string().nullable(),
});
export type Campaign = z.infer<typeof campaign>;

const rendered = z.object({ subject: z.string(), html: z.string(), text: z.string() });

export const campaignEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/campaigns',
    reply: z.object({ campaigns: z.array(campaignSummary) }),
  }),
  create: endpoint({ method: 'POST', path: '/campaigns', body: campaignContent, reply: campaign }),
  get: endpoint({
    method: 'GET',
    path: '/campaigns/:id',
    params: idParams,
    reply: campaign,
    errors: ['not-found'],
  }),
  /** The autosave: the content with the version it was edited from. */
  update: endpoint({
    method: 'POST',
    path: '/campaigns/:id',
    params: idParams,
    body: campaignContent.extend({
      publishInArchive: z.boolean().optional(),
      version: z.number().int().positive(),
    }),
    reply: campaign,
    errors: ['not-found', 'stale-version', 'not-editable'],
  }),
  /** The email as it would be sent, from what is on the page (saved or not), for a sandboxed frame. */
  preview: endpoint({ method: 'POST', path: '/campaigns/preview', body: campaignContent, reply: rendered }),
  /** One email to the signed-in staff member's own address, "[Test] <subject>". */
  sendTest: endpoint({
    method: 'POST',
    path: '/campaigns/:id/test',
    params: idParams,
    reply: z.object({ to: z.string() }),
    errors: ['not-found'],
  }),
};
