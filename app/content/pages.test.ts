import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { company } from '../../common/company';
import { newsletterPaths } from '../../common/newsletter';
import { notFoundPath, quoteThankYouPath } from '../../common/site-paths';
import { absoluteUrl } from '../lib/page-meta';
import { footerQuickLinks, mainNavigation } from './navigation';
import { pageList } from './pages';
import { prerenderPaths, sitePaths } from './site-map';

const routeModules = import.meta.glob<{ meta: () => MetaDescriptor[] }>('../routes/*.tsx');
const moduleOf = (file: string) => routeModules[`../${file}`];
const pageAt = (path: string) => pageList.find((page) => page.path === path)!;
const flowPaths = [quoteThankYouPath, ...Object.values(newsletterPaths)];

describe('the page table', () => {
  it('gives every page its own address and its own route module', () => {
    expect(new Set(pageList.map((page) => page.path)).size).toBe(pageList.length);
    expect(new Set(pageList.map((page) => page.file)).size).toBe(pageList.length);
  });

  it('has an entry for every route module, so none is left out of the build', () => {
    expect(pageList.map((page) => `../${page.file}`).sort()).toEqual(Object.keys(routeModules).sort());
  });

  it('prerenders every page unless it is marked as rendered in the browser only', () => {
    for (const page of pageList) {
      expect(prerenderPaths.includes(page.path)).toBe(page.prerender);
    }
  });

  it('only lists prerendered pages in the sitemap', () => {
    for (const path of sitePaths) expect(prerenderPaths).toContain(path);
  });

  it('prerenders every page the header or the footer links to, and lists it in the sitemap', () => {
    for (const link of [...mainNavigation, ...footerQuickLinks]) {
      expect(prerenderPaths).toContain(link.to);
      expect(sitePaths).toContain(link.to);
    }
  });

  it('labels the header and footer links as the specification does, in its order', () => {
    expect(mainNavigation.map((link) => link.label)).toEqual([
      'Home',
      'About',
      'Services',
      'Contact',
      'Team',
    ]);
    expect(footerQuickLinks.map((link) => link.label)).toEqual([
      'Home',
      'About Us',
      'Contact Us',
      'Our Services',
      'FAQ',
      'Terms & Conditions',
      'Privacy Policy',
    ]);
    expect(mainNavigation.filter((link) => link.end).map((link) => link.to)).toEqual(['/']);
  });

  it('prerenders the flow pages but keeps them out of the sitemap', () => {
    for (const path of flowPaths) {
      expect(prerenderPaths).toContain(path);
      expect(sitePaths).not.toContain(path);
    }
  });

  it('has one catch-all route, the not-found page, prerendered at its own path', () => {
    const catchAll = pageList.filter((page) => page.catchAll);
    expect(catchAll.map((page) => page.path)).toEqual([notFoundPath]);
    expect(prerenderPaths).toContain(notFoundPath);
    expect(sitePaths).not.toContain(notFoundPath);
  });

  it('gives every page the footer newsletter form, and the home page its banner and quote form', () => {
    for (const page of pageList) expect(page.islands).toContain('newsletter-form');
    expect(pageAt('/').islands).toEqual(expect.arrayContaining(['banner', 'quote-form']));
  });

  it.each(pageList.map((page) => [page.path, page] as const))(
    '%s has its title and canonical URL from the table',
    async (_path, page) => {
      const { meta } = await moduleOf(page.file)!();
      const head = meta();
      expect(head).toContainEqual({ title: `${page.title} | ${company.name}` });
      expect(head).toContainEqual({ tagName: 'link', rel: 'canonical', href: absoluteUrl(page.path) });
    },
  );
});
