/**
 * Settings: the integrations a lead is delivered to (signed webhooks, Slack, Microsoft Teams), their
 * delivery log, and the auto-reply a visitor gets. Secrets (a webhook's signing secret, a Slack or
 * Teams URL, which is a credential itself) are answered once, when made; afterwards only masked.
 */
import { z } from 'zod';
import { AUTO_REPLY_MAX_LENGTH, INTEGRATION_EVENTS, INTEGRATION_KINDS } from '../integration-domain.ts';
import { endpoint, idParams, noContent } from './endpoint.ts';
import { ASSIGNMENT_MODES } from '../team-domain.ts';

/** What a URL field accepts before the server's own checks (https in production, a public address). */
const integrationUrl = z
  .string()
  .trim()
  .min(1, 'Enter the URL the integration posts to.')
  .max(2000, 'This URL is too long (2,000 characters at most).');

/** One attempt to deliver an event (or a test event) to an integration. */
const deliveryAttempt = z.object({
  id: z.number(),
  at: z.string(),
  event: z.enum(INTEGRATION_EVENTS),
  /** Sent with "Send test event", not about a lead. */
  test: z.boolean(),
  /** The lead it was about, if any (and not deleted since). */
  leadId: z.number().nullable(),
  /** The receiver's HTTP status; null when no answer came (refused address, timeout, connection error). */
  statusCode: z.number().nullable(),
  durationMs: z.number().nullable(),
  ok: z.boolean(),
  /** Why it failed, in a sentence; never a secret. */
  error: z.string().nullable(),
});
export type DeliveryAttempt = z.infer<typeof deliveryAttempt>;

const integration = z.object({
  id: z.number(),
  kind: z.enum(INTEGRATION_KINDS),
  /** The URL's scheme and host, the rest hidden by a fixed mask, e.g. "https://hooks.slack.com/…". */
  maskedUrl: z.string(),
  enabled: z.boolean(),
  /** Why it was turned off: by staff, a 410 Gone answer, or three days of failures; null while enabled. */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** A webhook whose secret was rotated: until when the old secret still signs too; null otherwise. */
  previousSecretUntil: z.string().nullable(),
  /** The latest attempt, if any. */
  lastDelivery: deliveryAttempt.nullable(),
});
export type Integration = z.infer<typeof integration>;

/** What is shown once: the full URL, and a webhook's signing secret ("whsec_…"). */
const madeIntegration = z.object({
  integration,
  url: z.string(),
  secret: z.string().nullable(),
});

const autoReply = z.object({
  enabled: z.boolean(),
  /** What staff wrote; the email adds the lead's reference and the company's signature. */
  text: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AutoReply = z.infer<typeof autoReply>;

/** The auto-reply's text: the one check of it, on the page and on the server. */
const autoReplyText = z
  .string()
  .trim()
  .min(1, 'Write the text of the auto-reply.')
  .max(
    AUTO_REPLY_MAX_LENGTH,
    `Keep the auto-reply under ${AUTO_REPLY_MAX_LENGTH.toLocaleString('en-IN')} characters.`,
  );

const assignment = z.object({ mode: z.enum(ASSIGNMENT_MODES) });

export const settingsEndpoints = {
  assignment: endpoint({ method: 'GET', path: '/settings/assignment', access: 'admin', reply: assignment }),
  saveAssignment: endpoint({
    method: 'POST',
    path: '/settings/assignment',
    access: 'admin',
    body: assignment,
    reply: assignment,
  }),
  integrations: endpoint({
    method: 'GET',
    path: '/settings/integrations',
    access: 'admin',
    reply: z.object({ integrations: z.array(integration) }),
  }),
  /** invalid-url (400): not https in production, or not a public address. */
  addIntegration: endpoint({
    method: 'POST',
    path: '/settings/integrations',
    access: 'admin',
    body: z.object({ kind: z.enum(INTEGRATION_KINDS), url: integrationUrl }),
    reply: madeIntegration,
    errors: ['invalid-url'],
  }),
  /** A new URL (shown once again), or turning it on or off. */
  updateIntegration: endpoint({
    method: 'POST',
    path: '/settings/integrations/:id',
    access: 'admin',
    params: idParams,
    body: z.object({ url: integrationUrl.optional(), enabled: z.boolean().optional() }),
    reply: z.object({ integration, url: z.string().nullable() }),
    errors: ['not-found', 'invalid-url'],
  }),
  /** A webhook's new secret (shown once); the old one signs beside it for 24 hours. */
  rotateSecret: endpoint({
    method: 'POST',
    path: '/settings/integrations/:id/rotate-secret',
    access: 'admin',
    params: idParams,
    reply: z.object({ integration, secret: z.string() }),
    errors: ['not-found', 'not-a-webhook'],
  }),
  /** Sends a test event now and answers how it went (it is also in the delivery log). */
  sendTest: endpoint({
    method: 'POST',
    path: '/settings/integrations/:id/test',
    access: 'admin',
    params: idParams,
    reply: z.object({ delivery: deliveryAttempt }),
    errors: ['not-found'],
  }),
  deliveries: endpoint({
    method: 'GET',
    path: '/settings/integrations/:id/deliveries',
    access: 'admin',
    params: idParams,
    reply: z.object({ deliveries: z.array(deliveryAttempt) }),
    errors: ['not-found'],
  }),
  removeIntegration: endpoint({
    method: 'DELETE',
    path: '/settings/integrations/:id',
    access: 'admin',
    params: idParams,
    reply: noContent,
    replyAs: 'no-content',
    errors: ['not-found'],
  }),
  autoReply: endpoint({ method: 'GET', path: '/settings/auto-reply', access: 'admin', reply: autoReply }),
  saveAutoReply: endpoint({
    method: 'POST',
    path: '/settings/auto-reply',
    access: 'admin',
    body: z.object({ enabled: z.boolean(), text: autoReplyText }),
    reply: autoReply,
  }),
  /** The email a visitor would get with this text, for a sample reference. */
  previewAutoReply: endpoint({
    method: 'POST',
    path: '/settings/auto-reply/preview',
    access: 'admin',
    body: z.object({ text: autoReplyText }),
    reply: z.object({ subject: z.string(), text: z.string() }),
  }),
};
