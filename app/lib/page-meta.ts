import type { MetaDescriptor } from 'react-router';
import { company } from '../../common/company';

export interface PageSeo {
  /** The page's own title; the company name is appended. */
  readonly title: string;
  readonly description: string;
  /** The canonical path, e.g. "/about". */
  readonly path: string;
}

export function absoluteUrl(path: string): string {
  return new URL(path, __SITE_URL__).href;
}

/** Title, description and canonical link of one page. */
export function pageMeta({ title, description, path }: PageSeo): MetaDescriptor[] {
  const fullTitle = title === company.name ? title : `${title} | ${company.name}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: absoluteUrl(path) },
  ];
}
