import { createHash } from 'node:crypto';

/** Script types a browser executes; anything else (e.g. application/ld+json) is a data block. */
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

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
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

export interface PolicyOptions {
  /** Hashes of the inline scripts this response may run. */
  scriptHashes?: readonly string[];
  /** Extra origins the quote form may post to (when QUOTE_ENDPOINT is on another host). */
  formOrigins?: readonly string[];
}

/**
 * The Content-Security-Policy of the site: everything from the site's own
 * origin, inline scripts only by hash, no inline styles, no plugins, no
 * framing, no <base>, and forms only to the site (and the quote endpoint).
 */
export function contentSecurityPolicy({ scriptHashes = [], formOrigins = [] }: PolicyOptions = {}): string {
  const directives: Record<string, readonly string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'"],
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
