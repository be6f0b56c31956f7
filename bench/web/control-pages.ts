import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PRIVATE_HEADERS, SECURITY_HEADERS } from '../../server/security/security-headers.ts';

/**
 * Blank pages for bench:web to measure beside the site, in the same run, so a
 * busy machine can be told from a slow page: whatever total blocking time a
 * blank page gets is not the page's. One carries the headers of the public
 * pages; the other adds Cross-Origin-Opener-Policy, as the private pages
 * (/admin) have it.
 *
 * COOP makes Chromium open a new browsing context group for a page reached
 * from a page without it, such as the `about:blank` Lighthouse starts from, so
 * the page commits in a new renderer process. That commit (a V8 context made
 * from scratch in a process that has run nothing) is one task before the first
 * paint; Lighthouse's simulation counts it in TBT when it runs long, so even a
 * blank page with COOP gets TBT in some runs. The public pages go without COOP.
 */
export const CONTROL_PAGES = {
  public: { route: 'control: blank, public headers', path: '/public' },
  withCoop: { route: 'control: blank, + COOP (as /admin)', path: '/with-coop' },
} as const;

const page = (title: string) =>
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<title>${title}</title><meta name="description" content="A blank page, measured for comparison.">` +
  `</head><body><p>${title}.</p></body></html>`;

export async function startControlPages(): Promise<{ origin: string; close: () => Promise<void> }> {
  const { 'x-robots-tag': _noindex, ...withCoop } = PRIVATE_HEADERS;
  const pages = new Map<string, { headers: Readonly<Record<string, string>>; body: string }>([
    [CONTROL_PAGES.public.path, { headers: SECURITY_HEADERS, body: page('A blank page') }],
    [CONTROL_PAGES.withCoop.path, { headers: withCoop, body: page('A blank page') }],
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
