import { newsletterPaths } from '../../common/newsletter.ts';

/** How long a confirmation link works after its email is sent. */
export const CONFIRM_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

/** The pages whose address carries a token: a link works for whoever reads it. */
const TOKEN_PATHS = new Set(
  [newsletterPaths.confirm, newsletterPaths.unsubscribe].map((path) => path.toLowerCase()),
);

/** The path as the router matches it: decoded where it can be, slashes collapsed, lower case, no trailing slash. */
function routedPath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // left as it came: Fastify refuses it anyway
  }
  const collapsed = decoded.replace(/\/{2,}/g, '/').toLowerCase();
  return collapsed.length > 1 ? collapsed.replace(/\/+$/, '') : collapsed;
}

/**
 * A URL for the logs. The whole query string of a page whose links carry a
 * token is hidden, however the token's name is spelt (`%74oken=` too).
 */
export function redactTokens(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const path = url.slice(0, at);
  return TOKEN_PATHS.has(routedPath(path)) ? `${path}?[redacted]` : url;
}
