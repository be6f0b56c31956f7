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

export const prerenderPaths = [...sitePaths, notFoundPath];
