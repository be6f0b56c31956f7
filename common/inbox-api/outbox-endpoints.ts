/** The emails waiting or given up on, and sending them again. */
import { z } from 'zod';
import { INTEGRATION_KINDS } from '../integration-domain.ts';
import { endpoint, idParams, noContent } from './endpoint.ts';

const OUTBOX_STATUSES = ['pending', 'dead'] as const;

const outboxEmail = z.object({
  id: z.number(),
  kind: z.string(),
  recipient: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  nextAttemptAt: z.string(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** The lead it is about, when it is about one. */
  leadId: z.number().nullable(),
  /** A delivery to an integration: its kind (the recipient then names it, e.g. "Slack integration #3"); null for an email. */
  integrationKind: z.enum(INTEGRATION_KINDS).nullable(),
});
export type OutboxEmail = z.infer<typeof outboxEmail>;

const outboxList = z.object({
  emails: z.array(outboxEmail),
  counts: z.object({ pending: z.number(), dead: z.number() }),
});

export const outboxEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/outbox',
    access: 'staff',
    query: z.object({ status: z.enum(OUTBOX_STATUSES).default('dead') }),
    reply: outboxList,
  }),
  retry: endpoint({
    method: 'POST',
    path: '/outbox/:id/retry',
    access: 'staff',
    params: idParams,
    reply: noContent,
    replyAs: 'no-content',
    /** nothing-to-retry (409): the email is being sent, or was sent or withdrawn meanwhile. */
    errors: ['not-found', 'nothing-to-retry'],
  }),
  /** Every dead email. */
  retryDead: endpoint({
    method: 'POST',
    path: '/outbox/retry-dead',
    access: 'staff',
    reply: z.object({ retried: z.number() }),
  }),
};
