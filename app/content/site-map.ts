import { NEWSLETTER_ARCHIVE_PATH } from '../../common/newsletter-archive';
import { pageList } from './pages';

/** Every page search engines should list, in the order the sitemap lists them. */
export const sitePaths = pageList.filter((page) => page.sitemap).map((page) => page.path);

/** Every prerendered page: the sitemap's, the flow pages (thank-you, newsletter) and the not-found page. */
export const prerenderPaths = pageList.filter((page) => page.prerender).map((page) => page.path);

/**
 * Pages the server writes on each request that search engines should list too: the newsletter archive's
 * index. Each newsletter is linked from it; a sitemap written at build time cannot know them.
 */
export const serverSitemapPaths: readonly string[] = [NEWSLETTER_ARCHIVE_PATH];
