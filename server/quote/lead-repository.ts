import type { Transaction } from 'kysely';
import type { QuoteRequest } from '../../common/quote-request.ts';
import { inChunks } from '../db/chunks.ts';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { deleteEmailsOf, newEmailRow } from '../outbox/outbox-rows.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { QUOTE_EMAIL_KINDS, type Lead, type LeadStatus } from './quote-tables.ts';

export interface LeadRepositoryOptions {
  /** Domain of the company's sender address, used in Message-IDs. */
  mailDomain: string;
  /** Where notifications go (the company inbox), recorded on the outbox row. */
  notificationRecipient: string;
  /** Whether to queue an acknowledgement to the visitor (ACK_EMAIL). */
  acknowledge: boolean;
  now?: () => Date;
}

export interface StoreLeadInput {
  request: QuoteRequest;
  sourcePage: string;
  /** The honeypot was filled: stored as spam, no email at all. */
  spam: boolean;
}

export interface StoredLead {
  id: number;
  status: LeadStatus;
  /** How many emails were queued (0 for spam). */
  queued: number;
}

export interface RemovedLeads {
  /** Ids of the removed quote requests. */
  ids: number[];
  outboxRows: number;
  /** Message-IDs of the removed emails, whose .eml files can be removed too (removeMailFiles). */
  messageIds: string[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The quote requests: the only code that writes or reads them. Every write
 * goes through the storage's group commit (storage.write), in the server, the
 * command line and the tests alike.
 */
export function createLeadRepository(storage: Pick<Storage, 'db' | 'write'>, options: LeadRepositoryOptions) {
  const { db } = storage;
  const write = storage.write.run;
  const now = options.now ?? (() => new Date());

  return {
    /**
     * Stores the lead and its outbox rows in one transaction: once this
     * resolves, the request and the promise to email it are both on disk.
     */
    async store({ request, sourcePage, spam }: StoreLeadInput): Promise<StoredLead> {
      return write(async (trx) => {
        const at = now();
        const status: LeadStatus = spam ? 'spam' : 'received';
        const { id } = await trx
          .insertInto('quote_requests')
          .values({ ...request, created_at: at.toISOString(), source_page: sourcePage, status })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (spam) return { id, status, queued: 0 };

        const email = (kind: string, prefix: string, recipient: string) => ({
          ...newEmailRow({ kind, recipient, messageId: newMessageId(prefix, id, options.mailDomain), at }),
          quote_request_id: id,
        });
        const rows = [email(QUOTE_EMAIL_KINDS.notification, 'quote', options.notificationRecipient)];

        if (options.acknowledge) {
          const recipient = request.email.toLowerCase();
          const since = new Date(at.getTime() - DAY_MS).toISOString();
          const recent = await trx
            .selectFrom('outbox')
            .select('id')
            .where('kind', '=', QUOTE_EMAIL_KINDS.acknowledgement)
            .where('recipient', '=', recipient)
            .where('created_at', '>', since)
            .executeTakeFirst();
          if (!recent) rows.push(email(QUOTE_EMAIL_KINDS.acknowledgement, 'quote-ack', recipient));
        }
        await trx.insertInto('outbox').values(rows).execute();
        return { id, status, queued: rows.length };
      });
    },

    async get(id: number): Promise<Lead | undefined> {
      return db.selectFrom('quote_requests').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async list(filter: { status?: LeadStatus; limit?: number } = {}): Promise<Lead[]> {
      let query = db.selectFrom('quote_requests').selectAll().orderBy('id', 'desc');
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.limit !== undefined) query = query.limit(filter.limit);
      return query.execute();
    },

    /** Every lead, oldest first, for the CSV export. */
    async all(): Promise<Lead[]> {
      return db.selectFrom('quote_requests').selectAll().orderBy('id', 'asc').execute();
    },

    /** The emails of one quote request, oldest first. */
    async emails(leadId: number): Promise<OutboxRow[]> {
      return db
        .selectFrom('outbox')
        .selectAll()
        .where('quote_request_id', '=', leadId)
        .orderBy('id')
        .execute();
    },

    /** A data-subject request: every lead of this address (any case) and all their emails. */
    async deleteByEmail(email: string): Promise<RemovedLeads> {
      const address = email.trim().toLowerCase();
      return write(async (trx) => {
        const removed = await removeLeads(
          trx,
          await trx
            .selectFrom('quote_requests')
            .select('id')
            .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
            .execute(),
        );
        // Acknowledgements remember the address too.
        const acknowledgements = await trx
          .deleteFrom('outbox')
          .where('kind', '=', QUOTE_EMAIL_KINDS.acknowledgement)
          .where('recipient', '=', address)
          .returning('message_id')
          .execute();
        const messageIds = [...removed.messageIds, ...acknowledgements.map((row) => row.message_id)];
        return { ids: removed.ids, outboxRows: messageIds.length, messageIds };
      });
    },

    /** Removes the leads (and their outbox rows) created before the given time. */
    async purgeOlderThan(cutoff: Date): Promise<RemovedLeads> {
      const before = cutoff.toISOString();
      return write(async (trx) =>
        removeLeads(
          trx,
          await trx.selectFrom('quote_requests').select('id').where('created_at', '<', before).execute(),
        ),
      );
    },
  };
}

export type LeadRepository = ReturnType<typeof createLeadRepository>;

/** Deletes these leads and their outbox rows, in the caller's transaction. */
async function removeLeads(trx: Transaction<Database>, rows: { id: number }[]): Promise<RemovedLeads> {
  const ids = rows.map((row) => row.id);
  const messageIds = await deleteEmailsOf(trx, 'quote_request_id', ids);
  await inChunks(ids, (chunk) => trx.deleteFrom('quote_requests').where('id', 'in', chunk).execute());
  return { ids, outboxRows: messageIds.length, messageIds };
}
