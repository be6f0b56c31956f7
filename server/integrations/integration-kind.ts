import type { Transaction } from 'kysely';
import { integrationKindLabels } from '../../common/integration-domain.ts';
import { leadFilesRead } from '../attachments/lead-files-read.ts';
import type { Database } from '../db/database-tables.ts';
import type { Attempt, MessageKind, Failure } from '../outbox/message-kind.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { SPAM_CANCELLATION } from '../leads/quote-tables.ts';
import { deliveryOf } from './delivery-row.ts';
import { cancelIntegrationDeliveries, INTEGRATION_OUTBOX_KIND } from './integration-queue.ts';
import { integrationRequest, leadCreatedPayload, statusChangedPayload } from './integration-request.ts';
import type { IntegrationDeliveryRow, IntegrationRow } from './integration-tables.ts';

/** Failing without a success for this long disables an integration. */
const FAILING_DAYS = 3;
const FAILING_MS = FAILING_DAYS * 24 * 60 * 60 * 1000;

/** Why an integration was disabled, as the inbox shows it (disabled_reason). */
const DISABLED_GONE = 'Its receiver answered 410 Gone: the webhook no longer exists.';
const DISABLED_FAILING = `Its deliveries failed for ${FAILING_DAYS} days without a success.`;

/** One attempt in an integration's delivery log: when, the status code, how long, the error (never the URL). */
export async function logDelivery(
  trx: Transaction<Database>,
  entry: Omit<IntegrationDeliveryRow, 'id'>,
): Promise<IntegrationDeliveryRow> {
  return trx.insertInto('integration_deliveries').values(entry).returningAll().executeTakeFirstOrThrow();
}

/**
 * Disables an integration (a 410 Gone, or days of failures): nothing more is queued for it, what
 * waits is withdrawn, and the activity log says the system did it. Staff enable it again in Settings.
 */
async function disableIntegration(
  trx: Transaction<Database>,
  integration: Pick<IntegrationRow, 'id' | 'kind'>,
  reason: string,
  at: Date,
): Promise<void> {
  const updated = await trx
    .updateTable('integrations')
    .set({ enabled: 0, disabled_reason: reason, updated_at: at.toISOString() })
    .where('id', '=', integration.id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return;
  await cancelIntegrationDeliveries(trx, integration.id, 'the integration was disabled', at);
  await trx
    .insertInto('admin_activity')
    .values({
      at: at.toISOString(),
      actor: null,
      action: 'integration-disabled',
      summary: `${integrationKindLabels[integration.kind]} integration #${integration.id} was disabled. ${reason}`,
      lead_id: null,
    })
    .execute();
}

async function integrationOf(trx: Transaction<Database>, row: OutboxRow) {
  return trx
    .selectFrom('integrations')
    .selectAll()
    .where('id', '=', deliveryOf(row).integrationId ?? -1)
    .executeTakeFirst();
}

function attemptEntry(row: OutboxRow, at: Date, attempt: Attempt, ok: boolean, error: string | null) {
  const delivery = deliveryOf(row);
  return {
    integration_id: delivery.integrationId ?? -1,
    quote_request_id: delivery.leadId,
    outbox_id: row.id,
    event_type: delivery.event,
    test: 0,
    at: at.toISOString(),
    status_code: attempt.status ?? null,
    duration_ms: attempt.durationMs ?? null,
    ok: ok ? 1 : 0,
    error,
  };
}

/** A failed attempt: logged, then a 410 or days of failing disable the integration. */
async function failed(trx: Transaction<Database>, row: OutboxRow, at: Date, failure: Failure) {
  const integration = await integrationOf(trx, row);
  if (!integration) return;
  await logDelivery(trx, attemptEntry(row, at, failure, false, failure.error));
  if (failure.status === 410) return disableIntegration(trx, integration, DISABLED_GONE, at);
  if (!integration.failing_since) {
    await trx
      .updateTable('integrations')
      .set({ failing_since: at.toISOString() })
      .where('id', '=', integration.id)
      .execute();
  } else if (at.getTime() - Date.parse(integration.failing_since) >= FAILING_MS) {
    await disableIntegration(trx, integration, DISABLED_FAILING, at);
  }
}

/**
 * Deliveries to integrations, as the outbox's 'integration' lane sends them: each is built when it
 * is sent, from the lead as it is then (a lead deleted, marked spam, or an integration disabled or
 * removed meanwhile withdraws it), and every attempt goes in the integration's delivery log.
 */
export function integrationOutboxKind({ siteUrl }: { siteUrl: string }): MessageKind {
  return {
    kind: INTEGRATION_OUTBOX_KIND,
    async prepare(trx, row, at) {
      const integration = await integrationOf(trx, row);
      if (!integration) return { cancelled: 'the integration was removed' };
      if (!integration.enabled) return { cancelled: 'the integration is disabled' };
      const delivery = deliveryOf(row);
      const lead = await trx
        .selectFrom('quote_requests')
        .selectAll()
        .where('id', '=', delivery.leadId ?? -1)
        .executeTakeFirst();
      if (!lead) return { cancelled: 'the quote request was deleted' };
      // Nothing is ever sent about spam, whatever put the delivery back in the queue.
      if (lead.spam) return { cancelled: SPAM_CANCELLATION };
      const payload =
        delivery.event === 'lead.status_changed' && delivery.data
          ? statusChangedPayload(lead, delivery.data, siteUrl, at)
          : leadCreatedPayload(lead, siteUrl, at, await leadFilesRead(trx).ofLead(lead.id));
      return integrationRequest(integration, payload, row.message_id, at);
    },
    async onSent(trx, row, at, attempt) {
      const { integrationId } = deliveryOf(row);
      if (integrationId === null) return;
      await logDelivery(trx, attemptEntry(row, at, attempt, true, null));
      await trx
        .updateTable('integrations')
        .set({ failing_since: null })
        .where('id', '=', integrationId)
        .where('failing_since', 'is not', null)
        .execute();
    },
    onRetry: failed,
    onDead: failed,
    describe: (row) => {
      const { leadId, integrationId } = deliveryOf(row);
      return { leadId, integrationId };
    },
  };
}
