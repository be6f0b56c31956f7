import type { Mailer, SendResult } from '../mail/outgoing-mail.ts';
import type { DeliveredVia } from './outbox-table.ts';
import { isOutgoingRequest, type OutgoingMessage } from './outgoing-request.ts';

/**
 * How a worker's messages leave: a mailer for the email lanes, HTTP for the integrations' lane. It
 * never throws: the outbox decides what a failure means from the result.
 */
export interface OutboxTransport {
  /** Recorded on a sent row as delivered_via, and logged. */
  readonly kind: DeliveredVia;
  send(message: OutgoingMessage): Promise<SendResult>;
}

/** The mailer as a transport: an HTTP request on an email lane is a kind's mistake, and dead at once. */
export function mailTransport(mailer: Mailer): OutboxTransport {
  return {
    get kind() {
      return mailer.kind;
    },
    async send(message) {
      if (isOutgoingRequest(message))
        return { ok: false, permanent: true, error: 'An HTTP request was queued on an email lane.' };
      return mailer.send(message);
    },
  };
}
