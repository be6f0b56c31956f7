/** How many characters of the end of a URL's path and query are shown, and from what length on. */
const TAIL = 4;
const TAIL_FROM = 12;

/**
 * An integration's URL as the inbox shows it after it was made: the scheme and host, which say where
 * it goes, and the last few characters of the rest, which tell two URLs of one service apart. The
 * path and query (a Slack or Teams URL's secret), a user and a password are never shown.
 */
export function maskedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '…';
  }
  const rest = `${parsed.pathname}${parsed.search}`.replace(/^\/+/, '');
  const tail = rest.length >= TAIL_FROM ? rest.slice(-TAIL) : '';
  return `${parsed.protocol}//${parsed.host}/…${tail}`;
}
