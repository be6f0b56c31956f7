import type { FastifyInstance } from 'fastify';
import { outboxEndpoints, type OutboxEmail } from '../../common/inbox-api/outbox-endpoints.ts';
import type { IntegrationKind } from '../../common/integration-domain.ts';
import { deliveryOf } from '../integrations/delivery-row.ts';
import type { IntegrationRepository } from '../integrations/integration-repository.ts';
import type { OutboxRepository } from '../outbox/outbox-repository.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { nothingToRetry } from '../outbox/retry-outcome.ts';
import { leadIdOf } from '../leads/quote-tables.ts';
import type { ActivityLog } from '../accounts/activity-log.ts';
import { ApiProblem, notFound } from '../accounts/api-problem.ts';
import { integrationName } from '../integrations/integration-routes.ts';
import { registerEndpoint } from '../accounts/register-endpoint.ts';

export interface OutboxRoutesOptions {
  outbox: OutboxRepository;
  integrations: IntegrationRepository;
  activity: ActivityLog;
  onQueued: () => void;
  now: () => Date;
}

/** The most emails of one status the view lists. */
const LIST_LIMIT = 200;

/**
 * An email, or a delivery to an integration: named by the integration's kind and number ("Slack
 * integration #3"), never by its URL, which is a secret of its own.
 */
function email(row: OutboxRow, kinds: Map<number, IntegrationKind>): OutboxEmail {
  const { integrationId } = deliveryOf(row);
  const kind = integrationId === null ? undefined : kinds.get(integrationId);
  return {
    id: row.id,
    kind: row.kind,
    recipient:
      integrationId === null
        ? row.recipient
        : kind
          ? integrationName({ id: integrationId, kind })
          : `Integration #${integrationId}`,
    status: row.status === 'dead' ? 'dead' : 'pending',
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    leadId: leadIdOf(row),
    integrationKind: kind ?? null,
  };
}

/** The emails waiting or given up on, and sending them again. */
export async function outboxRoutes(
  app: FastifyInstance,
  { outbox, integrations, activity, onQueued, now }: OutboxRoutesOptions,
) {
  registerEndpoint(app, outboxEndpoints.list, async ({ query: { status } }) => {
    const [rows, counts] = await Promise.all([outbox.list({ status, limit: LIST_LIMIT }), outbox.counts()]);
    const kinds = await integrations.kindsOf(
      rows.flatMap((row) => {
        const { integrationId } = deliveryOf(row);
        return integrationId === null ? [] : [integrationId];
      }),
    );
    return { emails: rows.map((row) => email(row, kinds)), counts };
  });

  registerEndpoint(app, outboxEndpoints.retry, async ({ params: { id }, staff: { account } }) => {
    const outcome = await outbox.retry(id, now());
    if (outcome === 'missing') throw notFound('This email');
    if (outcome !== 'queued') throw new ApiProblem(409, 'nothing-to-retry', nothingToRetry(id, outcome));
    onQueued();
    const row = await outbox.get(id);
    const integrationId = row ? deliveryOf(row).integrationId : null;
    await activity.record(
      {
        actor: account.email,
        action: 'email-retried',
        summary:
          integrationId === null
            ? `Sent email #${id} again`
            : `Sent delivery #${id} to integration #${integrationId} again`,
        leadId: row ? leadIdOf(row) : null,
      },
      now(),
    );
  });

  registerEndpoint(app, outboxEndpoints.retryDead, async ({ staff: { account } }) => {
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
