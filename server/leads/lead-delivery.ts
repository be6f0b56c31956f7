import type { Delivery } from '../../common/inbox-api/lead-schemas.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';

/** What became of a lead's notification, read from its outbox row. */
export function deliveryOf(notification: OutboxRow | undefined): Delivery {
  if (!notification || notification.status === 'cancelled') return { state: 'none' };
  if (notification.status === 'sent') {
    const at = notification.sent_at ?? notification.updated_at;
    const via = notification.delivered_via;
    return via === 'file' || via === 'database'
      ? { state: 'written', at, keptIn: via }
      : { state: 'sent', at };
  }
  if (notification.status === 'dead') {
    return {
      state: 'dead',
      at: notification.updated_at,
      lastError: notification.last_error,
      outboxId: notification.id,
    };
  }
  return {
    state: 'pending',
    attempts: notification.attempts,
    nextAttemptAt: notification.next_attempt_at,
    lastError: notification.last_error,
  };
}

/**
 * A delivery's word in a table: its state, but "kept" for an email kept, not sent (no SMTP_URL: an
 * .eml file, or the database), as the outbox command says it.
 */
export const deliveryWord = (delivery: Delivery): string =>
  delivery.state === 'written' ? 'kept' : delivery.state;

/** The same, in a line for the command line. */
export function describeDelivery(delivery: Delivery): string {
  switch (delivery.state) {
    case 'none':
      return 'not sent (spam)';
    case 'sent':
      return `emailed ${delivery.at}`;
    case 'written':
      return delivery.keptIn === 'database'
        ? `kept in the database ${delivery.at}, not sent (no mail server was set up then: nobody was told; npm run outbox -- export-files <dir> writes it out)`
        : `kept as an .eml file in MAIL_DIR ${delivery.at}, not sent (no mail server was set up then: nobody was told)`;
    case 'dead':
      return `could not be delivered: ${delivery.lastError ?? 'unknown error'}`;
    case 'pending':
      return `waiting (attempt ${delivery.attempts + 1} at ${delivery.nextAttemptAt})${delivery.lastError ? `, last error: ${delivery.lastError}` : ''}`;
  }
}
