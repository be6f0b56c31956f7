/**
 * The integrations a lead is delivered to besides email: what the inbox offers and the server
 * accepts. No DOM or Node imports: both sides read it.
 */

/** Webhook (JSON) signed as Standard Webhooks says; a Slack incoming webhook; a Teams Workflows webhook. */
export const INTEGRATION_KINDS = ['webhook', 'slack', 'teams'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

/** What the inbox calls each kind. */
export const integrationKindLabels: Record<IntegrationKind, string> = {
  webhook: 'Webhook (JSON)',
  slack: 'Slack',
  teams: 'Microsoft Teams',
};

/** The events integrations are told of. Spam never sends any. */
export const INTEGRATION_EVENTS = ['lead.created', 'lead.status_changed'] as const;
export type IntegrationEvent = (typeof INTEGRATION_EVENTS)[number];

/** How long a rotated webhook secret still signs beside the new one. */
export const PREVIOUS_SECRET_HOURS = 24;

/** The longest auto-reply text staff may write. */
export const AUTO_REPLY_MAX_LENGTH = 2000;
