/**
 * The private inbox's JSON API, as both sides see it: the routes under
 * /admin/api (server/admin/) and the browser's pages under /admin
 * (app/routes/admin/). Types and constants only.
 *
 * Every reply that is not 2xx is an ApiError. 401 means "no valid session"
 * (the page sends the person to sign in), 403 a cross-site request or a
 * missing recent passkey check, 404 nothing there, 409 not allowed in this
 * state, 410 an invitation used or expired, 429 too many attempts.
 */

/** Where the API lives; the pages are everything else under /admin. */
export const ADMIN_API = '/admin/api';

/** The pages of the inbox. */
export const adminPaths = {
  inbox: '/admin',
  signIn: '/admin/sign-in',
  /** The invitation link: `/admin/invitation#<token>` (a fragment never reaches a server log). */
  invitation: '/admin/invitation',
  lead: (id: number) => `/admin/leads/${id}`,
  outbox: '/admin/outbox',
  subscribers: '/admin/subscribers',
  activity: '/admin/activity',
  account: '/admin/account',
} as const;

/** How many items a page of a list holds (leads, subscribers, activity); "Load more" asks for the next. */
export const ADMIN_PAGE_SIZE = 50;

/** What a person does with a lead. A separate flag says whether it is spam. */
export const LEAD_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
};

/** The inbox's views: every lead that is not spam, one status, or the spam folder. */
export const LEAD_VIEWS = ['all', ...LEAD_STATUSES, 'spam'] as const;
export type LeadView = (typeof LEAD_VIEWS)[number];

export interface ApiError {
  /** A code for the page, e.g. "unauthenticated", "invalid", "last-passkey". */
  error: string;
  /** A sentence for the person. */
  message: string;
  /** For 400: a message per field of the request. */
  fields?: Record<string, string>;
}

/**
 * What became of the notification email to the company:
 * - pending: waiting, or failing and retried (attempts, the next try, the last error);
 * - sent: handed to the mail server;
 * - written: written as an .eml file (no SMTP server is set up): nobody has been told;
 * - dead: given up (the last error), can be retried;
 * - none: never queued (spam) or deleted.
 */
export type Delivery =
  | { state: 'pending'; attempts: number; nextAttemptAt: string; lastError: string | null }
  | { state: 'sent'; at: string }
  | { state: 'written'; at: string }
  | { state: 'dead'; at: string; lastError: string | null; outboxId: number }
  | { state: 'none' };

/** A lead in the list. Times are ISO 8601 UTC; the page shows them in `timeZone` (see Me). */
export interface LeadSummary {
  id: number;
  createdAt: string;
  name: string;
  email: string;
  phone: string;
  /** The start of the message, one line. */
  excerpt: string;
  status: LeadStatus;
  spam: boolean;
  delivery: Delivery;
}

/** GET /admin/api/leads?view=&q=&cursor= */
export interface LeadListQuery {
  view?: LeadView;
  /** Words of the name, email, phone or message, or the reference its emails give (e.g. "Q-7F3K9C"). */
  q?: string;
  /** From the previous page's nextCursor. */
  cursor?: string;
}

export interface LeadList {
  leads: LeadSummary[];
  /** Null on the last page. */
  nextCursor: string | null;
  /** How many leads each view holds (whatever the search). */
  counts: Record<LeadView, number>;
  /** Notifications of leads (not spam) that could not be delivered: the inbox's banner. */
  deadNotifications: number;
}

export interface TimelineEntry {
  id: number;
  at: string;
  /** The account's email; null for the system (e.g. a lead marked spam by the honeypot). */
  by: string | null;
  /** "delivery": what became of the notification (by is null; text says it). */
  kind: 'status' | 'note' | 'spam' | 'not-spam' | 'retry' | 'delivery';
  /** For a status change. */
  from?: LeadStatus;
  to?: LeadStatus;
  /** For a note, or a delivery. */
  text?: string;
}

/** GET /admin/api/leads/:id */
export interface LeadDetail extends LeadSummary {
  /** What the emails call the lead, e.g. "Q-7F3K9C" (random: the id is never in an email). */
  reference: string;
  /** Every field of the form (common/quote-request.ts), by name. */
  fields: Record<string, string>;
  /** The page it was sent from, e.g. "/" or "unknown". */
  sourcePage: string;
  timeline: TimelineEntry[];
}

