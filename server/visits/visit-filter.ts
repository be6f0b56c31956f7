import { isbot } from 'isbot';
import type { IncomingHttpHeaders } from 'node:http';

/** Sec-Purpose (or the older Purpose) of a prefetch or a Speculation Rules prerender: no one saw it. */
const SPECULATIVE = /prefetch|prerender/i;

/**
 * Whether a page request is a person's view: it has a user agent that isbot does not know as a bot, and
 * it is not a prefetch or a prerender (Speculation Rules prerender our own links before any click).
 */
export function isPersonView(headers: IncomingHttpHeaders): boolean {
  const userAgent = headers['user-agent'];
  if (!userAgent || isbot(userAgent)) return false;
  const purpose = headers['sec-purpose'] ?? headers['purpose'];
  if (purpose && SPECULATIVE.test(String(purpose))) return false;
  return true;
}
