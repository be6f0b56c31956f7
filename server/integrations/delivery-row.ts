import { INTEGRATION_EVENTS, type IntegrationEvent } from '../../common/integration-domain.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { LEAD_OWNER } from '../leads/quote-tables.ts';
import type { StatusChange } from './integration-payloads.ts';

/** The outbox's name for an integration, the recipient of its deliveries (their owner is the lead). */
export const INTEGRATION_RECIPIENT = 'integration';

/** What a delivery carries beyond its lead: the event, and what it adds to the lead (a status change). */
interface DeliveryPayload {
  event: IntegrationEvent;
  data: StatusChange | null;
}

/** A delivery's outbox payload (JSON), fixed when the event happened. */
export const deliveryPayload = (event: IntegrationEvent, data?: StatusChange): string =>
  JSON.stringify({ event, data: data ?? null } satisfies DeliveryPayload);

const isEvent = (value: unknown): value is IntegrationEvent =>
  INTEGRATION_EVENTS.some((event) => event === value);

/** A delivery's lead, integration and event, as its outbox row names them. */
export function deliveryOf(
  row: OutboxRow,
): DeliveryPayload & { leadId: number | null; integrationId: number | null } {
  const parsed: unknown = row.payload === null ? null : JSON.parse(row.payload);
  const payload = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  return {
    leadId: row.owner_type === LEAD_OWNER ? row.owner_id : null,
    integrationId: row.recipient_type === INTEGRATION_RECIPIENT ? row.recipient_id : null,
    event: isEvent(payload.event) ? payload.event : 'lead.created',
    data: (payload.data as StatusChange | null | undefined) ?? null,
  };
}
