import negotiate from '@fastify/accept-negotiator';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Whether the reply should be a page rather than plain text: a native form
 * post (the browser navigates: Sec-Fetch-Mode: navigate), or, from a browser
 * that does not send Fetch Metadata, an Accept header that prefers HTML. The
 * page's own fetch sends Accept: text/plain; curl sends *\/*: both get text.
 */
export function prefersHtml(headers: IncomingHttpHeaders): boolean {
  const mode = headers['sec-fetch-mode'];
  if (typeof mode === 'string') return mode === 'navigate';
  const accept = headers.accept;
  if (!accept) return false;
  return negotiate(accept, ['text/plain', 'text/html']) === 'text/html';
}
