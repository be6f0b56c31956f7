import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { inboxPaths } from '../../common/inbox-paths';
import { company } from '../../common/company';
import { newsletterPaths } from '../../common/newsletter';
import { notFoundPath, quoteThankYouPath } from '../../common/site-paths';
import { absoluteUrl } from '../lib/page-meta';
import reactRouterConfig from '../../react-router.config';
import { sitemapXml } from '../../scripts/lib/seo-files';
import routes from '../routes';
import { footerQuickLinks, mainNavigation } from './navigation';
import { adminPages } from './admin-pages';
import { type LayoutName, layouts, type Page, pageList } from './pages';
import { prerenderPaths, sitePaths } from './site-map';

const routeModules = import.meta.glob<{ meta: () => MetaDescriptor[] }>([
  '../routes/**/*.tsx',
  '!../routes/**/*.test.tsx',
]);
const moduleOf = (file: string) => routeModules[`../${file}`];
const pageAt = (path: string) => pageList.find((page) => page.path === path)!;
const flowPaths = [quoteThankYouPath, ...Object.values(newsletterPaths)];
const publicPages = pageList.filter((page) => !page.path.startsWith(inboxPaths.leads));
const inboxPages = pageList.filter((page) => page.path.startsWith(inboxPaths.leads));
const layoutFiles = Object.values(layouts).map((layout) => layout.file);

/** The layouts a page sits in, innermost first. */
function layoutChain(name: LayoutName | undefined): LayoutName[] {
  const chain: LayoutName[] = [];
  for (let at = name; at; at = layouts[at].parent) chain.push(at);
  return chain;
}

describe('the page table', () => {
  it('gives every page its own address and its own route module', () => {
    expect(new Set(pageList.map((page) => page.path)).size).toBe(pageList.length);
    expect(new Set(pageList.map((page) => page.file)).size).toBe(pageList.length);
  });

  it('has an entry for every route module (a page or a layout), so none is left out of the build', () => {
    expect([...pageList.map((page) => page.file), ...layoutFiles].map((file) => `../${file}`).sort()).toEqual(
      Object.keys(routeModules).sort(),
    );
  });

  it('hands React Router every page marked prerender, and only those, to write at build time', () => {
    expect(reactRouterConfig.prerender).toEqual(
      pageList.filter((page) => page.prerender).map((page) => page.path),
    );
  });

  it('writes into sitemap.xml every page marked sitemap, then the newsletter archive, and no other', () => {
    const listed = [...sitemapXml(__SITE_URL__, '2026-01-01').matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1],
    );
    expect(listed).toEqual([
      ...pageList.filter((page) => page.sitemap).map((page) => absoluteUrl(page.path)),
      absoluteUrl('/newsletter/archive'),
    ]);
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

  it('gives every public page the footer newsletter form, and the home page its banner and quote form', () => {
    for (const page of publicPages) expect(page.islands).toContain('newsletter-form');
    expect(pageAt('/').islands).toEqual(expect.arrayContaining(['banner', 'quote-form']));
  });

  it.each(publicPages.map((page) => [page.path, page] as const))(
    '%s has its title and canonical URL from the table',
    async (_path, page) => {
      const { meta } = await moduleOf(page.file)!();
      const head = meta();
      expect(head).toContainEqual({ title: `${page.title} | ${company.name}` });
      expect(head).toContainEqual({ tagName: 'link', rel: 'canonical', href: absoluteUrl(page.path) });
    },
  );
});

describe('the inbox in the page table', () => {
  it('has one page at every address of the inbox', () => {
    const matches = (pattern: string, path: string) =>
      new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`).test(path);
    const paths = Object.values(inboxPaths).map((path) =>
      typeof path === 'function' ? path(7 as never) : path,
    );
    for (const path of paths) expect(inboxPages.filter((page) => matches(page.path, path))).toHaveLength(1);
    expect(inboxPages).toEqual(Object.values(adminPages));
  });

  it('never prerenders an inbox page, nor lists one in the sitemap or the site navigation', () => {
    for (const page of inboxPages) {
      expect(page.prerender).toBe(false);
      expect(prerenderPaths).not.toContain(page.path);
      expect(sitePaths).not.toContain(page.path);
      expect(page.header).toBeUndefined();
      expect(page.footer).toBeUndefined();
    }
    for (const link of [...mainNavigation, ...footerQuickLinks]) expect(link.to).not.toMatch(/^\/admin/);
  });

  it('puts every inbox page under the admin layout, and the signed-in ones under the staff layout too', () => {
    for (const page of inboxPages) expect(layoutChain(page.layout).at(-1)).toBe('admin');
    const signedOut: readonly Page[] = [adminPages.signIn, adminPages.invitation];
    for (const page of inboxPages) {
      expect(layoutChain(page.layout).includes('staff')).toBe(!signedOut.includes(page));
    }
  });

  it('nests the routes as the table says: each inbox page inside its layouts, the public pages at the top', () => {
    const parents = new Map<string, string[]>();
    const walk = (entries: readonly RouteConfigEntry[], chain: string[]) => {
      for (const entry of entries) {
        parents.set(entry.file, chain);
        walk(entry.children ?? [], [...chain, entry.file]);
      }
    };
    walk(routes, []);
    for (const page of inboxPages) {
      const expected = layoutChain(page.layout)
        .reverse()
        .map((name) => layouts[name].file);
      expect(parents.get(page.file)).toEqual(expected);
    }
    for (const page of publicPages) expect(parents.get(page.file)).toEqual([]);
  });

  it('keeps every public page out of the layouts (the site header and footer frame them)', () => {
    for (const page of publicPages) expect(page.layout).toBeUndefined();
  });

  it.each(inboxPages.map((page) => [page.path, page] as const))(
    '%s has its title from the table and is never indexed',
    async (_path, page) => {
      const { meta } = await moduleOf(page.file)!();
      const head = meta();
      expect(head).toContainEqual({ title: `${page.title} | ${company.name}` });
      expect(head).toContainEqual({ name: 'robots', content: 'noindex' });
      expect(head.some((tag) => 'rel' in tag && tag.rel === 'canonical')).toBe(false);
    },
  );
});
