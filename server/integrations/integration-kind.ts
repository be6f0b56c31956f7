import type { Transaction } from 'kysely';
import { integrationKindLabels } from '../../common/integration-domain.ts';
import { leadFilesRead } from '../attachments/lead-files-read.ts';
import type { RecordActivity } from '../db/activity-line.ts';
import type { Database } from '../db/database-tables.ts';
import type { Attempt, MessageKind, Failure } from '../outbox/message-kind.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { leadById } from '../leads/lead-lookups.ts';
import { SPAM_CANCELLATION } from '../leads/quote-tables.ts';
import { deliveryOf } from './delivery-row.ts';
import { cancelIntegrationDeliveries, INTEGRATION_OUTBOX_KIND } from './integration-queue.ts';
import { integrationRequest, leadCreatedPayload, statusChangedPayload } from './integration-request.ts';
import type { IntegrationDeliveryRow, IntegrationRow } from './integration-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { IntegrationTables } from './integration-tables.ts';

/** Failing without a success for this long disables an integration. */
const FAILING_DAYS = 3;
const FAILING_MS = FAILING_DAYS * 24 * 60 * 60 * 1000;

/** The activity log's writer, passed in at start-up (the integrations may not import the inbox). */
type RecordDisabled = RecordActivity<'integration-disabled'>;

/** Why an integration was disabled, as the inbox shows it (disabled_reason). */
const DISABLED_GONE = 'Its receiver answered 410 Gone: the webhook no longer exists.';
const DISABLED_FAILING = `Its deliveries failed for ${FAILING_DAYS} days without a success.`;

/** One attempt in an integration's delivery log: when, the status code, how long, the error (never the URL). */
export async function logDelivery(
  trx: Transaction<Database>,
  entry: Omit<IntegrationDeliveryRow, 'id'>,
): Promise<IntegrationDeliveryRow> {
  return tablesOf<IntegrationTables>(trx)
    .insertInto('integration_deliveries')
    .values(entry)
    .returningAll()
    .executeTakeFirstOrThrow();
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
  recordActivity: RecordDisabled,
): Promise<void> {
  const updated = await tablesOf<IntegrationTables>(trx)
    .updateTable('integrations')
    .set({ enabled: 0, disabled_reason: reason, updated_at: at.toISOString() })
    .where('id', '=', integration.id)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return;
  await cancelIntegrationDeliveries(trx, integration.id, 'the integration was disabled', at);
  await recordActivity(
    trx,
    {
      actor: null,
      action: 'integration-disabled',
      summary: `${integrationKindLabels[integration.kind]} integration #${integration.id} was disabled. ${reason}`,
      leadId: null,
    },
    at,
  );
}

async function integrationOf(trx: Transaction<Database>, row: OutboxRow) {
  return tablesOf<IntegrationTables>(trx)
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
async function failed(
  trx: Transaction<Database>,
  row: OutboxRow,
  at: Date,
  failure: Failure,
  recordActivity: RecordDisabled,
) {
  const integration = await integrationOf(trx, row);
  if (!integration) return;
  await logDelivery(trx, attemptEntry(row, at, failure, false, failure.error));
  if (failure.status === 410) return disableIntegration(trx, integration, DISABLED_GONE, at, recordActivity);
  if (!integration.failing_since) {
    await tablesOf<IntegrationTables>(trx)
      .updateTable('integrations')
      .set({ failing_since: at.toISOString() })
      .where('id', '=', integration.id)
      .execute();
  } else if (at.getTime() - Date.parse(integration.failing_since) >= FAILING_MS) {
    await disableIntegration(trx, integration, DISABLED_FAILING, at, recordActivity);
  }
}

/**
 * Deliveries to integrations, as the outbox's 'integration' lane sends them: each is built when it
 * is sent, from the lead as it is then (a lead deleted, marked spam, or an integration disabled or
 * removed meanwhile withdraws it), and every attempt goes in the integration's delivery log.
 */
export function integrationOutboxKind({
  siteUrl,
  recordActivity,
}: {
  siteUrl: string;
  recordActivity: RecordDisabled;
}): MessageKind {
  const failedAttempt = (trx: Transaction<Database>, row: OutboxRow, at: Date, failure: Failure) =>
    failed(trx, row, at, failure, recordActivity);
  return {
    kind: INTEGRATION_OUTBOX_KIND,
    async prepare(trx, row, at) {
      const integration = await integrationOf(trx, row);
      if (!integration) return { cancelled: 'the integration was removed' };
      if (!integration.enabled) return { cancelled: 'the integration is disabled' };
      const delivery = deliveryOf(row);
      const lead = await leadById(trx, delivery.leadId ?? -1);
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
      await tablesOf<IntegrationTables>(trx)
        .updateTable('integrations')
        .set({ failing_since: null })
        .where('id', '=', integrationId)
        .where('failing_since', 'is not', null)
        .execute();
    },
    onRetry: failedAttempt,
    onDead: failedAttempt,
    describe: (row) => {
      const { leadId, integrationId } = deliveryOf(row);
      return { leadId, integrationId };
    },
  };
}
