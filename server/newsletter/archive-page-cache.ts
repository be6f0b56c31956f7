import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * Fast enough to compress once per version of a page (a millisecond or two for the page and its
 * inlined stylesheet, some 60 KB), and most of Brotli's gain: the page goes out at a fifth of its size.
 */
const BROTLI_QUALITY = 5;

/** Pages kept: the index and the most read campaigns (each some 60 KB, and its compressed forms). */
const PAGES_KEPT = 64;

/** A rendered page of the archive: its HTML, its ETag, and its compressed forms once asked for. */
export interface ArchivePage {
  html: string;
  etag: string;
  brotli(): Buffer;
  gzip(): Buffer;
}

function archivePage(html: string): ArchivePage {
  let brotli: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    html,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    brotli: () =>
      (brotli ??= brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } })),
    gzip: () => (gzip ??= gzipSync(html)),
  };
}

/** What a page is made from, as one string: the same content is the same page. */
const versionOf = (content: unknown) =>
  createHash('sha256').update(JSON.stringify(content)).digest('base64url');

/**
 * The archive's rendered pages (Markdown to HTML, the React page, its ETag and compressed forms),
 * kept per page (the index, a campaign's slug) and version: the version is a hash of what the page is
 * made from, read from the database on every request, so a campaign edited, sent or unpublished is
 * shown as it is at once, and an unchanged one is not rendered again. At most PAGES_KEPT pages, the
 * least recently read dropped first.
 */
export function createArchivePageCache(pagesKept = PAGES_KEPT) {
  const pages = new Map<string, { version: string; page: ArchivePage }>();
  return {
    /** The page `key` made from `content`: kept if its content is unchanged, else rendered (and kept). */
    page<T>(key: string, content: T, render: (content: T) => string): ArchivePage {
      const version = versionOf(content);
      const kept = pages.get(key);
      pages.delete(key);
      if (kept?.version === version) {
        pages.set(key, kept);
        return kept.page;
      }
      const page = archivePage(render(content));
      pages.set(key, { version, page });
      for (const oldest of pages.keys()) {
        if (pages.size <= pagesKept) break;
        pages.delete(oldest);
      }
      return page;
    },
    /** How many pages are kept. */
    get size() {
      return pages.size;
    },
  };
}