/** POST /admin/api/leads/:id/status */
export interface StatusChange {
  status: LeadStatus;
}
/** POST /admin/api/leads/:id/notes; at most NOTE_MAX_LENGTH characters. */
export interface NewNote {
  text: string;
}
export const NOTE_MAX_LENGTH = 5000;
/** POST /admin/api/leads/:id/spam. Not spam sends the notification if it was never sent. */
export interface SpamChange {
  spam: boolean;
}
/*
 * POST /admin/api/leads/:id/retry: sends a dead notification again (replies with the LeadDetail).
 * DELETE /admin/api/leads/:id: a data-subject request: the lead, its emails and their .eml files (204).
 * GET /admin/api/leads/export.csv?view=&q=: the current view as CSV (formula-safe).
 */

/** GET /admin/api/outbox?status=pending|dead */
export interface OutboxEmail {
  id: number;
  kind: string;
  recipient: string;
  status: 'pending' | 'dead';
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  /** The lead it is about, when it is about one. */
  leadId: number | null;
}
export interface OutboxList {
  emails: OutboxEmail[];
  counts: { pending: number; dead: number };
}
/* POST /admin/api/outbox/:id/retry (204); POST /admin/api/outbox/retry-dead: every dead email ({ retried: n }). */

export const SUBSCRIBER_VIEWS = ['all', 'pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberView = (typeof SUBSCRIBER_VIEWS)[number];

export interface SubscriberSummary {
  id: number;
  email: string;
  status: Exclude<SubscriberView, 'all'>;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  sourcePage: string;
}
/** GET /admin/api/subscribers?view=&q=&cursor= */
export interface SubscriberList {
  subscribers: SubscriberSummary[];
  nextCursor: string | null;
  counts: Record<SubscriberView, number>;
}
/*
 * GET /admin/api/subscribers/export.csv?view=&q=
 * DELETE /admin/api/subscribers/:id: the subscriber, its links, its emails and their .eml files (204).
 */

export interface ActivityEntry {
  id: number;
  at: string;
  /** Who did it; null when nobody was signed in (a failed sign-in, the command line). */
  by: string | null;
  action:
    | 'sign-in'
    | 'sign-in-failed'
    | 'sign-out'
    | 'sign-out-everywhere'
    | 'invitation'
    | 'account-created'
    | 'account-revoked'
    | 'passkey-added'
    | 'passkey-removed'
    | 'status-changed'
    | 'note-added'
    | 'spam-changed'
    | 'email-retried'
    | 'lead-deleted'
    | 'subscriber-deleted'
    | 'export';
  /** A short sentence, e.g. "Lead #12: New → Contacted". */
  summary: string;
  leadId: number | null;
}
/** GET /admin/api/activity?cursor= */
export interface ActivityList {
  entries: ActivityEntry[];
  nextCursor: string | null;
}

export interface Passkey {
  id: string;
  /** A name the browser or the person gave, or one made from the date. */
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** GET /admin/api/me: who is signed in. */
export interface Me {
  email: string;
  /** The company's time zone, e.g. "Asia/Kolkata" (ADMIN_TIME_ZONE). */
  timeZone: string;
  passkeys: Passkey[];
  /** Until when a passkey check counts as recent (removing a passkey needs one), or null. */
  verifiedUntil: string | null;
}

/*
 * Signing in and accepting an invitation. Each ceremony is two posts: options, then the browser's answer.
 * The `flow` string ties the two together (the challenge stays on the server).
 *
 * POST /admin/api/invitation            { token }                 -> { email }            (404 unknown, 410 used/expired)
 * POST /admin/api/invitation/options    { token }                 -> CeremonyOptions      (registration)
 * POST /admin/api/invitation/accept     { token, flow, response } -> Me, sets the session cookie
 * POST /admin/api/sign-in/options       {}                        -> CeremonyOptions      (authentication; discoverable)
 * POST /admin/api/sign-in               { flow, response }        -> Me, sets the session cookie
 * POST /admin/api/sign-out              {}                        -> 204
 * POST /admin/api/sign-out-everywhere   {}                        -> 204
 * POST /admin/api/passkeys/options      {}                        -> CeremonyOptions      (registration)
 * POST /admin/api/passkeys              { flow, response }        -> Me
 * POST /admin/api/verify/options        {}                        -> CeremonyOptions      (authentication; this account's passkeys)
 * POST /admin/api/verify                { flow, response }        -> Me (verifiedUntil set)
 * DELETE /admin/api/passkeys/:id                                  -> Me                   (403 "verify" without a recent check, 409 "last-passkey")
 */
export interface CeremonyOptions {
  flow: string;
  /** PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON, for @simplewebauthn/browser. */
  options: Record<string, unknown>;
}
