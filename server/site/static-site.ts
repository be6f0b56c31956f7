import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Page, PageStore } from './page-store.ts';
import { createServedPages, type PagePolicy, type ServedPages } from './served-pages.ts';

export interface StaticSiteOptions {
  /** The build: its assets and other files are served from here. */
  siteDir: string;
  /**
   * Its prerendered pages, loaded once from `siteDir` (loadPageStore, which refuses a missing build),
   * by whoever builds the app, so that others may know the pages too.
   */
  store: PageStore;
  /** The Content-Security-Policy of a page, given the hashes of its inline scripts and styles. */
  pagePolicy?: PagePolicy;
  /**
   * The public pages served now, which a release replaces (createServedPages of `store` and
   * `pagePolicy`, made by whoever hands it to the features too); made here when not given.
   */
  served?: ServedPages;
  /**
   * Paths whose pages are rendered in the browser (private pages: never
   * prerendered, never indexed): every GET under them gets the app shell, so a
   * reload or a shared link works. E.g. ["/admin"].
   */
  appShellPaths?: readonly string[];
  /**
   * Told of each view of a public prerendered page: a GET answered 200, or 304 (the page shown again
   * from the browser's cache is still a page shown). Never the app shell, the not-found page, an
   * asset, a redirect or a HEAD. Called on the request's path: it must not wait, and must not throw.
   */
  onPageView?: (request: FastifyRequest, page: Pick<Page, 'path'>) => void;
}

/** Hashed build output: safe to cache for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** HTML: always revalidated, so a new deploy is seen at once. */
const REVALIDATE = 'no-cache';
/** Other unhashed files (favicon, robots.txt): cached for a day. */
const SHORT = 'public, max-age=86400';

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at)];
}

function stripTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  status: number,
  policy: string | undefined,
) {
  if (policy) reply.header('content-security-policy', policy);
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', REVALIDATE)
    .header('vary', 'Accept-Encoding');
  return status === 200 ? sendFresh(request, reply, page) : sendEncoded(request, reply, page);
}

/** The file, or 304 when the client holds this version (its ETag). */
function sendFresh(request: FastifyRequest, reply: FastifyReply, page: Page) {
  reply.header('etag', page.etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === page.etag)) {
    return reply.code(304).send();
  }
  return sendEncoded(request, reply, page);
}

/** The file in the best encoding the client accepts. */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, page: Page) {
  const accepted = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) as Encoding | null;
  const encoded = accepted === 'br' ? page.br : accepted === 'gzip' ? page.gzip : undefined;
  if (accepted && encoded) {
    reply.header('content-encoding', accepted);
    return reply.send(encoded);
  }
  return reply.send(page.identity);
}

/**
 * Serves the built site: prerendered pages from memory (with Brotli or gzip
 * when the client accepts it), hashed assets with a one-year immutable cache,
 * "/faq"-style case variants redirected to the canonical path, and the
 * not-found page with status 404 for everything else.
 */
export async function staticSite(app: FastifyInstance, options: StaticSiteOptions) {
  const { store, onPageView } = options;
  const served = options.served ?? createServedPages(store, options.pagePolicy);

  // The same paths as the build's; the page at each (and its policy) is the one served now.
  for (const path of store.pages.keys()) {
    app.get(path, (request, reply) => {
      const current = served.page(path);
      if (!current) return reply.callNotFound();
      // 200 or 304 here (sendPage answers nothing else for a page); Fastify answers HEAD with this route too.
      if (onPageView && request.method === 'GET') onPageView(request, current.page);
      return sendPage(request, reply, current.page, 200, current.policy);
    });
  }
  const notFoundPolicy = options.pagePolicy?.(store.notFound);
  // sitemap.xml and robots.txt, which name the site's origin: from memory, the origin filled in (the
  // sitemap as it is now: a release changes its pages' lastmod).
  for (const file of store.originFiles.values()) {
    const type = file.path.endsWith('.xml') ? 'application/xml' : 'text/plain; charset=utf-8';
    const current = file.path === '/sitemap.xml' ? () => served.sitemap() ?? file : () => file;
    app.get(file.path, (request, reply) => {
      reply.type(type).header('cache-control', SHORT).header('vary', 'Accept-Encoding');
      return sendFresh(request, reply, current());
    });
  }

  const { appShell } = store;
  if (appShell) {
    const policy = options.pagePolicy?.(appShell);
    const sendShell = (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('x-robots-tag', 'noindex, nofollow');
      return sendPage(request, reply, appShell, 200, policy);
    };
    for (const prefix of options.appShellPaths ?? []) {
      app.get(prefix, sendShell);
      app.get(`${prefix}/*`, sendShell);
    }
  }

  await app.register(fastifyStatic, {
    root: options.siteDir,
    wildcard: true,
    index: false,
    redirect: false,
    preCompressed: true,
    cacheControl: false,
    // Hashed files never change: an ETag is all a revalidation (a forced reload) needs.
    etag: true,
    lastModified: false,
    acceptRanges: false,
    // Pages are served from memory above; .html files and directories are not addressable, and the
    // precompressed copies (.br, .gz) only through content negotiation, never by name, in any case (a
    // case-insensitive file system would find "app.js.br" at "/app.js.BR").
    allowedPath: (pathName) => !/(\.html|\.br|\.gz|\/)$/i.test(pathName),
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', filePath.includes('/assets/') ? IMMUTABLE : SHORT);
    },
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') {
      // Case variants of a page ("/faq", "/About/") move permanently to the real path.
      const [pathname = '/', query = ''] = splitUrl(request.url);
      const canonical = store.canonicalPaths.get(stripTrailingSlash(pathname).toLowerCase());
      if (canonical) return reply.redirect(canonical + query, 301);
      return sendPage(request, reply, store.notFound, 404, notFoundPolicy);
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found.');
  });
}
