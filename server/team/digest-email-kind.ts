import { inboxPaths } from '../../common/inbox-paths.ts';
import { escapeHtml } from '../mail/escape-html.ts';
import type { MailAddress } from '../mail/mail-address.ts';
import type { MessageKind } from '../outbox/message-kind.ts';
import { namedLeads } from '../leads/lead-lookups.ts';
import { inboxLinkOf } from '../leads/quote-email-files.ts';
import { DIGEST_EMAIL_KIND, type DigestContent } from './daily-digest.ts';

interface List {
  leads: { name: string; reference: string }[];
  total: number;
}

const SECTIONS = [
  ['waiting', 'Waiting for a first contact'],
  ['followUps', 'Follow-ups due'],
  ['replies', 'New replies'],
] as const;

function sectionText(title: string, list: List, siteUrl: string): string {
  const lines = list.leads.map(
    (lead) => `- ${lead.name} (${lead.reference}): ${inboxLinkOf(siteUrl, lead.reference)}`,
  );
  const more = list.total > list.leads.length ? [`…and ${list.total - list.leads.length} more`] : [];
  return [`${title} (${list.total})`, ...(list.total === 0 ? ['Nothing.'] : [...lines, ...more])].join('\n');
}

function sectionHtml(title: string, list: List, siteUrl: string): string {
  const items = list.leads
    .map(
      (lead) =>
        `<li><a href="${escapeHtml(inboxLinkOf(siteUrl, lead.reference))}">${escapeHtml(lead.name)} (${escapeHtml(lead.reference)})</a></li>`,
    )
    .join('');
  const more = list.total > list.leads.length ? `<p>…and ${list.total - list.leads.length} more</p>` : '';
  return `<h2>${escapeHtml(title)} (${list.total})</h2>${list.total === 0 ? '<p>Nothing.</p>' : `<ul>${items}</ul>${more}`}`;
}

/**
 * The daily digest (Account → Notifications): the lists it was queued with (the row's payload), each
 * lead's name and reference with a link to it, and a link to the inbox.
 */
export function digestEmailKind(settings: { from: MailAddress; siteUrl: string }): MessageKind {
  return {
    kind: DIGEST_EMAIL_KIND,
    async prepare(trx, row) {
      if (!row.payload) return { cancelled: 'nothing to tell' };
      const queued = JSON.parse(row.payload) as DigestContent;
      const ids = [...queued.waiting.ids, ...queued.followUps.ids, ...queued.replies.ids];
      const found = await namedLeads(trx, ids);
      const byId = new Map(found.map((lead) => [lead.id, lead]));
      const listOf = ({ ids: listed, total }: DigestContent['waiting']): List => ({
        leads: listed.flatMap((id) => byId.get(id) ?? []),
        total,
      });
      const content = {
        waiting: listOf(queued.waiting),
        followUps: listOf(queued.followUps),
        replies: listOf(queued.replies),
      };
      const inbox = new URL(inboxPaths.leads, settings.siteUrl).toString();
      const text = SECTIONS.map(([key, title]) => sectionText(title, content[key], settings.siteUrl)).join(
        '\n\n',
      );
      const html = SECTIONS.map(([key, title]) => sectionHtml(title, content[key], settings.siteUrl)).join(
        '',
      );
      return {
        from: settings.from,
        to: [row.recipient],
        subject: `Your day in the inbox: ${content.waiting.total} waiting, ${content.followUps.total} to follow up, ${content.replies.total} new ${content.replies.total === 1 ? 'reply' : 'replies'}`,
        text: `${text}\n\nOpen the inbox:\n${inbox}\n`,
        html: `${html}<p><a href="${escapeHtml(inbox)}">Open the inbox</a></p>`,
        messageId: row.message_id,
        headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
      };
    },
  };
}
