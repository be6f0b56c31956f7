import type { Transaction } from 'kysely';
import type { LeadStatus } from '../../common/inbox-paths.ts';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { cancelFor, queueEmails, requeue } from '../outbox/outbox-rows.ts';
import { messagesAbout } from '../outbox/owner-messages.ts';
import { addLeadEvent } from './lead-events.ts';
import type { LeadHooks } from './lead-hooks.ts';
import { notificationEmail, type NotificationSettings } from './lead-intake.ts';
import { LEAD_OWNER, leadOwner, QUOTE_EMAIL_KINDS, SPAM_CANCELLATION } from './quote-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

export interface LeadWorkflowOptions extends NotificationSettings {
  /** Told of status and spam changes in their transaction (the integrations queue or withdraw deliveries). */
  hooks?: LeadHooks;
  now?: () => Date;
}

/** The notification of lead `id`, as the outbox selects it. */
const notificationOf = (id: number) => ({ owner: leadOwner(id), kind: QUOTE_EMAIL_KINDS.notification });

async function leadExists(trx: Transaction<Database>, id: number): Promise<boolean> {
  return Boolean(
    await tablesOf<LeadTables>(trx)
      .selectFrom('quote_requests')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst(),
  );
}

/**
 * A lead is not spam after all: its integrations hear of it, and its notification is sent if it never
 * was (queued now, or requeued when cancelled or dead).
 */
async function notifyAgain(
  trx: Transaction<Database>,
  options: LeadWorkflowOptions,
  id: number,
  at: Date,
): Promise<{ queued: boolean }> {
  await options.hooks?.markedNotSpam?.(trx, id, at);
  const notification = await messagesAbout(trx, LEAD_OWNER, QUOTE_EMAIL_KINDS.notification)
    .where('owner_id', '=', id)
    .executeTakeFirst();
  if (!notification) {
    await queueEmails(trx, [notificationEmail(options, id, at)]);
    return { queued: true };
  }
  const requeued = await requeue(trx, { id: notification.id }, ['cancelled', 'dead'], at);
  return { queued: requeued.length > 0 };
}

/**
 * Moves a lead to a status in the caller's transaction (a person's change also records the lead's first
 * contact); undefined when there is no such lead. A reply sent to a New lead moves it too (conversations/).
 */
export async function changeStatus(
  trx: Transaction<Database>,
  hooks: LeadHooks | undefined,
  { id, status, actor, at }: { id: number; status: LeadStatus; actor: string | null; at: Date },
): Promise<{ from: LeadStatus } | undefined> {
  const lead = await tablesOf<LeadTables>(trx)
    .selectFrom('quote_requests')
    .select(['status', 'spam'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!lead) return undefined;
  if (lead.status === status) return { from: lead.status };
  await tablesOf<LeadTables>(trx)
    .updateTable('quote_requests')
    .set({ status })
    .where('id', '=', id)
    .execute();
  await addLeadEvent(
    trx,
    { quote_request_id: id, actor, kind: 'status', from_status: lead.status, to_status: status },
    at,
  );
  if (!lead.spam) await hooks?.statusChanged?.(trx, id, { from: lead.status, to: status }, at);
  return { from: lead.status };
}

/** Marks a lead as spam, or as not spam, in the caller's transaction (see setSpam). */
async function changeSpam(
  trx: Transaction<Database>,
  options: LeadWorkflowOptions,
  { id, spam, actor, at }: { id: number; spam: boolean; actor: string | null; at: Date },
): Promise<{ queued: boolean } | undefined> {
  const lead = await tablesOf<LeadTables>(trx)
    .selectFrom('quote_requests')
    .select(['id', 'spam'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!lead) return undefined;
  if (Boolean(lead.spam) === spam) return { queued: false };
  await tablesOf<LeadTables>(trx)
    .updateTable('quote_requests')
    .set({ spam: spam ? 1 : 0, spam_at: spam ? at.toISOString() : null })
    .where('id', '=', id)
    .execute();
  await addLeadEvent(trx, { quote_request_id: id, actor, kind: spam ? 'spam' : 'not-spam' }, at);
  if (spam) {
    const { kind } = notificationOf(id);
    await cancelFor(trx, leadOwner(id), { kind, reason: SPAM_CANCELLATION, at });
    await options.hooks?.markedSpam?.(trx, id, at);
    return { queued: false };
  }
  return notifyAgain(trx, options, id, at);
}

/**
 * What staff do with a lead: its status, notes, spam, and sending its
 * notification again. What becomes of its emails is the outbox's to change:
 * this asks it to, in the same transaction as the lead's own change.
 */
export function createLeadWorkflow(storage: Pick<Storage, 'write'>, options: LeadWorkflowOptions) {
  const write = storage.write.run;
  const now = options.now ?? (() => new Date());

  return {
    /** Moves a lead to a status; undefined when there is no such lead. */
    async setStatus(
      id: number,
      status: LeadStatus,
      actor: string | null,
    ): Promise<{ from: LeadStatus } | undefined> {
      return write((trx) => changeStatus(trx, options.hooks, { id, status, actor, at: now() }));
    },

    /** Adds a note to a lead's timeline; false when there is no such lead. */
    async addNote(id: number, text: string, actor: string | null): Promise<boolean> {
      return write(async (trx) => {
        if (!(await leadExists(trx, id))) return false;
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
      return write((trx) => changeSpam(trx, options, { id, spam, actor, at: now() }));
    },

    /**
     * Retry on a lead's notification: the outbox queues it again only if it is
     * dead (never while it waits, is being sent or was sent), and the lead's
     * timeline records who did it. Returns whether it was queued, or undefined
     * without such a lead.
     */
    async retryNotification(id: number, actor: string | null): Promise<{ queued: boolean } | undefined> {
      return write(async (trx) => {
        if (!(await leadExists(trx, id))) return undefined;
        const at = now();
        if ((await requeue(trx, notificationOf(id), ['dead'], at)).length === 0) return { queued: false };
        await addLeadEvent(trx, { quote_request_id: id, actor, kind: 'retry' }, at);
        return { queued: true };
      });
    },
  };
}
