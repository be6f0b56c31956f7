import type { MetaDescriptor } from 'react-router';
import { renderingContent } from './site-content';

/** A page's entry in the page table (content/pages.ts): its title and canonical path. */
export interface PageHead {
  /** The page's own title; the company name is appended. */
  readonly title: string;
  /** The canonical path, e.g. "/about". */
  readonly path: string;
}

/** What the page's content file adds for search results and link previews. */
export interface PageSeo {
  readonly description: string;
}

/** The social card drawn for the site (npm run icons), 1200 x 630. */
const SOCIAL_IMAGE = { path: '/og-image.jpg', width: 1200, height: 630 } as const;

export function absoluteUrl(path: string): string {
  return new URL(path, __SITE_URL__).href;
}

/**
 * Everything a page needs in its head for search engines and link previews:
 * title, description, canonical URL, Open Graph and Twitter card tags, and any
 * JSON-LD structured data.
 */
export function pageMeta(
  { title, path }: PageHead,
  { description }: PageSeo,
  structuredData: readonly object[] = [],
): MetaDescriptor[] {
  const { company } = renderingContent();
  const fullTitle = `${title} | ${company.name}`;
  const url = absoluteUrl(path);
  const image = absoluteUrl(SOCIAL_IMAGE.path);
  const imageAlt = `${company.name}: ${company.tagline}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: company.name },
    { property: 'og:locale', content: 'en_IN' },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(SOCIAL_IMAGE.width) },
    { property: 'og:image:height', content: String(SOCIAL_IMAGE.height) },
    { property: 'og:image:alt', content: imageAlt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: imageAlt },
    ...structuredData.map((data) => ({ 'script:ld+json': data })),
  ];
}

/** A page that search engines should not list (404, thank-you). */
export function noindexMeta(page: PageHead, seo: PageSeo): MetaDescriptor[] {
  return [...pageMeta(page, seo), { name: 'robots', content: 'noindex' }];
}
