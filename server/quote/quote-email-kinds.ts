import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { EmailKind } from '../outbox/email-kind.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { acknowledgementEmail, notificationEmail, type QuoteEmailSettings } from './quote-emails.ts';
import { QUOTE_EMAIL_KINDS, type Lead, type LeadStatus } from './quote-tables.ts';

async function leadOf(trx: Transaction<Database>, row: OutboxRow): Promise<Lead | undefined> {
  return trx
    .selectFrom('quote_requests')
    .selectAll()
    .where('id', '=', row.quote_request_id ?? -1)
    .executeTakeFirst();
}

/** The notification decides its lead's status; a lead marked as spam stays so. */
function setStatus(status: LeadStatus) {
  return async (trx: Transaction<Database>, row: OutboxRow) => {
    if (row.quote_request_id === null) return;
    await trx
      .updateTable('quote_requests')
      .set({ status })
      .where('id', '=', row.quote_request_id)
      .where('status', '!=', 'spam')
      .execute();
  };
}

const describe = (row: OutboxRow) => ({ leadId: row.quote_request_id });

/**
 * The emails of a quote request, as the outbox sends them: the notification
 * to the company (its fate is the lead's status), and the optional
 * acknowledgement to the visitor.
 */
export function quoteEmailKinds(settings: QuoteEmailSettings): EmailKind[] {
  return [
    {
      kind: QUOTE_EMAIL_KINDS.notification,
      async prepare(trx, row) {
        const lead = await leadOf(trx, row);
        return lead ? notificationEmail(lead, row, settings) : { cancelled: 'the quote request was deleted' };
      },
      onSent: setStatus('notified'),
      onDead: setStatus('dead'),
      onRequeued: setStatus('received'),
      describe,
    },
    {
      kind: QUOTE_EMAIL_KINDS.acknowledgement,
      async prepare(trx, row) {
        const lead = await leadOf(trx, row);
        return lead
          ? acknowledgementEmail(lead, row, settings)
          : { cancelled: 'the quote request was deleted' };
      },
      describe,
    },
  ];
}
