/** The leads as the inbox's API gives them. Times are ISO 8601 UTC; the page shows them in Me's timeZone. */
import { z } from 'zod';
import { SCAN_STATES } from '../attachments.ts';
import { INTEGRATION_EVENTS, INTEGRATION_KINDS } from '../integration-domain.ts';
import { LEAD_EVENT_KINDS, LEAD_STATUSES, LEAD_VIEWS } from '../lead-domain.ts';
import { nextCursor } from './endpoint.ts';

const leadStatus = z.enum(LEAD_STATUSES);

/**
 * What became of the notification email to the company:
 * - pending: waiting, or failing and retried (attempts, the next try, the last error);
 * - sent: handed to the mail server;
 * - written: not sent, because no SMTP server is set up: only kept, as an .eml file on the
 *   server's disk (keptIn "file", SQLite) or in the database (keptIn "database", PostgreSQL,
 *   the same from every instance). Nobody has been told;
 * - dead: given up (the last error), can be retried;
 * - none: never queued (spam) or deleted.
 */
const delivery = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('pending'),
    attempts: z.number(),
    nextAttemptAt: z.string(),
    lastError: z.string().nullable(),
  }),
  z.object({ state: z.literal('sent'), at: z.string() }),
  z.object({ state: z.literal('written'), at: z.string(), keptIn: z.enum(['file', 'database']) }),
  z.object({
    state: z.literal('dead'),
    at: z.string(),
    lastError: z.string().nullable(),
    outboxId: z.number(),
  }),
  z.object({ state: z.literal('none') }),
]);
export type Delivery = z.infer<typeof delivery>;

/** A lead in the list. */
const leadSummary = z.object({
  id: z.number(),
  createdAt: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** The start of the message, one line. */
  excerpt: z.string(),
  status: leadStatus,
  spam: z.boolean(),
  delivery,
  /** An answer of the client nobody has opened yet: "New reply". */
  newReply: z.boolean(),
  /** Who answers it (a name made from their email), or null: "Unassigned". */
  owner: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type LeadSummary = z.infer<typeof leadSummary>;

export const leadList = z.object({
  leads: z.array(leadSummary),
  nextCursor,
  /** How many leads each view holds (whatever the search). */
  counts: z.record(z.enum(LEAD_VIEWS), z.number()),
  /** Notifications of leads (not spam) that could not be delivered: the inbox's banner. */
  deadNotifications: z.number(),
  /** How many leads have an answer nobody has opened (the "New reply" filter). */
  newReplies: z.number(),
  /** Integrations turned off by a 410 Gone answer or three days of failures: the inbox's other banner. */
  disabledIntegrations: z.array(
    z.object({ id: z.number(), kind: z.enum(INTEGRATION_KINDS), reason: z.string() }),
  ),
});

const timelineEntry = z.object({
  id: z.number(),
  at: z.string(),
  /** The account's email; null for the system (e.g. a lead marked spam by the honeypot). */
  by: z.string().nullable(),
  /** "delivery": what became of the notification (by is null; text says it). */
  kind: z.enum(LEAD_EVENT_KINDS),
  /** For a status change. */
  from: leadStatus.optional(),
  to: leadStatus.optional(),
  /** For a note, or a delivery. */
  text: z.string().optional(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

/** What became of one event of a lead at one integration: "Slack ✓ 12:03", "Webhook: waiting, next try 12:35". */
const integrationDelivery = z.object({
  integrationId: z.number(),
  kind: z.enum(INTEGRATION_KINDS),
  event: z.enum(INTEGRATION_EVENTS),
  /** delivered; waiting (for its first try or a retry); sending now; dead (gave up); cancelled (withdrawn). */
  state: z.enum(['delivered', 'waiting', 'sending', 'dead', 'cancelled']),
  /** When it was delivered; null otherwise. */
  deliveredAt: z.string().nullable(),
  /** When it is tried next, while waiting. */
  nextAttemptAt: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
});
export type IntegrationDelivery = z.infer<typeof integrationDelivery>;

/** A file the visitor attached (its content is downloadAttachment's). */
const leadAttachment = z.object({
  id: z.number(),
  /** The name it was sent with. */
  name: z.string(),
  /** Bytes. */
  size: z.number(),
  /** The type its content showed, which it is downloaded as. */
  mediaType: z.string(),
  /** Where it stands with the virus scanner; only "clean" and "not-scanned" can be downloaded. */
  scan: z.enum(SCAN_STATES),
});
export type LeadAttachment = z.infer<typeof leadAttachment>;

export const leadDetail = leadSummary.extend({
  /** What the emails call the lead, e.g. "Q-7F3K9C" (random: the id is never in an email). */
  reference: z.string(),
  /** Every field of the form (common/quote-request.ts), by name. */
  fields: z.record(z.string(), z.string()),
  /** The page it was sent from, e.g. "/" or "unknown". */
  sourcePage: z.string(),
  timeline: z.array(timelineEntry),
  /** Each integration's deliveries of the lead's events, oldest first. */
  deliveries: z.array(integrationDelivery),
  /** The files the visitor attached, in the order they were sent. */
  attachments: z.array(leadAttachment),
});
export type LeadDetail = z.infer<typeof leadDetail>;

export const NOTE_MAX_LENGTH = 5000;

/** A note on a lead: the one check of it, on the page before it is sent and on the server. */
export const newNote = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Write something first.')
    .max(NOTE_MAX_LENGTH, `A note can be at most ${NOTE_MAX_LENGTH.toLocaleString('en-IN')} characters.`),
});
