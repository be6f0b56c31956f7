import { newsletterPaths } from '../../common/newsletter';
import { notFoundPath, quoteThankYouFilesNotKeptPath, quoteThankYouPath } from '../../common/site-paths';
import type { IslandName } from '../islands/island';
import { adminPages } from './admin-pages';

/**
 * The page table: every page of the site, once. routes.ts, the prerender list
 * and the sitemap (site-map.ts) and the header and footer links
 * (navigation.ts) are all read from it, and each page's title and canonical
 * path in its head come from its entry here. The private inbox's pages are
 * part of it (pageList), written in admin-pages.ts and each nested in a
 * layout route (layouts).
 */

/** A link to the page in the header bar or the footer's quick links: its text and place (1 = first). */
interface NavPlacement {
  readonly label: string;
  readonly order: number;
}

interface PageFields {
  /** The route module, relative to app/. */
  readonly file: `routes/${string}.tsx`;
  /** The page's address: its canonical URL and, when prerendered, where its HTML is written. */
  readonly path: `/${string}`;
  /** The title in the tab, search results and link previews; the company name is appended. */
  readonly title: string;
  readonly header?: NavPlacement;
  readonly footer?: NavPlacement;
  /** Its interactive parts; the build adds each one's script to the page (scripts/tune-prerendered-html.ts). */
  readonly islands: readonly IslandName[];
}

/** How the page is built and listed; every page says whether it is prerendered. */
type Delivery =
  /** HTML written at build time; pages reached only through a flow stay out of the sitemap. */
  | {
      readonly prerender: true;
      readonly sitemap: boolean;
      readonly catchAll?: false;
      readonly layout?: never;
    }
  /**
   * Rendered in the browser only (the /admin inbox): no HTML of its own (the server answers with the app
   * shell), never in the sitemap, always inside a layout route.
   */
  | {
      readonly prerender: false;
      readonly sitemap: false;
      readonly catchAll?: false;
      readonly layout: LayoutName;
    }
  /** The route for every unknown path, prerendered once at its own path; the server sends it with 404. */
  | {
      readonly catchAll: true;
      readonly path: typeof notFoundPath;
      readonly prerender: true;
      readonly sitemap: false;
      readonly layout?: never;
    };

export type Page = PageFields & Delivery;

/**
 * A layout route: a frame around the pages that name it, with no address of its own. A layout may sit in
 * another (parent), so the signed-in pages share the frame of every /admin page and add their own part.
 */
interface Layout {
  /** The route module, relative to app/. */
  readonly file: `routes/${string}.tsx`;
  readonly parent?: LayoutName;
}

export type LayoutName = 'admin' | 'staff';

/** The route id of a layout is this prefix and its name (routes.ts); the root tells its pages by it. */
export const LAYOUT_ROUTE_ID_PREFIX = 'layout-';

export const layouts: Readonly<Record<LayoutName, Layout>> = {
  /** Every /admin page: the inbox's own header (no site header or footer), skip link and main, noindex. */
  admin: { file: 'routes/admin/admin-layout.tsx' },
  /** The signed-in pages: who is signed in (or off to sign in), the navigation, Sign out. */
  staff: { file: 'routes/admin/staff-layout.tsx', parent: 'admin' },
};

/** The site footer, with its newsletter form, is on every page. */
const footerIslands = ['newsletter-form'] as const;

