import { inboxPaths } from '../../common/inbox-paths.ts';
import type { OutgoingRequest } from '../outbox/outgoing-request.ts';
import type { Lead } from '../leads/quote-tables.ts';
import type { IntegrationRow } from './integration-tables.ts';
import {
  type AttachedFile,
  integrationBody,
  type IntegrationPayload,
  type StatusChange,
} from './integration-payloads.ts';
import { webhookSignature } from './webhook-signature.ts';

/** The lead's page in the inbox, as a full URL (SITE_URL). */
function inboxUrl(siteUrl: string, leadId: number): string {
  return new URL(inboxPaths.lead(leadId), siteUrl).toString();
}

/** lead.created, built when it is sent from the lead and its files as stored (nothing of it is kept twice). */
export function leadCreatedPayload(
  lead: Lead,
  siteUrl: string,
  at: Date,
  files: readonly AttachedFile[] = [],
): IntegrationPayload {
  return {
    type: 'lead.created',
    timestamp: at.toISOString(),
    data: {
      reference: lead.reference,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      message: lead.message,
      page: lead.source_page,
      received_at: lead.created_at,
      inbox_url: inboxUrl(siteUrl, lead.id),
      attachments: files.map(({ name, size }) => ({ name, size })),
    },
  };
}

/** lead.status_changed: the lead's reference and link, and the change fixed when it happened. */
export function statusChangedPayload(
  lead: Pick<Lead, 'id' | 'reference'>,
  change: StatusChange,
  siteUrl: string,
  at: Date,
): IntegrationPayload {
  return {
    type: 'lead.status_changed',
    timestamp: at.toISOString(),
    data: { reference: lead.reference, ...change, inbox_url: inboxUrl(siteUrl, lead.id) },
  };
}

/** The secrets a webhook signs with now: its own, and the previous one for a day after "Rotate secret". */
function signingSecrets(integration: IntegrationRow, at: Date): string[] {
  const secrets = integration.secret ? [integration.secret] : [];
  const until = integration.previous_secret_until
    ? Date.parse(integration.previous_secret_until)
    : Number.NaN;
  // previous_secret_until is set by "Rotate secret" (PREVIOUS_SECRET_HOURS ahead); after it, one secret.
  if (integration.previous_secret && until > at.getTime()) secrets.push(integration.previous_secret);
  return secrets;
}

/**
 * The request to an integration: Slack's and Teams' messages as they are; a webhook's JSON with the
 * Standard Webhooks headers, its timestamp the moment of sending and its id the delivery's (the same
 * on every retry).
 */
export function integrationRequest(
  integration: IntegrationRow,
  payload: IntegrationPayload,
  messageId: string,
  at: Date,
): OutgoingRequest {
  const body = integrationBody(integration.kind, payload);
  if (integration.kind !== 'webhook') return { url: integration.url, headers: {}, body };
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    url: integration.url,
    headers: {
      'webhook-id': messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': webhookSignature(signingSecrets(integration, at), {
        id: messageId,
        at: new Date(timestamp * 1000),
        body,
      }),
    },
    body,
  };
}
