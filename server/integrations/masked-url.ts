/**
 * An integration's URL as the inbox shows it after it was made: the scheme and host, which say where
 * it goes, then a fixed mask. Nothing of the path and query (a Slack or Teams URL's secret, often a
 * webhook's token too), nor a user or a password, is shown: not even their length.
 */
export function maskedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '…';
  }
  return `${parsed.protocol}//${parsed.host}/…`;
}
