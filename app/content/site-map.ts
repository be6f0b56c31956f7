import { newsletterPaths } from '../../common/newsletter';

/** Every public route of the site, in the order the sitemap lists them. */
export const sitePaths = [
  '/',
  '/about',
  '/services',
  '/contact',
  '/our-team',
  '/FAQ',
  '/termsandconditions',
  '/privacypolicy',
] as const;

export type SitePath = (typeof sitePaths)[number];

/** The prerendered not-found page; the server sends it with status 404. */
export const notFoundPath = '/404';

/** Where a quote request posted without JavaScript lands (303 See Other from the server). */
export const quoteThankYouPath = '/thank-you';

/** Pages that only make sense as a step of a flow: prerendered, but not in the sitemap and noindex. */
export const flowPaths = [quoteThankYouPath, ...Object.values(newsletterPaths)];

/** Every prerendered page. */
export const prerenderPaths = [...sitePaths, ...flowPaths, notFoundPath];
