import type { IncomingHttpHeaders } from 'node:http';

export interface OriginCheck {
  /** The Host the request was sent to (behind a trusted proxy, X-Forwarded-Host). */
  ownHost: string;
  /** The site's public origin (SITE_URL). */
  siteUrl: string;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isOwnOrigin(origin: string, { ownHost, siteUrl }: OriginCheck): boolean {
  try {
    const url = new URL(origin);
    if (url.origin === siteUrl) return true;
    // Read the Host with the origin's scheme, so "example.com:443" equals https://example.com.
    return url.host === new URL(`${url.protocol}//${ownHost}`).host;
  } catch {
    return false;
  }
}

/**
 * Whether a post comes from another site. A form post (multipart or
 * URL-encoded) gets no CORS preflight, so this is the CSRF defence:
 * - an Origin header must be the site's own (the Host it was sent to, or SITE_URL);
 * - without Origin, Sec-Fetch-Site (sent by modern browsers) must be same-origin or none;
 * - a client that sends neither (curl, a server-side script) is not a browser
 *   acting for someone else, and is allowed.
 */
export function isCrossSite(headers: IncomingHttpHeaders, check: OriginCheck): boolean {
  const origin = header(headers, 'origin');
  if (origin !== undefined) return !isOwnOrigin(origin, check);
  const fetchSite = header(headers, 'sec-fetch-site');
  if (fetchSite !== undefined) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  return false;
}

const SAFE_PATH = /^\/[A-Za-z0-9\-._~/%]{0,200}$/;

/** The path of the page the form was sent from, from a same-site Referer; otherwise "unknown". */
export function sourcePage(headers: IncomingHttpHeaders, check: OriginCheck): string {
  const referer = header(headers, 'referer');
  if (!referer) return 'unknown';
  try {
    const url = new URL(referer);
    if (!isOwnOrigin(url.origin, check)) return 'unknown';
    return SAFE_PATH.test(url.pathname) ? url.pathname : 'unknown';
  } catch {
    return 'unknown';
  }
}
