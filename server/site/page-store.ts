import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { withSiteOrigin } from '../../common/build-origin.ts';
import { notFoundPath } from '../../common/site-paths.ts';
import { inlineScriptHashes, inlineStyleHashes } from '../security/content-security-policy.ts';

/** A prerendered page, held in memory with its precompressed variants. */
export interface Page {
  readonly path: string;
  readonly identity: Buffer;
  readonly br: Buffer | undefined;
  readonly gzip: Buffer | undefined;
  readonly etag: string;
  /** CSP hashes of the page's inline scripts. */
  readonly scriptHashes: readonly string[];
  /** CSP hashes of the page's inline <style> elements. */
  readonly styleHashes: readonly string[];
}

export interface PageStore {
  /** Pages by their canonical path ("/", "/about", "/FAQ"). */
  readonly pages: ReadonlyMap<string, Page>;
  /** Lower-cased path to canonical path, for redirecting "/faq" to "/FAQ". */
  readonly canonicalPaths: ReadonlyMap<string, string>;
  readonly notFound: Page;
  /** The page that starts the pages rendered in the browser (React Router's SPA fallback), if the build has one. */
  readonly appShell: Page | undefined;
  /** The build's files that name the site's origin (sitemap.xml, robots.txt), by path, the origin filled in. */
  readonly originFiles: ReadonlyMap<string, Page>;
  /** What was done to each public page as it was loaded (SITE_URL's origin, then the page transform). */
  readonly transform: PageTransform;
  /** SITE_URL's origin in place of the build's: the not-found page's and the app shell's only change. */
  readonly origin: PageTransform;
}

/** The build's files besides the pages that carry its origin (scripts/write-seo-files.ts). */
const ORIGIN_FILES = ['/sitemap.xml', '/robots.txt'];

/** React Router writes it when some routes are not prerendered. */
const APP_SHELL_FILE = '__spa-fallback.html';

function readOptional(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}

/** Changes a public page's HTML as it is loaded (e.g. adds an inline script); the identity otherwise. */
export type PageTransform = (html: string) => string;

/** A page of these bytes and compressed forms: its ETag and the CSP hashes of its inline scripts and styles. */
export function describePage(
  path: string,
  identity: Buffer,
  br: Buffer | undefined,
  gzip: Buffer | undefined,
): Page {
  const html = identity.toString('utf8');
  return {
    path,
    identity,
    br,
    gzip,
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    scriptHashes: inlineScriptHashes(html),
    styleHashes: inlineStyleHashes(html),
  };
}

/** A file held in memory, compressed here (Brotli at its best quality, gzip -9). */
export function compressedPage(path: string, identity: Buffer): Page {
  return describePage(
    path,
    identity,
    brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzipSync(identity, { level: 9 }),
  );
}

function loadPage(path: string, file: string, transform?: PageTransform): Page {
  const built = readFileSync(file);
  const identity = transform ? Buffer.from(transform(built.toString('utf8')), 'utf8') : built;
  // A changed page is compressed again here (the build's .br and .gz are of the page before).
  if (!identity.equals(built)) return compressedPage(path, identity);
  return describePage(path, identity, readOptional(`${file}.br`), readOptional(`${file}.gz`));
}

function* indexFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* indexFiles(full);
    else if (entry.name === 'index.html') yield full;
  }
}

/**
 * Loads every prerendered page (each `<route>/index.html` of the build) into
 * memory. The build is immutable while the server runs, so this happens once.
 * `transform` changes the public pages only (not the not-found page, not the app shell).
 * `siteUrl` takes the place of the build's origin in every page and in sitemap.xml and robots.txt
 * (common/build-origin.ts); without it they keep the build's.
 */
export function loadPageStore(siteDir: string, transform?: PageTransform, siteUrl?: string): PageStore {
  const origin: PageTransform = (html) => (siteUrl === undefined ? html : withSiteOrigin(html, siteUrl));
  const pageTransform: PageTransform = transform ? (html) => transform(origin(html)) : origin;
  if (!existsSync(join(siteDir, 'index.html'))) {
    throw new Error(`No built site in ${siteDir}: run "npm run build" first.`);
  }
  const pages = new Map<string, Page>();
  let notFound: Page | undefined;
  for (const file of indexFiles(siteDir)) {
    const dir = relative(siteDir, join(file, '..')).split(sep).join('/');
    const path = dir === '' ? '/' : `/${dir}`;
    if (path === notFoundPath) notFound = loadPage(path, file, origin);
    else pages.set(path, loadPage(path, file, pageTransform));
  }
  if (!notFound)
    throw new Error(`The build in ${siteDir} has no not-found page (${notFoundPath}/index.html).`);
  const canonicalPaths = new Map([...pages.keys()].map((path) => [path.toLowerCase(), path]));
  const shellFile = join(siteDir, APP_SHELL_FILE);
  const appShell = existsSync(shellFile) ? loadPage(`/${APP_SHELL_FILE}`, shellFile, origin) : undefined;
  const originFiles = new Map(
    ORIGIN_FILES.filter((path) => existsSync(join(siteDir, path))).map((path) => [
      path,
      loadPage(path, join(siteDir, path), origin),
    ]),
  );
  return { pages, canonicalPaths, notFound, appShell, originFiles, transform: pageTransform, origin };
}
