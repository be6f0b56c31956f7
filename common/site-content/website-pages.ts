import type { SiteContent } from './site-content.ts';

/** A page of the Website section: a part of the site's content. */
export type WebsitePageKey = keyof SiteContent;

export interface WebsitePage {
  readonly key: WebsitePageKey;
  /** Its link name in the Website section. */
  readonly name: string;
  /** The public pages that render this part (a change renders them again); company details: every page. */
  readonly paths: readonly string[] | 'every-page';
  /** The public page a preview of it opens. */
  readonly previewPath: string;
}

/** The Website section's pages, in the order of its list. */
export const WEBSITE_PAGES: readonly WebsitePage[] = [
  { key: 'home', name: 'Home', paths: ['/'], previewPath: '/' },
  { key: 'about', name: 'About', paths: ['/about'], previewPath: '/about' },
  // The home page shows the services' cards too.
  { key: 'services', name: 'Services', paths: ['/services', '/'], previewPath: '/services' },
  { key: 'contact', name: 'Contact', paths: ['/contact'], previewPath: '/contact' },
  { key: 'team', name: 'Our team', paths: ['/our-team'], previewPath: '/our-team' },
  { key: 'faq', name: 'FAQ', paths: ['/FAQ'], previewPath: '/FAQ' },
  {
    key: 'terms',
    name: 'Terms and conditions',
    paths: ['/termsandconditions'],
    previewPath: '/termsandconditions',
  },
  { key: 'privacy', name: 'Privacy policy', paths: ['/privacypolicy'], previewPath: '/privacypolicy' },
  { key: 'company', name: 'Company details', paths: 'every-page', previewPath: '/contact' },
];

export const WEBSITE_PAGE_KEYS = WEBSITE_PAGES.map((page) => page.key) as [
  WebsitePageKey,
  ...WebsitePageKey[],
];
