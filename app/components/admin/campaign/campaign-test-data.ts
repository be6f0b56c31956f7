import type { Campaign } from '../../../../common/inbox-api/campaign-endpoints';

/** A campaign as the API answers it, for the component tests; a draft unless told otherwise. */
export function campaignOf(fields: Partial<Campaign> = {}): Campaign {
  return {
    id: 7,
    subject: 'November news',
    status: 'draft',
    createdBy: 'meera@acme.example',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    scheduledAt: null,
    finishedAt: null,
    recipients: 0,
    sent: 0,
    failed: 0,
    preheader: 'Three things we shipped',
    bodyMarkdown: 'Hello.',
    publishInArchive: true,
    slug: null,
    version: 3,
    startedAt: null,
    pausedReason: null,
    progress: {
      recipients: 0,
      sent: 0,
      waiting: 0,
      failed: 0,
      bounced: 0,
      unsubscribedSince: 0,
      ratePerMinute: 60,
      secondsLeft: null,
    },
    ...fields,
  };
}
