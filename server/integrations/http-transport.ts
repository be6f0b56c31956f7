import type { OutboxTransport } from '../outbox/outbox-transport.ts';
import { isOutgoingRequest } from '../outbox/outgoing-request.ts';
import type { HttpSender } from './http-sender.ts';

/**
 * The integrations' lane's transport: one POST per delivery. A 410 Gone is a permanent failure (the
 * receiver is gone, and its integration is disabled); anything else but a 2xx is tried again.
 */
export function httpTransport(sender: HttpSender): OutboxTransport {
  return {
    kind: 'http',
    async send(message) {
      if (!isOutgoingRequest(message))
        return { ok: false, permanent: true, error: 'An email was queued on the integrations lane.' };
      const attempt = await sender.post(message);
      const measured = {
        durationMs: attempt.durationMs,
        ...(attempt.status !== undefined ? { status: attempt.status } : {}),
      };
      if (attempt.ok) return { ok: true, detail: `HTTP ${attempt.status ?? ''}`.trim(), ...measured };
      return {
        ok: false,
        permanent: attempt.status === 410,
        error: attempt.error ?? 'The request failed.',
        ...measured,
      };
    },
  };
}
