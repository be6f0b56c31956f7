import { type Page, pages } from './pages';

export interface NavItem {
  readonly label: string;
  readonly to: string;
  /** Marked current only on an exact match of the path (the Home link). */
  readonly end?: boolean;
}

/**
 * The links of one place, in their order there; labels and places are in the page table. Only public
 * pages have a place (the inbox's are never linked from the site).
 */
function linksIn(place: 'header' | 'footer'): readonly NavItem[] {
  return Object.values<Page>(pages)
    .flatMap((page) => {
      const link = page[place];
      return link ? [{ ...link, to: page.path }] : [];
    })
    .sort((a, b) => a.order - b.order)
    .map(({ label, to }) => (to === '/' ? { label, to, end: true } : { label, to }));
}

/** The navigation bar: Home, About, Services, Contact, Team. */
export const mainNavigation = linksIn('header');

/** The footer's quick links, in the page table's order. */
export const footerQuickLinks = linksIn('footer');

export { quoteHref, serviceHref } from './page-anchors';
