import { sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import { LEAD_STATUSES, LEAD_VIEWS, type LeadStatus, type LeadView } from '../../common/admin-api.ts';
import type { QuoteRequest } from '../../common/quote-request.ts';
import { inChunks } from '../db/chunks.ts';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { deleteEmailsOf, newEmailRow } from '../outbox/outbox-rows.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { addLeadEvent } from './lead-events.ts';
import { LEAD_REFERENCE, newLeadReference } from './lead-reference.ts';
import { searchQuery } from './lead-search.ts';
import { QUOTE_EMAIL_KINDS, SPAM_CANCELLATION, type Lead, type LeadEvent } from './quote-tables.ts';

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
  spam: boolean;
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

/** A lead with its notification email (undefined when none was queued, e.g. spam). */
export interface LeadWithDelivery {
  lead: Lead;
  notification: OutboxRow | undefined;
}

export interface LeadPage {
  items: LeadWithDelivery[];
  /** The id to continue below, or null on the last page. */
  nextCursor: number | null;
}

export interface LeadQuery {
  view: LeadView;
  /** Words of the name, email, phone or message, or a lead's reference. */
  search?: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A reference no lead has yet (checked inside the write transaction, so no other write takes it meanwhile). */
async function unusedReference(trx: Transaction<Database>): Promise<string> {
  for (;;) {
    const reference = newLeadReference();
    const taken = await trx
      .selectFrom('quote_requests')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (!taken) return reference;
  }
}

/** Restricts a query on quote_requests to a view of the inbox. */
function inView<O>(query: SelectQueryBuilder<Database, 'quote_requests', O>, view: LeadView) {
  if (view === 'spam') return query.where('quote_requests.spam', '=', 1);
  const kept = query.where('quote_requests.spam', '=', 0);
  return view === 'all' ? kept : kept.where('quote_requests.status', '=', view);
}

/** Restricts it to the leads matching the words, or to none when the search has no word at all. */
function matching<O>(query: SelectQueryBuilder<Database, 'quote_requests', O>, search: string | undefined) {
  if (search === undefined || search.trim() === '') return query;
  // The reference an email gave, e.g. "Q-7F3K9C": that lead alone.
  const reference = search.trim().toUpperCase();
  if (LEAD_REFERENCE.test(reference)) return query.where('quote_requests.reference', '=', reference);
  const match = searchQuery(search);
  if (!match) return query.where(sql<boolean>`0`);
  return query.where(
    'quote_requests.id',
    'in',
    sql<number>`(select rowid from quote_requests_search where quote_requests_search match ${match})`,
  );
}

/**
 * The quote requests: the only code that writes or reads them, their
 * timeline and their search index. Every write goes through the storage's
 * group commit (storage.write), in the server, the command line and the tests.
 */
export function createLeadRepository(storage: Pick<Storage, 'db' | 'write'>, options: LeadRepositoryOptions) {
  const { db } = storage;
  const write = storage.write.run;
  const now = options.now ?? (() => new Date());

  const notificationRow = (id: number, at: Date) => ({
    ...newEmailRow({
      kind: QUOTE_EMAIL_KINDS.notification,
      recipient: options.notificationRecipient,
      messageId: newMessageId('quote', options.mailDomain),
      at,
    }),
    quote_request_id: id,
  });

  async function notificationsOf(ids: readonly number[]): Promise<Map<number, OutboxRow>> {
    const found = new Map<number, OutboxRow>();
    await inChunks(ids, async (chunk) => {
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .where('kind', '=', QUOTE_EMAIL_KINDS.notification)
        .where('quote_request_id', 'in', chunk)
        .orderBy('id')
        .execute();
      for (const row of rows) if (row.quote_request_id !== null) found.set(row.quote_request_id, row);
    });
    return found;
  }

  return {
    /**
     * Stores the lead and its outbox rows in one transaction: once this
     * resolves, the request and the promise to email it are both on disk.
     */
    async store({ request, sourcePage, spam }: StoreLeadInput): Promise<StoredLead> {
      return write(async (trx) => {
        const at = now();
        const reference = await unusedReference(trx);
        const { id } = await trx
          .insertInto('quote_requests')
          .values({
            ...request,
            reference,
            created_at: at.toISOString(),
            source_page: sourcePage,
            spam: spam ? 1 : 0,
            spam_at: spam ? at.toISOString() : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (spam) return { id, spam, queued: 0 };

        const rows = [notificationRow(id, at)];
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
          if (!recent) {
            rows.push({
              ...newEmailRow({
                kind: QUOTE_EMAIL_KINDS.acknowledgement,
                recipient,
                messageId: newMessageId('quote-ack', options.mailDomain),
                at,
              }),
              quote_request_id: id,
            });
          }
        }
        await trx.insertInto('outbox').values(rows).execute();
        return { id, spam, queued: rows.length };
      });
    },

    async get(id: number): Promise<Lead | undefined> {
      return db.selectFrom('quote_requests').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Every lead, oldest first, for the CSV export (of a view and a search, or all of them). */
    async all(filter?: LeadQuery): Promise<Lead[]> {
      let query = db.selectFrom('quote_requests').selectAll().orderBy('id', 'asc');
      if (filter) query = matching(inView(query, filter.view), filter.search);
      return query.execute();
    },

    /** One page of a view, newest first, below the cursor (an id). */
    async page(filter: LeadQuery & { cursor?: number | undefined; limit?: number }): Promise<LeadPage> {
      const limit = filter.limit ?? 50;
      let query = matching(inView(db.selectFrom('quote_requests').selectAll(), filter.view), filter.search);
      if (filter.cursor !== undefined) query = query.where('quote_requests.id', '<', filter.cursor);
      const rows = await query
        .orderBy('quote_requests.id', 'desc')
        .limit(limit + 1)
        .execute();
      const leads = rows.slice(0, limit);
      const notifications = await notificationsOf(leads.map((lead) => lead.id));
      return {
        items: leads.map((lead) => ({ lead, notification: notifications.get(lead.id) })),
        nextCursor: rows.length > limit ? (leads.at(-1)?.id ?? null) : null,
      };
    },

    /** How many leads each view holds. */
    async counts(): Promise<Record<LeadView, number>> {
      const rows = await db
        .selectFrom('quote_requests')
        .select(['spam', 'status', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy(['spam', 'status'])
        .execute();
      const counts = Object.fromEntries(LEAD_VIEWS.map((view) => [view, 0])) as Record<LeadView, number>;
      for (const row of rows) {
        const count = Number(row.count);
        if (row.spam) counts.spam += count;
        else {
          counts.all += count;
          if ((LEAD_STATUSES as readonly string[]).includes(row.status)) counts[row.status] += count;
        }
      }
      return counts;
    },

    /** How many notifications of leads that are not spam could not be delivered (the inbox's banner). */
    async deadNotifications(): Promise<number> {
      const row = await db
        .selectFrom('outbox')
        .innerJoin('quote_requests', 'quote_requests.id', 'outbox.quote_request_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('outbox.status', '=', 'dead')
        .where('outbox.kind', '=', QUOTE_EMAIL_KINDS.notification)
        .where('quote_requests.spam', '=', 0)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** A lead, its notification and its timeline (oldest first). */
    async detail(id: number): Promise<(LeadWithDelivery & { events: LeadEvent[] }) | undefined> {
      const lead = await this.get(id);
      if (!lead) return undefined;
      const [notification, events] = await Promise.all([
        notificationsOf([id]).then((found) => found.get(id)),
        db.selectFrom('lead_events').selectAll().where('quote_request_id', '=', id).orderBy('id').execute(),
      ]);
      return { lead, notification, events };
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

    /** Moves a lead to a status; false when there is no such lead. */
    async setStatus(
      id: number,
      status: LeadStatus,
      actor: string | null,
    ): Promise<{ from: LeadStatus } | undefined> {
      return write(async (trx) => {
        const lead = await trx
          .selectFrom('quote_requests')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!lead) return undefined;
        if (lead.status === status) return { from: lead.status };
        await trx.updateTable('quote_requests').set({ status }).where('id', '=', id).execute();
        await addLeadEvent(
          trx,
          { quote_request_id: id, actor, kind: 'status', from_status: lead.status, to_status: status },
          now(),
        );
        return { from: lead.status };
      });
    },

    async addNote(id: number, text: string, actor: string | null): Promise<boolean> {
      return write(async (trx) => {
        const lead = await trx
          .selectFrom('quote_requests')
          .select('id')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!lead) return false;
        await addLeadEvent(trx, { quote_request_id: id, actor, kind: 'note', text }, now());
        return true;
      });
    },

    /**
     * Marks a lead as spam (its notification, waiting or given up on, is
     * withdrawn: nobody is emailed about spam), or as not spam: then its
     * notification is sent if it never was (a lead the honeypot caught, one
     * marked spam before its email went out, or one whose email was dead).
     * Returns whether the notification was queued, or undefined without such a lead.
     */
    async setSpam(id: number, spam: boolean, actor: string | null): Promise<{ queued: boolean } | undefined> {
      return write(async (trx) => {
        const lead = await trx
          .selectFrom('quote_requests')
          .select(['id', 'spam'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!lead) return undefined;
        if (Boolean(lead.spam) === spam) return { queued: false };
        const at = now();
        await trx
          .updateTable('quote_requests')
          .set({ spam: spam ? 1 : 0, spam_at: spam ? at.toISOString() : null })
          .where('id', '=', id)
          .execute();
        await addLeadEvent(trx, { quote_request_id: id, actor, kind: spam ? 'spam' : 'not-spam' }, at);
        const notification = await trx
          .selectFrom('outbox')
          .selectAll()
          .where('quote_request_id', '=', id)
          .where('kind', '=', QUOTE_EMAIL_KINDS.notification)
          .executeTakeFirst();
        const iso = at.toISOString();
        if (spam) {
          if (notification?.status === 'pending' || notification?.status === 'dead') {
            await trx
              .updateTable('outbox')
              .set({ status: 'cancelled', last_error: SPAM_CANCELLATION, updated_at: iso })
              .where('id', '=', notification.id)
              .execute();
          }
          return { queued: false };
        }
        if (!notification) {
          await trx.insertInto('outbox').values(notificationRow(id, at)).execute();
          return { queued: true };
        }
        if (notification.status === 'cancelled' || notification.status === 'dead') {
          await trx
            .updateTable('outbox')
            .set({ status: 'pending', attempts: 0, next_attempt_at: iso, last_error: null, updated_at: iso })
            .where('id', '=', notification.id)
            .execute();
          return { queued: true };
        }
        return { queued: false };
      });
    },

    /** Records who sent a lead's notification again (the outbox requeues it). */
    async noteRetry(id: number, actor: string | null): Promise<void> {
      await write((trx) => addLeadEvent(trx, { quote_request_id: id, actor, kind: 'retry' }, now()));
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

    /** One lead, its timeline and its emails (the inbox's Delete). */
    async remove(id: number): Promise<RemovedLeads> {
      return write(async (trx) =>
        removeLeads(trx, await trx.selectFrom('quote_requests').select('id').where('id', '=', id).execute()),
      );
    },

    /**
     * Removes the leads that became spam before the given time (SPAM_RETENTION_DAYS), with their
     * emails: counted from when a lead was marked, not from when it came. A row without the time
     * (written by hand) counts from its arrival. Only the spam folder is read (its index).
     */
    async purgeSpamOlderThan(cutoff: Date): Promise<RemovedLeads> {
      const before = cutoff.toISOString();
      return write(async (trx) =>
        removeLeads(
          trx,
          await trx
            .selectFrom('quote_requests')
            .select('id')
            .where('spam', '=', 1)
            .where((eb) => eb(eb.fn.coalesce('spam_at', 'created_at'), '<', before))
            .execute(),
        ),
      );
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

/** Deletes these leads, their timelines and their outbox rows, in the caller's transaction. */
async function removeLeads(trx: Transaction<Database>, rows: { id: number }[]): Promise<RemovedLeads> {
  const ids = rows.map((row) => row.id);
  const messageIds = await deleteEmailsOf(trx, 'quote_request_id', ids);
  await inChunks(ids, async (chunk) => {
    await trx.deleteFrom('lead_events').where('quote_request_id', 'in', chunk).execute();
    await trx.deleteFrom('quote_requests').where('id', 'in', chunk).execute();
  });
  return { ids, outboxRows: messageIds.length, messageIds };
}
