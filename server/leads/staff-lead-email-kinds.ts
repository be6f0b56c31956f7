import { escapeHtml } from '../mail/escape-html.ts';
import type { MailAddress } from '../mail/mail-address.ts';
import type { MessageKind } from '../outbox/message-kind.ts';
import { inboxLinkOf } from './quote-email-files.ts';
import { leadIdOf } from './quote-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

/**
 * The team's emails about one lead, each to one staff member
 * (docs/decisions/043-team-notifications-and-escalation.md): its name and reference and a
 * link to it, nothing else the visitor wrote (a staff mailbox is read on phones and forwarded; the inbox
 * behind its passkeys holds the rest). A lead deleted or marked spam since is not emailed about.
 */
export const STAFF_LEAD_EMAIL_KINDS = {
  /** To the person who was given the lead (in turn, or by a colleague). */
  forYou: 'lead-for-you',
  /** To each person who chose "All leads". */
  newLead: 'lead-new-for-staff',
  /** To the owner and the admins, once, when nobody answered within FIRST_RESPONSE_MINUTES. */
  escalation: 'lead-escalation',
  /** To the owner (or the admins), on the day a follow-up was set for. */
  followUp: 'lead-follow-up',
} as const;

export interface StaffLeadEmailSettings {
  from: MailAddress;
  siteUrl: string;
  /** FIRST_RESPONSE_MINUTES, in milliseconds: the escalation's subject says how long. */
  firstResponseMs: number;
}

/** "4 h", "90 min" → "1 h 30 min": how long a lead has waited, as the escalation's subject says it. */
export function waitedFor(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

interface Words {
  subject: (name: string, reference: string) => string;
  line: (name: string, reference: string) => string;
  /** A last paragraph, after the link. */
  after?: string;
}

function wordsOf(kind: string, settings: StaffLeadEmailSettings): Words {
  if (kind === STAFF_LEAD_EMAIL_KINDS.forYou)
    return {
      subject: (name, ref) => `New lead for you: ${name} (${ref})`,
      line: (name, ref) => `${name} (${ref}) is yours to answer.`,
    };
  if (kind === STAFF_LEAD_EMAIL_KINDS.newLead)
    return {
      subject: (name, ref) => `New lead: ${name} (${ref})`,
      line: (name, ref) => `A new quote request came in from ${name} (${ref}).`,
    };
  if (kind === STAFF_LEAD_EMAIL_KINDS.followUp)
    return {
      subject: (name, ref) => `Follow up: ${name} (${ref})`,
      line: (name, ref) => `Today is the day to follow up on ${name} (${ref}).`,
      after: 'Mark the follow-up done on its page once you have.',
    };
  const waited = waitedFor(settings.firstResponseMs);
  return {
    subject: (name, ref) => `Waiting ${waited}: ${name} (${ref})`,
    line: (name, ref) =>
      `Nobody has answered ${name} (${ref}) in ${waited}. Please answer them, or give the lead to someone who can.`,
  };
}

function staffLeadEmailKind(kind: string, settings: StaffLeadEmailSettings): MessageKind {
  const words = wordsOf(kind, settings);
  return {
    kind,
    async prepare(trx, row) {
      const lead = await tablesOf<LeadTables>(trx)
        .selectFrom('quote_requests')
        .select(['name', 'reference', 'spam', 'first_contact_ms'])
        .where('id', '=', leadIdOf(row) ?? -1)
        .executeTakeFirst();
      if (!lead) return { cancelled: 'the quote request was deleted' };
      if (lead.spam) return { cancelled: 'marked as spam' };
      if (kind === STAFF_LEAD_EMAIL_KINDS.escalation && lead.first_contact_ms !== null)
        return { cancelled: 'answered meanwhile' };
      const link = inboxLinkOf(settings.siteUrl, lead.reference);
      const line = words.line(lead.name, lead.reference);
      return {
        from: settings.from,
        to: [row.recipient],
        subject: words.subject(lead.name, lead.reference),
        text: `${line}\n\nOpen the lead:\n${link}\n${words.after ? `\n${words.after}\n` : ''}`,
        html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">Open the lead</a></p>${words.after ? `<p>${escapeHtml(words.after)}</p>` : ''}`,
        messageId: row.message_id,
        headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
      };
    },
    describe: (row) => ({ leadId: leadIdOf(row) }),
  };
}

/** The kinds of the team's emails about a lead, for the outbox. */
export function staffLeadEmailKinds(settings: StaffLeadEmailSettings): MessageKind[] {
  return Object.values(STAFF_LEAD_EMAIL_KINDS).map((kind) => staffLeadEmailKind(kind, settings));
}
