import type { OutgoingMail } from '../mail/outgoing-mail.ts';

/**
 * A message the outbox sends over HTTP instead of by email: a POST of `body` to `url`. A kind's
 * `prepare` returns one for a row of a lane whose worker has an HTTP transport. The URL may be a
 * credential itself (a Slack or Teams webhook): it is never logged or stored beside the row.
 */
export interface OutgoingRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What a kind's `prepare` builds: an email, or an HTTP request. */
export type OutgoingMessage = OutgoingMail | OutgoingRequest;

export function isOutgoingRequest(message: OutgoingMessage): message is OutgoingRequest {
  return 'url' in message && 'body' in message;
}
