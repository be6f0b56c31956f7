import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The built site's main stylesheet (e.g. /assets/root-AbC123.css), read once
 * from the prerendered home page, so server-made pages look like the site.
 * Undefined when there is none: the page is still readable unstyled.
 */
export function findSiteStylesheet(siteDir: string): string | undefined {
  let html: string;
  try {
    html = readFileSync(join(siteDir, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    if (!/\brel=["']?stylesheet\b/i.test(tag)) continue;
    const href = /\bhref=["']([^"']+)["']/i.exec(tag)?.[1];
    if (href && /^\/assets\/[A-Za-z0-9._-]+\.css$/.test(href)) return href;
  }
  return undefined;
}
