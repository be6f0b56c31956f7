import type { ReleaseSummary } from '../../../../common/inbox-api/website-endpoints';
import { WEBSITE_PAGES } from '../../../../common/site-content/website-pages';

/** The link names of the pages a release changed, in the Website section's order. */
export function changedPages(release: ReleaseSummary): string {
  const names = WEBSITE_PAGES.filter((page) => release.changed.includes(page.key)).map((page) => page.name);
  return names.length > 0 ? names.join(', ') : 'No page changed';
}

/** What the inbox says of a refused publish or roll back (the server names the page that failed). */
export function publishError(code: string, message: string): string {
  if (code === 'nothing-to-publish') return `${message} Save a draft of a page first.`;
  if (code === 'render-failed') return `Nothing was published: ${message} The live pages are unchanged.`;
  return message;
}
