import { convert } from 'html-to-text';

/**
 * The most of a mail's HTML converted to text. What a client writes is a few kilobytes; past this, the
 * rest of the HTML is not read (the original stays downloadable: incoming-mail.ts).
 */
const MAX_HTML_CHARS = 1_000_000;

/**
 * How deep elements may nest before the rest of the HTML is dropped. Mail clients nest a few dozen
 * levels; the HTML parser (htmlparser2) takes time in the square of the depth (200,000 nested `<div>`s:
 * about 25 s), and html-to-text walks the tree recursively (10,000 levels overflow the stack).
 */
const MAX_HTML_DEPTH = 500;

/** Elements that never have a closing tag, so never nest. */
const VOID = new Set('area base br col embed hr img input link meta param source track wbr'.split(' '));

/**
 * Where the HTML nests deeper than maxDepth, or its length: a scan of its tags, linear in its length
 * (no tag pattern crosses a "<", so a "<" without its ">" costs one step, never a rescan).
 */
function depthCut(html: string, maxDepth = MAX_HTML_DEPTH): number {
  const tag = /<(\/?)([a-zA-Z][^\s/<>]*)(?=[\s/>])([^<>]*)>/g;
  let depth = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const [, closing, name = '', rest = ''] = match;
    if (closing) depth = Math.max(0, depth - 1);
    else if (!rest.endsWith('/') && !VOID.has(name.toLowerCase())) {
      depth += 1;
      if (depth > maxDepth) return match.index;
    }
  }
  return html.length;
}

/**
 * The text of a mail's HTML: no script, no style, no image (nothing is fetched), links' text without
 * their address. Bounded: the first MAX_HTML_CHARS, cut where it nests deeper than MAX_HTML_DEPTH,
 * and html-to-text's own limits (depth of its walk, children per element).
 */
export function htmlText(html: string): { text: string; cut: boolean } {
  const head = html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html;
  const end = depthCut(head);
  const text = convert(head.slice(0, end), {
    wordwrap: false,
    limits: { maxDepth: MAX_HTML_DEPTH + 10, maxChildNodes: 50_000, maxInputLength: MAX_HTML_CHARS },
    selectors: [
      { selector: 'img', format: 'skip' },
      { selector: 'script', format: 'skip' },
      { selector: 'style', format: 'skip' },
      { selector: 'a', options: { ignoreHref: true } },
    ],
  });
  return { text, cut: end < html.length };
}
