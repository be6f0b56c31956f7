import type { MetaDescriptor } from 'react-router';
import { company } from '../../../common/company';

/**
 * The head of an inbox page: its title from the page table (with what it shows first, e.g. the lead's
 * name) and noindex. No description or canonical URL: nobody outside should find these pages.
 */
export function adminMeta(page: { readonly title: string }, subject?: string): MetaDescriptor[] {
  const title = subject ? `${subject} · ${page.title}` : page.title;
  return [{ title: `${title} | ${company.name}` }, { name: 'robots', content: 'noindex' }];
}
