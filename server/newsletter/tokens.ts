/** How long a confirmation link works after its email is sent. */
export const CONFIRM_TOKEN_TTL_MS = 48 * 60 * 60 * 1000;

/** A URL with the value of every token parameter hidden, for the logs: a link works for whoever reads it. */
export function redactTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
