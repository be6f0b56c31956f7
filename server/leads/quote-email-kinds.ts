import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { type LeadFile, leadFilesRead } from '../attachments/lead-files-read.ts';
import type { MessageKind } from '../outbox/message-kind.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { autoReplyIn } from './auto-reply.ts';
import { addDeliveryEvents, addLeadEvent } from './lead-events.ts';
import { acknowledgementEmail, notificationEmail, type QuoteEmailSettings } from './quote-emails.ts';
import { NOTIFICATION_KEPT_TEXT } from './delivery-event-text.ts';
import { leadIdOf, QUOTE_EMAIL_KINDS, SPAM_CANCELLATION, type Lead } from './quote-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

async function leadOf(trx: Transaction<Database>, row: OutboxRow): Promise<Lead | undefined> {
  return tablesOf<LeadTables>(trx)
    .selectFrom('quote_requests')
    .selectAll()
    .where('id', '=', leadIdOf(row) ?? -1)
    .executeTakeFirst();
}

/** The leads of these rows, by id, in one read. */
async function leadsOf(trx: Transaction<Database>, rows: readonly OutboxRow[]): Promise<Map<number, Lead>> {
  const ids = [...new Set(rows.map((row) => leadIdOf(row) ?? -1))];
  const leads = await tablesOf<LeadTables>(trx)
    .selectFrom('quote_requests')
    .selectAll()
    .where('id', 'in', ids)
    .execute();
  return new Map(leads.map((lead) => [lead.id, lead]));
}

/** The notification about a lead (naming its files), or why it must not go. */
function notificationOf(
  lead: Lead | undefined,
  row: OutboxRow,
  settings: QuoteEmailSettings,
  files: readonly LeadFile[] = [],
) {
  if (!lead) return { cancelled: 'the quote request was deleted' };
  // Nobody is emailed about spam, whatever put the email back in the queue ("Retry all dead").
  return lead.spam ? { cancelled: SPAM_CANCELLATION } : notificationEmail(lead, row, settings, files);
}

/** Writes what became of the notification on its lead's timeline. */
function onTimeline(text: (row: OutboxRow) => string) {
  return async (trx: Transaction<Database>, row: OutboxRow, at: Date) => {
    const leadId = leadIdOf(row);
    if (leadId === null) return;
    await addLeadEvent(trx, { quote_request_id: leadId, actor: null, kind: 'delivery', text: text(row) }, at);
  };
}

const describe = (row: OutboxRow) => ({ leadId: leadIdOf(row) });

/** What the timeline says of a sent notification. */
function sentEvent(row: OutboxRow): { leadId: number | null; text: string } {
  const leadId = leadIdOf(row);
  if (row.delivered_via === 'file' || row.delivered_via === 'database')
    return { leadId, text: NOTIFICATION_KEPT_TEXT };
  return { leadId, text: `The notification was emailed to ${row.recipient}.` };
}

/**
 * The emails of a quote request, as the outbox sends them: the notification
 * to the company (what becomes of it goes on the lead's timeline), and the
 * acknowledgement to the visitor when the auto-reply is on (Settings), withdrawn if it was turned
 * off or the lead marked as spam before it went.
 */
export function quoteEmailKinds(settings: QuoteEmailSettings): MessageKind[] {
  return [
    {
      kind: QUOTE_EMAIL_KINDS.notification,
      async prepare(trx, row) {
        const files = await leadFilesRead(trx).ofLead(leadIdOf(row) ?? -1);
        return notificationOf(await leadOf(trx, row), row, settings, files);
      },
      // A pass of the outbox reads the leads of its notifications, and their files, once.
      async prepareBatch(trx, rows) {
        const leads = await leadsOf(trx, rows);
        const files = await leadFilesRead(trx).ofLeads([...leads.keys()]);
        return rows.map((row) => {
          const leadId = leadIdOf(row) ?? -1;
          return notificationOf(leads.get(leadId), row, settings, files.get(leadId));
        });
      },
      async onSentBatch(trx, rows, at) {
        await addDeliveryEvents(trx, rows.map(sentEvent), at);
      },
      onDead: onTimeline(
        (row) => `The notification could not be delivered: ${row.last_error ?? 'unknown error'}`,
      ),
      describe,
    },
    {
      kind: QUOTE_EMAIL_KINDS.acknowledgement,
      async prepare(trx, row) {
        const lead = await leadOf(trx, row);
        if (!lead) return { cancelled: 'the quote request was deleted' };
        if (lead.spam) return { cancelled: SPAM_CANCELLATION };
        // Staff's text as it is now: a fix made after the lead came in is what the visitor reads.
        const autoReply = await autoReplyIn(trx);
        if (!autoReply?.enabled) return { cancelled: 'the auto-reply was turned off in Settings' };
        return acknowledgementEmail(lead, row, settings, autoReply.text);
      },
      describe,
    },
  ];
}
