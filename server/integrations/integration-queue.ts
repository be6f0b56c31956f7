import { sql, type Transaction } from 'kysely';
import type { IntegrationEvent } from '../../common/integration-domain.ts';
import type { Database } from '../db/database-tables.ts';
import { cancelFor, queueEmails, requeue } from '../outbox/outbox-rows.ts';
import { withdrawFor } from '../outbox/owner-changes.ts';
import { messagesAbout } from '../outbox/owner-messages.ts';
import { queueSelected, type SelectedEmails } from '../outbox/queue-selected.ts';
import type { LeadHooks, StoredProbe } from '../leads/lead-hooks.ts';
import { LEAD_OWNER, leadOwner, SPAM_CANCELLATION } from '../leads/quote-tables.ts';
import { deliveryOf, deliveryPayload, INTEGRATION_RECIPIENT } from './delivery-row.ts';
import type { StatusChange } from './integration-payloads.ts';
import { INTEGRATION_LANE } from './integration-tables.ts';
import { newWebhookMessageId } from './webhook-signature.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { IntegrationTables } from './integration-tables.ts';

/** The outbox kind of every delivery to an integration (the integration's own kind says how to build it). */
export const INTEGRATION_OUTBOX_KIND = 'integration';

/** What a delivery's outbox row names as its recipient: never the URL, which may be a credential. */
const integrationRecipient = (integration: { id: number; kind: string }) =>
  `${integration.kind} #${integration.id}`;

/**
 * Queues one delivery of an event per enabled integration, in the caller's transaction (the one
 * that stores the lead or its change). Only what the event adds to the lead is stored (its payload);
 * the rest is read from the lead when it is sent. Returns how many were queued.
 */
async function queueIntegrationEvent(
  trx: Transaction<Database>,
  { leadId, event, data, at }: { leadId: number; event: IntegrationEvent; data?: StatusChange; at: Date },
  only?: readonly number[],
): Promise<number> {
  let query = tablesOf<IntegrationTables>(trx)
    .selectFrom('integrations')
    .select(['id', 'kind'])
    .where('enabled', '=', 1);
  if (only) {
    if (only.length === 0) return 0;
    query = query.where('id', 'in', only);
  }
  const integrations = await query.execute();
  if (integrations.length === 0) return 0;
  await queueEmails(
    trx,
    integrations.map((integration) => ({
      kind: INTEGRATION_OUTBOX_KIND,
      lane: INTEGRATION_LANE,
      recipient: integrationRecipient(integration),
      messageId: newWebhookMessageId(),
      owner: leadOwner(leadId),
      to: { type: INTEGRATION_RECIPIENT, id: integration.id },
      payload: deliveryPayload(event, data),
      at,
    })),
  );
  return integrations.length;
}

/**
 * lead.created when a lead is marked Not spam: for each enabled integration it was never delivered
 * to, its withdrawn (or dead) delivery goes back in the queue, or a new one is queued.
 */
async function announceOnce(trx: Transaction<Database>, leadId: number, at: Date) {
  const deliveries = await messagesAbout(trx, LEAD_OWNER, INTEGRATION_OUTBOX_KIND)
    .where('owner_id', '=', leadId)
    .execute();
  const earlier = deliveries
    .map((row) => ({ ...row, ...deliveryOf(row) }))
    .filter((row) => row.event === 'lead.created');
  const enabled = await tablesOf<IntegrationTables>(trx)
    .selectFrom('integrations')
    .select('id')
    .where('enabled', '=', 1)
    .execute();
  const fresh: number[] = [];
  for (const { id } of enabled) {
    const rows = earlier.filter((row) => row.integrationId === id);
    if (rows.length === 0) fresh.push(id);
    else if (!rows.some((row) => row.status === 'sent' || row.status === 'pending'))
      for (const row of rows) await requeue(trx, { id: row.id }, ['cancelled', 'dead'], at);
  }
  await queueIntegrationEvent(trx, { leadId, event: 'lead.created', at }, fresh);
}

/**
 * lead.created for a brand-new lead, which no delivery can be about yet: one INSERT … SELECT queues a
 * delivery per enabled integration, without reading anything first. Each delivery's id is the
 * event's random part and the integration's id.
 */
async function announceNew(trx: Transaction<Database>, leadId: number, at: Date) {
  const event = newWebhookMessageId();
  const fixed = {
    kind: INTEGRATION_OUTBOX_KIND,
    lane: INTEGRATION_LANE,
    owner: leadOwner(leadId),
    recipientType: INTEGRATION_RECIPIENT,
    payload: deliveryPayload('lead.created'),
    at,
  } satisfies SelectedEmails;
  await queueSelected(trx, fixed, (columns) =>
    tablesOf<IntegrationTables>(trx)
      .selectFrom('integrations')
      .select(({ ref }) => [
        ...columns,
        sql<string>`${ref('kind')} || ' #' || ${ref('id')}`.as('recipient'),
        sql<string>`cast(${`${event}_`} as text) || ${ref('id')}`.as('message_id'),
        'id',
      ])
      .where('enabled', '=', 1),
  );
}

/** An enabled integration: without one, a new lead has nothing to announce. */
const anyEnabled: StoredProbe = (db) =>
  tablesOf<IntegrationTables>(db).selectFrom('integrations').select('id').where('enabled', '=', 1);

/** The lead hooks of the integrations: what a lead's life queues or withdraws. */
export const integrationLeadHooks: LeadHooks = {
  storedOnlyIf: [anyEnabled],
  stored: announceNew,
  async markedNotSpam(trx, leadId, at) {
    await announceOnce(trx, leadId, at);
  },
  async statusChanged(trx, leadId, { from, to }, at) {
    const data: StatusChange = { from, to, changed_at: at.toISOString() };
    await queueIntegrationEvent(trx, { leadId, event: 'lead.status_changed', data, at });
  },
  async markedSpam(trx, leadId, at) {
    await cancelFor(trx, leadOwner(leadId), { kind: INTEGRATION_OUTBOX_KIND, reason: SPAM_CANCELLATION, at });
  },
};

/**
 * Withdraws what waits for an integration (it was disabled or removed); a delivery being sent is
 * left to its worker, whose prepare sees the integration disabled next time. Returns how many.
 */
export async function cancelIntegrationDeliveries(
  trx: Transaction<Database>,
  integrationId: number,
  reason: string,
  at: Date,
): Promise<number> {
  return withdrawFor(
    trx,
    { recipient: { type: INTEGRATION_RECIPIENT, id: integrationId } },
    { reason, held: false, at },
  );
}
