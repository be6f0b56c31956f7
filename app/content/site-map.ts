import { newsletterPaths } from '../../common/newsletter';
import { notFoundPath, quoteThankYouPath } from '../../common/site-paths';

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

/** Pages that only make sense as a step of a flow: prerendered, but not in the sitemap and noindex. */
export const flowPaths = [quoteThankYouPath, ...Object.values(newsletterPaths)];

/** Every prerendered page. */
export const prerenderPaths = [...sitePaths, ...flowPaths, notFoundPath];
