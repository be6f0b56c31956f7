/**
 * The lead domain, one list each: what a person does with a lead (its statuses and their labels),
 * the inbox's views of the leads, and the kinds of event on a lead's timeline. The quote feature's
 * own module: the server's leads (server/leads/), the inbox's API and its pages draw from it.
 * Constants only (no zod), so any side may import it.
 */

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

/**
 * What happened to a lead, on its timeline: a status change, a note, marked spam or not spam, its
 * notification sent again, or what became of the notification ("delivery", by the system); a follow-up
 * set or done ("follow-up", its text says which date); a new owner ("owner", its text says who); its
 * files not kept ("files", by the system: the day's limit on stored files was reached).
 */
export const LEAD_EVENT_KINDS = [
  'status',
  'note',
  'spam',
  'not-spam',
  'retry',
  'delivery',
  'follow-up',
  'owner',
  'files',
] as const;
export type LeadEventKind = (typeof LEAD_EVENT_KINDS)[number];
