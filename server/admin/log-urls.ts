import { adminPaths } from '../../common/admin-api.ts';

const INBOX = adminPaths.inbox.toLowerCase();

/** Whether a request's path is the inbox's or under it, as the router would read it (decoded, any case). */
function isInboxPath(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // left as it came: Fastify refuses it anyway
  }
  const routed = decoded.replace(/\/{2,}/g, '/').toLowerCase();
  return routed === INBOX || routed.startsWith(`${INBOX}/`);
}

/**
 * A URL for the logs. Under /admin the whole query string is hidden: a search's
 * words (a lead's name, email or phone) would otherwise outlive the lead in the
 * logs, whatever the parameter is called (`%71=` too).
 */
export function redactInboxQuery(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const path = url.slice(0, at);
  return isInboxPath(path) ? `${path}?[redacted]` : url;
}
