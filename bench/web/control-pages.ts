import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SECURITY_HEADERS } from '../../server/security/security-headers.ts';

/**
 * Blank pages for bench:web to measure beside the site, so a run's total
 * blocking time can be told apart from the page's own work: a page with the
 * site's security headers, the same page without Cross-Origin-Opener-Policy,
 * and a start page on the same origin with the site's headers (to reach the
 * first from, as bench:web reaches the site's pages from the site).
 *
 * COOP makes Chromium open a new browsing context group for a page reached
 * from a page without it, such as the `about:blank` Lighthouse starts from, so
 * the page commits in a new renderer process. That commit (a V8 context made
 * from scratch in a process that has run nothing) is one task before the first
 * paint; Lighthouse's simulation leaves it out of its first-paint estimate but
 * counts it in TBT when it runs long, so even a blank page gets TBT in some runs.
 * Reached from a page of its own origin, it commits in that page's process.
 */
export const CONTROL_PAGES = {
  withCoop: { route: 'control: blank, site headers', path: '/with-coop' },
  withoutCoop: { route: 'control: blank, no COOP', path: '/without-coop' },
} as const;

/** The same-origin page a control is reached from, with the site's headers. */
export const CONTROL_START_PATH = '/start';

const page = (title: string) =>
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>${title}</title><meta name="description" content="A blank page, measured for comparison.">` +
  `</head><body><p>${title}.</p></body></html>`;

export async function startControlPages(): Promise<{ origin: string; close: () => Promise<void> }> {
  const { 'cross-origin-opener-policy': _coop, ...withoutCoop } = SECURITY_HEADERS;
  const pages = new Map([
    [CONTROL_PAGES.withCoop.path, { headers: SECURITY_HEADERS, body: page('A blank page') }],
    [CONTROL_PAGES.withoutCoop.path, { headers: withoutCoop, body: page('A blank page') }],
    [CONTROL_START_PATH, { headers: SECURITY_HEADERS, body: page('A start page') }],
  ]);
  const server = createServer((request, response) => {
    const found = pages.get(request.url ?? '');
    if (!found) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    // The pages have no script or style: the site's policy for pages is not needed, only its headers.
    response.writeHead(200, { ...found.headers, 'content-type': 'text/html; charset=utf-8' }).end(found.body);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}
