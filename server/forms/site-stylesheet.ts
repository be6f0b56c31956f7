import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The site's stylesheet as the built pages carry it: a link to a hashed file
 * (e.g. /assets/root-AbC123.css), or, since the build inlines it, the text
 * of their one <style> element with its CSP hash.
 */
export type SiteStylesheet = { href: string } | { css: string; hash: string };

/**
 * Read once from the prerendered home page, so the pages the server writes
 * look like the site. Undefined when there is none: such a page is still
 * readable unstyled.
 */
export function findSiteStylesheet(siteDir: string): SiteStylesheet | undefined {
  let html: string;
  try {
    html = readFileSync(join(siteDir, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)];
  const css = styles.length === 1 ? styles[0]?.[1] : undefined;
  if (css) return { css, hash: `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'` };
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']?stylesheet\b/i.test(tag)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href && /^\/assets\/[A-Za-z0-9._-]+\.css$/.test(href)) return { href };
  }
  return undefined;
}

/**
 * The policy of the pages the server writes: no scripts at all, the site's
 * stylesheet only (from our origin, or inline by its hash), and forms may only
 * post back to us. A page for search engines (`indexed`: the newsletter
 * archive) also shows images from any https address, as a newsletter's email
 * does, and may fetch from our origin: tools that check a page for search
 * engines (Lighthouse) read /robots.txt from within it. It runs no script of its own.
 */
export function serverPagePolicy(
  stylesheet: SiteStylesheet | undefined,
  { indexed = false }: { indexed?: boolean } = {},
): string {
  const styles = stylesheet && 'hash' in stylesheet ? `'self' ${stylesheet.hash}` : "'self'";
  const images = indexed ? "img-src 'self' https:; connect-src 'self'" : "img-src 'self'";
  return `default-src 'none'; style-src ${styles}; ${images}; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;
}
