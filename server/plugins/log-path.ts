/**
 * Where a request target's path ends: its query, or a `;` or `#` (which some routers also take for
 * its end), or one of them percent-encoded.
 */
const PATH_END = /[?;#]|%(?:3f|3b|23)/i;

/**
 * A request target for the access log: its path only. A query (`?email=…`, a newsletter link's token,
 * an inbox search) may say who someone is, so whatever follows the path is never written, for pages,
 * 404s and the API alike; `?[redacted]` says that something was there.
 */
export function logPath(url: string): string {
  const end = url.search(PATH_END);
  return end === -1 ? url : `${url.slice(0, end)}?[redacted]`;
}
