import { isbot } from 'isbot';
import type { IncomingHttpHeaders } from 'node:http';

/** Sec-Purpose (or the older Purpose) of a prefetch or a Speculation Rules prerender: no one saw it. */
const SPECULATIVE = /prefetch|prerender/i;

/** User agents already judged: a few browsers make most views, and isbot's pattern is the costly part. */
const judged = new Map<string, boolean>();
const JUDGED_MAX = 1_000;

function isBotAgent(userAgent: string): boolean {
  let bot = judged.get(userAgent);
  if (bot === undefined) {
    bot = isbot(userAgent);
    // Emptied when full: no order to keep, and a crawler with endless user agents cannot grow it.
    if (judged.size >= JUDGED_MAX) judged.clear();
    judged.set(userAgent, bot);
  }
  return bot;
}

/**
 * Whether a page request is a person's view: it has a user agent that isbot does not know as a bot, and
 * it is not a prefetch or a prerender (Speculation Rules prerender our own links before any click).
 */
export function isPersonView(headers: IncomingHttpHeaders): boolean {
  const userAgent = headers['user-agent'];
  if (!userAgent || isBotAgent(userAgent)) return false;
  const purpose = headers['sec-purpose'] ?? headers['purpose'];
  if (purpose && SPECULATIVE.test(String(purpose))) return false;
  return true;
}
