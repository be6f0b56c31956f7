import type { Kysely, Transaction } from 'kysely';
import type { QuoteRequest } from '../../common/quote-request.ts';
import type { Database, Lead, LeadStatus, OutboxKind } from '../db/schema.ts';
import { inChunks } from '../db/chunks.ts';
import type { WriteQueue } from '../db/write-queue.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { deleteOutboxRows } from '../outbox/delete-outbox-rows.ts';

export interface LeadRepositoryOptions {
  /** Domain of the company's sender address, used in Message-IDs. */
  mailDomain: string;
  /** Where notifications go (the company inbox), recorded on the outbox row. */
  notificationRecipient: string;
  /** Whether to queue an acknowledgement to the visitor (ACK_EMAIL). */
  acknowledge: boolean;
  /**
   * Where new leads are written: the server passes its group commit
   * (storage.write.run), so concurrent requests share one fsync. Without it,
   * each lead is its own transaction.
   */
  write?: WriteQueue<Database>['run'];
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

/** The quote requests: the only code that writes or reads them. */
export function createLeadRepository(db: Kysely<Database>, options: LeadRepositoryOptions) {
  const now = options.now ?? (() => new Date());
  const write = options.write ?? ((job) => db.transaction().execute(job));

  return {
    /**
     * Stores the lead and its outbox rows in one transaction: once this
     * resolves, the request and the promise to email it are both on disk.
     */
    async store({ request, sourcePage, spam }: StoreLeadInput): Promise<StoredLead> {
      return write(async (trx) => {
        const at = now();
        const created = at.toISOString();
        const status: LeadStatus = spam ? 'spam' : 'received';
        const { id } = await trx
          .insertInto('quote_requests')
          .values({
            created_at: created,
            name: request.name,
            email: request.email,
            phone: request.phone,
            message: request.message,
            source_page: sourcePage,
            status,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (spam) return { id, status, queued: 0 };

        const row = (kind: OutboxKind, recipient: string) => ({
          quote_request_id: id,
          kind,
          recipient,
          message_id: newMessageId(kind === 'notification' ? 'quote' : 'quote-ack', id, options.mailDomain),
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: created,
          created_at: created,
          updated_at: created,
        });
        const rows = [row('notification', options.notificationRecipient.toLowerCase())];

        if (options.acknowledge) {
          const recipient = request.email.toLowerCase();
          const since = new Date(at.getTime() - DAY_MS).toISOString();
          const recent = await trx
            .selectFrom('outbox')
            .select('id')
            .where('kind', '=', 'acknowledgement')
            .where('recipient', '=', recipient)
            .where('created_at', '>', since)
            .executeTakeFirst();
          if (!recent) rows.push(row('acknowledgement', recipient));
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

    /** A data-subject request: every lead of this address (any case) and all their emails. */
    async deleteByEmail(email: string): Promise<RemovedLeads> {
      const address = email.trim().toLowerCase();
      return db.transaction().execute(async (trx) => {
        const removed = await removeLeads(
          trx,
          await trx
            .selectFrom('quote_requests')
            .select('id')
            .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
            .execute(),
        );
        // Acknowledgements remember the address too.
        const acknowledgements = await deleteOutboxRows(trx, { acknowledgementsTo: address });
        const messageIds = [...removed.messageIds, ...acknowledgements];
        return { ids: removed.ids, outboxRows: messageIds.length, messageIds };
      });
    },

    /** Removes the leads (and their outbox rows) created before the given time. */
    async purgeOlderThan(cutoff: Date): Promise<RemovedLeads> {
      const before = cutoff.toISOString();
      return db
        .transaction()
        .execute(async (trx) =>
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
  const messageIds = await deleteOutboxRows(trx, { quoteRequestIds: ids });
  await inChunks(ids, (chunk) => trx.deleteFrom('quote_requests').where('id', 'in', chunk).execute());
  return { ids, outboxRows: messageIds.length, messageIds };
}
