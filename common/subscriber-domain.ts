/**
 * Where a newsletter subscriber stands, one list: the newsletter feature's own module (the server's
 * subscribers in server/newsletter/, the inbox's API and its pages draw from it). Constants only.
 * - pending: signed up, not confirmed yet (receives only confirmation emails);
 * - confirmed: confirmed by the link in the email (the only status newsletters go to);
 * - unsubscribed: left the list; suppressed until a new confirmation (a new
 *   sign-up sends one, but the status stays until it is confirmed);
 * - bounced: a campaign email to it failed for good (a 5xx answer): no campaign goes to it again. Like an
 *   unsubscribed address, an import never brings it back; only a new sign-up confirmed from the mailbox
 *   itself does (the confirmation proves the address receives mail again).
 */
export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed', 'bounced'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** The inbox's views of the subscribers: all of them, or one status. */
export const SUBSCRIBER_VIEWS = ['all', ...SUBSCRIBER_STATUSES] as const;
export type SubscriberView = (typeof SUBSCRIBER_VIEWS)[number];
