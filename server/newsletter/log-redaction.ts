import { newsletterPaths } from '../../common/newsletter.ts';

/** The pages whose address carries a token: a link works for whoever reads it. */
const TOKEN_PATHS = new Set(
  [newsletterPaths.confirm, newsletterPaths.unsubscribe].map((path) => path.toLowerCase()),
);

/** Where the path of a request target ends: its query, or what a router may also take for its end. */
const PATH_END = /[?;#]/;
/** The same characters percent-encoded: a path that holds one is cut there too. */
const ENCODED_PATH_END = /%(3f|3b|23)/i;
/** An absolute-form target's scheme and authority (`http://host:port`), which routers skip. */
const SCHEME_AND_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^/?#;]*/i;
/** A `.` or `..` segment, or a backslash some file systems read as a slash. */
const DOT_SEGMENT_OR_BACKSLASH = /(^|\/)\.{1,2}(\/|$)|\\/;

interface TargetPath {
  /** The path as the router matches it: decoded, slashes collapsed, lower case, no trailing slash. */
  routed: string | undefined;
  /** A target whose page cannot be told for sure: not origin form, undecodable, or with dot segments. */
  doubtful: boolean;
}

function readPath(rawPath: string): TargetPath {
  const path = rawPath.replace(SCHEME_AND_AUTHORITY, '');
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { routed: undefined, doubtful: true };
  }
  const doubtful =
    !path.startsWith('/') ||
    path !== rawPath ||
    DOT_SEGMENT_OR_BACKSLASH.test(decoded) ||
    PATH_END.test(decoded);
  const collapsed = decoded.replace(/\/{2,}/g, '/').toLowerCase();
  return { routed: collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed, doubtful };
}

/**
 * A request target for the logs. Everything after the path (the query, or a
 * `;` or `#` and what follows) is hidden on a page whose links carry a token,
 * however the token's name is spelt (`%74oken=` too) and however the path is:
 * the route that answered (`routeUrl`), or the target's path decoded, with
 * slashes collapsed, in any case. When the page cannot be told for sure (a
 * target in absolute form, with dot segments, a backslash, an encoded `?`, or
 * that cannot be decoded), it is hidden too, whatever the page.
 */
export function redactTokens(url: string, routeUrl?: string): string {
  const end = url.search(PATH_END);
  const rawPath = end === -1 ? url : url.slice(0, end);
  const { routed, doubtful } = readPath(rawPath);
  const tokenPage =
    (routeUrl !== undefined && TOKEN_PATHS.has(routeUrl.toLowerCase())) ||
    (routed !== undefined && TOKEN_PATHS.has(routed));
  if (!tokenPage && !doubtful) return url;
  const encodedEnd = rawPath.search(ENCODED_PATH_END);
  const shownPath = encodedEnd === -1 ? rawPath : rawPath.slice(0, encodedEnd);
  return shownPath.length < url.length ? `${shownPath}?[redacted]` : url;
}
