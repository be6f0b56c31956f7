import { inboxPaths } from '../../common/inbox-paths.ts';
import { formatFileSize } from '../../common/attachments.ts';
import type { LeadFile } from '../attachments/lead-files-read.ts';
import { escapeHtml } from '../mail/escape-html.ts';

/**
 * Where staff find the lead: the inbox searched for its reference, which finds that one lead. Not the
 * lead's own page: its address holds the row id, which an email (quoted in a reply to the visitor) never
 * gives away.
 */
export function inboxLinkOf(siteUrl: string, reference: string): string {
  const url = new URL(inboxPaths.leads, siteUrl);
  url.searchParams.set('q', reference);
  return url.toString();
}

/**
 * The files of a lead, in the notification: each named with its size, and where to download them. The
 * files themselves are never attached: mail has size limits, and malware does not belong in mailboxes.
 */
export function emailFilesSection(
  files: readonly LeadFile[],
  link: string,
): { text: string[]; html: string } {
  if (files.length === 0) return { text: [], html: '' };
  const heading = `Attachments (${files.length})`;
  const lines = files.map((file) => `${file.name} (${formatFileSize(file.size)})`);
  const where = 'Download them from the lead in the inbox (they are not attached to this email):';
  return {
    text: ['', `${heading}:`, ...lines.map((line) => `- ${line}`), where, link],
    html: `<h2 style="font-size: 16px;">${escapeHtml(heading)}</h2>
<ul>
${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}
</ul>
<p>${escapeHtml(where)} <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  };
}
