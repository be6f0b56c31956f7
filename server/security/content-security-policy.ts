import { createHash } from 'node:crypto';

/**
 * Script types the CSP governs: the ones a browser executes, and speculation
 * rules (which script-src must allow, by hash like a script). Anything else
 * (application/ld+json) is a data block.
 */
const EXECUTABLE_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'speculationrules',
]);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

const sha256Source = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The CSP source expressions ('sha256-…') of every inline script a page runs,
 * computed from the built HTML so the policy needs no 'unsafe-inline'.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1]?.toLowerCase() ?? '';
    if (!EXECUTABLE_TYPES.has(type)) continue;
    hashes.add(sha256Source(body));
  }
  return [...hashes];
}

/** The CSP source expressions of every inline <style> element (the build inlines the stylesheet). */
export function inlineStyleHashes(html: string): string[] {
  return [...new Set([...html.matchAll(STYLE)].map(([, body = '']) => sha256Source(body)))];
}

export interface PolicyOptions {
  /** Hashes of the inline scripts this response may run. */
  scriptHashes?: readonly string[];
  /** Hashes of the inline <style> elements it may apply. */
  styleHashes?: readonly string[];
  /** Extra origins the quote form may post to (when QUOTE_ENDPOINT is on another host). */
  formOrigins?: readonly string[];
}

/**
 * The policy of every response that is not a page (assets, API replies): it
 * may load and run nothing, embed nothing and be framed by no one. Short, as
 * it travels with every asset.
 */
export const NON_PAGE_POLICY =
  "default-src 'none'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * The Content-Security-Policy of the site's pages: everything from the site's own
 * origin, inline scripts and <style> elements only by hash (no style
 * attributes at all), no plugins, no framing, no <base>, and forms only to the
 * site (and the quote endpoint).
 */
export function contentSecurityPolicy({
  scriptHashes = [],
  styleHashes = [],
  formOrigins = [],
}: PolicyOptions = {}): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'", ...styleHashes],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...formOrigins],
    'form-action': ["'self'", ...formOrigins],
    'frame-ancestors': ["'none'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}
