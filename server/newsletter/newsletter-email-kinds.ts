import type { MessageKind } from '../outbox/message-kind.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { confirmationEmail, type NewsletterEmailSettings } from './newsletter-emails.ts';
import { CONFIRMATION_KIND, subscriberIdOf, type Subscriber } from './newsletter-tables.ts';
import { storeToken } from './subscriber-tokens.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/**
 * Why a confirmation email must not go out (any more), or undefined when it
 * may: it is pointless once the address is confirmed, and is withdrawn by an
 * unsubscription that came after it was queued (an unsubscribed address gets
 * nothing but the confirmation of a new sign-up).
 */
function reasonNotToSend(row: OutboxRow, subscriber: Subscriber | undefined): string | undefined {
  if (!subscriber) return 'the subscriber was deleted';
  if (subscriber.status === 'confirmed') return 'the address is confirmed already';
  if (subscriber.unsubscribed_at !== null && row.created_at <= subscriber.unsubscribed_at) {
    return 'the address unsubscribed after this email was queued';
  }
  return undefined;
}

/**
 * The newsletter's emails, as the outbox sends them. When the confirmation is
 * taken for sending, it checks that it may still go out and makes the tokens
 * of its links, storing only their hashes, in the same transaction. A retry
 * makes new ones; the links of an earlier attempt that did arrive keep working.
 */
export function newsletterEmailKinds(settings: NewsletterEmailSettings): MessageKind[] {
  return [
    {
      kind: CONFIRMATION_KIND,
      async prepare(trx, row, at) {
        const subscriber = await tablesOf<NewsletterTables>(trx)
          .selectFrom('subscribers')
          .selectAll()
          .where('id', '=', subscriberIdOf(row) ?? -1)
          .executeTakeFirst();
        const reason = reasonNotToSend(row, subscriber);
        if (reason || !subscriber) return { cancelled: reason ?? 'no subscriber' };
        const links = {
          unsubscribeToken: await storeToken(trx, subscriber.id, 'unsubscribe', at),
          confirmToken: await storeToken(trx, subscriber.id, 'confirm', at),
        };
        return confirmationEmail(row, links, settings);
      },
      describe: (row) => ({ subscriberId: subscriberIdOf(row) }),
    },
  ];
}
