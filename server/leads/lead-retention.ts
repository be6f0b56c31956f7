import type { SelectQueryBuilder, Transaction } from 'kysely';
import { inChunks } from '../db/chunks.ts';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { deleteEmailsOf, deleteEmailsTo } from '../outbox/outbox-rows.ts';
import { LEAD_OWNER, QUOTE_EMAIL_KINDS } from './quote-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

export interface RemovedLeads {
  /** Ids of the removed quote requests. */
  ids: number[];
  outboxRows: number;
  /** Message-IDs of the removed emails, whose .eml files can be removed too (removeMailFiles). */
  messageIds: string[];
}

/** The ids of the leads a removal picks, narrowed by the caller's conditions. */
type LeadIds = SelectQueryBuilder<LeadTables, 'quote_requests', { id: number }>;

/** Deletes the leads `which` picks, their timelines and their outbox rows, in the caller's transaction. */
async function removeLeads(
  trx: Transaction<Database>,
  which: (leads: LeadIds) => LeadIds,
): Promise<RemovedLeads> {
  const leads = tablesOf<LeadTables>(trx);
  const ids = (await which(leads.selectFrom('quote_requests').select('id')).execute()).map((row) => row.id);
  const messageIds = await deleteEmailsOf(trx, LEAD_OWNER, ids);
  await inChunks(ids, async (chunk) => {
    await leads.deleteFrom('lead_events').where('quote_request_id', 'in', chunk).execute();
    await leads.deleteFrom('quote_requests').where('id', 'in', chunk).execute();
  });
  return { ids, outboxRows: messageIds.length, messageIds };
}

/** Retention and removal: a lead deleted, a data-subject request, and the purges of old leads and spam. */
export function createLeadRetention(storage: Pick<Storage, 'write'>) {
  const write = storage.write.run;

  return {
    /** A data-subject request: every lead of this address (any case) and all their emails. */
    async deleteByEmail(email: string): Promise<RemovedLeads> {
      const address = email.trim().toLowerCase();
      return write(async (trx) => {
        const removed = await removeLeads(trx, (leads) =>
          leads.where((eb) => eb(eb.fn('lower', ['email']), '=', address)),
        );
        // Acknowledgements remember the address too.
        const acknowledgements = await deleteEmailsTo(trx, {
          kind: QUOTE_EMAIL_KINDS.acknowledgement,
          recipient: address,
        });
        const messageIds = [...removed.messageIds, ...acknowledgements];
        return { ids: removed.ids, outboxRows: messageIds.length, messageIds };
      });
    },

    /** One lead, its timeline and its emails (the inbox's Delete). */
    async remove(id: number): Promise<RemovedLeads> {
      return write(async (trx) => removeLeads(trx, (leads) => leads.where('id', '=', id)));
    },

    /**
     * Removes the leads that became spam before the given time (SPAM_RETENTION_DAYS), with their
     * emails: counted from when a lead was marked, not from when it came. A row without the time
     * (written by hand) counts from its arrival. Only the spam folder is read (its index).
     */
    async purgeSpamOlderThan(cutoff: Date): Promise<RemovedLeads> {
      const before = cutoff.toISOString();
      return write(async (trx) =>
        removeLeads(trx, (leads) =>
          leads.where('spam', '=', 1).where((eb) => eb(eb.fn.coalesce('spam_at', 'created_at'), '<', before)),
        ),
      );
    },

    /** Removes the leads (and their outbox rows) created before the given time. */
    async purgeOlderThan(cutoff: Date): Promise<RemovedLeads> {
      const before = cutoff.toISOString();
      return write(async (trx) => removeLeads(trx, (leads) => leads.where('created_at', '<', before)));
    },
  };
}

export type LeadRetention = ReturnType<typeof createLeadRetention>;
