import type { IntegrationDelivery } from '../../common/inbox-api/lead-schemas.ts';
import type { LeadDeliveryRow } from './integration-repository.ts';

/** What became of a lead's event at an integration, from its outbox row ("Slack ✓ 12:03"). */
export function integrationDelivery(row: LeadDeliveryRow, at: Date): IntegrationDelivery {
  const sending = row.claimed_until !== null && row.claimed_until > at.toISOString();
  const state =
    row.status === 'sent'
      ? 'delivered'
      : row.status === 'dead' || row.status === 'cancelled'
        ? row.status
        : row.status === 'pending' && sending
          ? 'sending'
          : 'waiting';
  return {
    integrationId: row.integrationId,
    kind: row.integration_kind,
    event: row.event,
    state,
    deliveredAt: state === 'delivered' ? row.sent_at : null,
    nextAttemptAt: state === 'waiting' ? row.next_attempt_at : null,
    attempts: row.attempts,
    lastError: row.last_error,
  };
}
