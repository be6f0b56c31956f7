import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OutboxEmail, OutboxList } from '../../common/admin-api.ts';
import type { OutboxRepository } from '../outbox/outbox-repository.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { nothingToRetry } from '../outbox/retry-outcome.ts';
import type { ActivityLog } from './activity-log.ts';
import { signedIn } from './admin-guard.ts';
import { ApiProblem, notFound, parse } from './api-problem.ts';

export interface OutboxRoutesOptions {
  outbox: OutboxRepository;
  activity: ActivityLog;
  onQueued: () => void;
  now: () => Date;
}

/** The most emails of one status the view lists. */
const LIST_LIMIT = 200;

const listQuery = z.object({ status: z.enum(['pending', 'dead']).default('dead') });
const idParams = z.object({ id: z.coerce.number().int().positive() });

function email(row: OutboxRow): OutboxEmail {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    status: row.status === 'dead' ? 'dead' : 'pending',
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    leadId: row.quote_request_id,
  };
}

/** The emails waiting or given up on, and sending them again. */
export async function outboxRoutes(
  app: FastifyInstance,
  { outbox, activity, onQueued, now }: OutboxRoutesOptions,
) {
  app.get('/outbox', async (request): Promise<OutboxList> => {
    const { status } = parse(listQuery, request.query);
    const [rows, counts] = await Promise.all([outbox.list({ status, limit: LIST_LIMIT }), outbox.counts()]);
    return { emails: rows.map(email), counts };
  });

  app.post('/outbox/:id/retry', async (request, reply) => {
    const { account } = signedIn(request);
    const { id } = parse(idParams, request.params);
    const outcome = await outbox.retry(id, now());
    if (outcome === 'missing') throw notFound('This email');
    if (outcome !== 'queued') throw new ApiProblem(409, 'nothing-to-retry', nothingToRetry(id, outcome));
    onQueued();
    const row = await outbox.get(id);
    await activity.record(
      {
        actor: account.email,
        action: 'email-retried',
        summary: `Sent email #${id} again`,
        leadId: row?.quote_request_id ?? null,
      },
      now(),
    );
    return reply.code(204).send();
  });

  app.post('/outbox/retry-dead', async (request) => {
    const { account } = signedIn(request);
    const retried = await outbox.retryAllDead(now());
    if (retried > 0) onQueued();
    await activity.record(
      {
        actor: account.email,
        action: 'email-retried',
        summary: `Sent ${retried} dead email${retried === 1 ? '' : 's'} again`,
      },
      now(),
    );
    return { retried };
  });
}
