import { adminPaths } from '../../common/admin-api.ts';
import { isUnder } from '../security/noindex.ts';

/**
 * A URL for the logs. Under /admin the whole query string is hidden: a search's
 * words (a lead's name, email or phone) would otherwise outlive the lead in the
 * logs, whatever the parameter is called (`%71=` too).
 */
export function redactInboxQuery(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const path = url.slice(0, at);
  return isUnder(path, [adminPaths.inbox]) ? `${path}?[redacted]` : url;
}
