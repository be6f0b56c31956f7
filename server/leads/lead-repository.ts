import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { QuoteRequest } from '../../common/quote-request.ts';
import type { Database, Lead, LeadStatus, OutboxKind } from '../db/schema.ts';
import type { WriteQueue } from '../db/write-queue.ts';

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
  /** Ids of the removed quote requests (their .eml files can be removed too). */
  ids: number[];
  outboxRows: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A stable Message-ID, fixed when the lead is stored, so that every retry of
 * the same email carries the same id and receivers can drop duplicates.
 */
export function newMessageId(kind: OutboxKind, leadId: number, domain: string): string {
  const prefix = kind === 'notification' ? 'quote' : 'quote-ack';
  return `<${prefix}-${leadId}.${randomBytes(8).toString('hex')}@${domain}>`;
}

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
          message_id: newMessageId(kind, id, options.mailDomain),
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
        const leads = await trx
          .selectFrom('quote_requests')
          .select('id')
          .where((eb) => eb(eb.fn('lower', ['email']), '=', address))
          .execute();
        const ids = leads.map((lead) => lead.id);
        let outboxRows = 0;
        if (ids.length > 0) {
          const outbox = await trx
            .deleteFrom('outbox')
            .where('quote_request_id', 'in', ids)
            .executeTakeFirst();
          outboxRows += Number(outbox.numDeletedRows);
          await trx.deleteFrom('quote_requests').where('id', 'in', ids).execute();
        }
        // Acknowledgements remember the address too.
        const acks = await trx.deleteFrom('outbox').where('recipient', '=', address).executeTakeFirst();
        outboxRows += Number(acks.numDeletedRows);
        return { ids, outboxRows };
      });
    },

    /** Removes the leads (and their outbox rows) created before the given time. */
    async purgeOlderThan(cutoff: Date): Promise<RemovedLeads> {
      const before = cutoff.toISOString();
      return db.transaction().execute(async (trx) => {
        const leads = await trx
          .selectFrom('quote_requests')
          .select('id')
          .where('created_at', '<', before)
          .execute();
        const ids = leads.map((lead) => lead.id);
        let outboxRows = 0;
        // In chunks, to stay below any database's limit on bound parameters.
        for (let start = 0; start < ids.length; start += 500) {
          const chunk = ids.slice(start, start + 500);
          const outbox = await trx
            .deleteFrom('outbox')
            .where('quote_request_id', 'in', chunk)
            .executeTakeFirst();
          outboxRows += Number(outbox.numDeletedRows);
          await trx.deleteFrom('quote_requests').where('id', 'in', chunk).execute();
        }
        return { ids, outboxRows };
      });
    },
  };
}

export type LeadRepository = ReturnType<typeof createLeadRepository>;