/** In the order of the routes and the sitemap. */
export const pages = {
  home: {
    file: 'routes/home.tsx',
    path: '/',
    title: 'Software, Marketing & UI/UX Design in Ludhiana',
    header: { label: 'Home', order: 1 },
    footer: { label: 'Home', order: 1 },
    prerender: true,
    sitemap: true,
    islands: ['banner', 'quote-form', ...footerIslands],
  },
  about: {
    file: 'routes/about.tsx',
    path: '/about',
    title: 'About Us',
    header: { label: 'About', order: 2 },
    footer: { label: 'About Us', order: 2 },
    prerender: true,
    sitemap: true,
    islands: footerIslands,
  },
  services: {
    file: 'routes/services.tsx',
    path: '/services',
    title: 'Our Services',
    header: { label: 'Services', order: 3 },
    footer: { label: 'Our Services', order: 4 },
    prerender: true,
    sitemap: true,
    islands: footerIslands,
  },
  contact: {
    file: 'routes/contact.tsx',
    path: '/contact',
    title: 'Contact Us',
    header: { label: 'Contact', order: 4 },
    footer: { label: 'Contact Us', order: 3 },
    prerender: true,
    sitemap: true,
    islands: footerIslands,
  },
  team: {
    file: 'routes/our-team.tsx',
    path: '/our-team',
    title: 'Our Team',
    header: { label: 'Team', order: 5 },
    prerender: true,
    sitemap: true,
    islands: footerIslands,
  },
  faq: {
    file: 'routes/faq.tsx',
    path: '/FAQ',
    title: 'Frequently Asked Questions',
    footer: { label: 'FAQ', order: 5 },
    prerender: true,
    sitemap: true,
    islands: footerIslands,
  },
  terms: {
    file: 'routes/terms.tsx',
    path: '/termsandconditions',
    title: 'Terms & Conditions',
    footer: { label: 'Terms & Conditions', order: 6 },
    prerender: true,
    sitemap: true,
    islands: footerIslands,
  },
  privacy: {
    file: 'routes/privacy.tsx',
    path: '/privacypolicy',
    title: 'Privacy Policy',
    footer: { label: 'Privacy Policy', order: 7 },
    prerender: true,
    sitemap: true,
    islands: footerIslands,
  },
  thankYou: {
    file: 'routes/thank-you.tsx',
    path: quoteThankYouPath,
    title: 'Thank You',
    prerender: true,
    sitemap: false,
    islands: footerIslands,
  },
  thankYouFilesNotKept: {
    file: 'routes/thank-you-files-not-kept.tsx',
    path: quoteThankYouFilesNotKeptPath,
    title: 'Thank You: Files Not Kept',
    prerender: true,
    sitemap: false,
    islands: footerIslands,
  },
  newsletterCheckInbox: {
    file: 'routes/newsletter-check-inbox.tsx',
    path: newsletterPaths.checkInbox,
    title: 'Newsletter: Check your inbox',
    prerender: true,
    sitemap: false,
    islands: footerIslands,
  },
  newsletterConfirm: {
    file: 'routes/newsletter-confirm.tsx',
    path: newsletterPaths.confirm,
    title: 'Newsletter: Confirm your subscription',
    prerender: true,
    sitemap: false,
    islands: footerIslands,
  },
  newsletterConfirmed: {
    file: 'routes/newsletter-confirmed.tsx',
    path: newsletterPaths.confirmed,
    title: 'Newsletter: You are subscribed',
    prerender: true,
    sitemap: false,
    islands: footerIslands,
  },
  newsletterUnsubscribe: {
    file: 'routes/newsletter-unsubscribe.tsx',
    path: newsletterPaths.unsubscribe,
    title: 'Newsletter: Unsubscribe from our newsletter',
    prerender: true,
    sitemap: false,
    islands: footerIslands,
  },
  newsletterUnsubscribed: {
    file: 'routes/newsletter-unsubscribed.tsx',
    path: newsletterPaths.unsubscribed,
    title: 'Newsletter: You are unsubscribed',
    prerender: true,
    sitemap: false,
    islands: footerIslands,
  },
  notFound: {
    file: 'routes/not-found.tsx',
    path: notFoundPath,
    catchAll: true,
    title: 'Page Not Found',
    prerender: true,
    sitemap: false,
    islands: footerIslands,
  },
} as const satisfies Record<string, Page>;

/** The table as a list, in its order: the public pages, then the inbox's. */
export const pageList: readonly Page[] = /* @__PURE__ */ listOf(pages, adminPages);

function listOf(...tables: Readonly<Record<string, Page>>[]): readonly Page[] {
  return tables.flatMap((table) => Object.values(table));
}
