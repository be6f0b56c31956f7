/** What search engines are told about a private address: do not index it, do not follow its links. */
export const NOINDEX = 'noindex, nofollow';

/** Where the path of a URL ends: at its query or fragment. */
function pathEnd(url: string): number {
  const query = url.indexOf('?');
  const fragment = url.indexOf('#');
  if (query === -1) return fragment === -1 ? url.length : fragment;
  return fragment === -1 ? query : Math.min(query, fragment);
}

/**
 * Whether the URL's path is one of the paths or under one (as the router reads
 * it: decoded, any case, repeated slashes as one). Runs for every request, so
 * a path without escapes or doubled slashes skips that work.
 */
export function isUnder(url: string, paths: readonly string[]): boolean {
  let path = url.slice(0, pathEnd(url));
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // a malformed escape: judged as it came
    }
  }
  if (path.includes('//')) path = path.replace(/\/{2,}/g, '/');
  return paths.some((prefix) => {
    // The path itself, or the prefix and a slash: only that many characters need comparing.
    const head = path.slice(0, prefix.length + 1).toLowerCase();
    const base = prefix.toLowerCase();
    return head === base || head === `${base}/`;
  });
}
