import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SECURITY_HEADERS } from '../../server/security/security-headers.ts';

/**
 * Two blank pages for bench:web to measure beside the site, so a run's total
 * blocking time can be told apart from the page's own work: one page with the
 * site's security headers, one with the same headers but no
 * Cross-Origin-Opener-Policy. COOP makes Chromium open a new browsing context
 * group, so a page reached from another one (Lighthouse starts from
 * about:blank) commits in a process of its own. That commit is one task
 * before the first paint; Lighthouse's simulation leaves it out of its first
 * paint estimate but counts it in TBT when it runs long, so even a blank page
 * gets some TBT in some runs.
 */
export const CONTROL_PAGES = {
  withCoop: { route: 'control: blank, site headers', path: '/with-coop' },
  withoutCoop: { route: 'control: blank, no COOP', path: '/without-coop' },
} as const;

const BLANK_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  '<title>A blank page</title><meta name="description" content="A blank page, measured for comparison.">' +
  '</head><body><p>A blank page.</p></body></html>';

export async function startControlPages(): Promise<{ origin: string; close: () => Promise<void> }> {
  const { 'cross-origin-opener-policy': _coop, ...withoutCoop } = SECURITY_HEADERS;
  const server = createServer((request, response) => {
    const headers =
      request.url === CONTROL_PAGES.withCoop.path
        ? SECURITY_HEADERS
        : request.url === CONTROL_PAGES.withoutCoop.path
          ? withoutCoop
          : undefined;
    if (!headers) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    // The page has no script or style: the site's policy for pages is not needed, only its headers.
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(BLANK_PAGE);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
