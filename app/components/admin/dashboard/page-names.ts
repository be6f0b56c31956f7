import { pages } from '../../../content/pages';

/** A lead whose form was sent with no Referer of the site's own is recorded from the page "unknown". */
const UNKNOWN_SOURCE = 'unknown';

/** What staff read for such a lead's page. */
export const UNKNOWN_PAGE_NAME = 'Unknown page';

/** Each public page's name as the site's own links call it ("Home" for "/"), else its title. */
const names = new Map<string, string>(
  Object.values(pages).map((page) => [
    page.path,
    ('header' in page ? page.header?.label : undefined) ??
      ('footer' in page ? page.footer?.label : undefined) ??
      page.title,
  ]),
);

/**
 * A page of the dashboard by its name ("/" is "Home", "/our-team" is "Team"); a path the site does not
 * name (a campaign's archive page) as it is; a lead's unknown page as "Unknown page".
 */
export function pageNameOf(path: string): string {
  if (path === UNKNOWN_SOURCE) return UNKNOWN_PAGE_NAME;
  return names.get(path) ?? path;
}
