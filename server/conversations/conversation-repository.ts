import type { Kysely } from 'kysely';
import type { ScanState } from '../../common/attachments.ts';
import { leadFilesRead } from '../attachments/lead-files-read.ts';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import { conversationFigures } from './conversation-figures.ts';
import type { LeadHooks } from '../leads/lead-hooks.ts';
import { messagesAbout } from '../outbox/owner-messages.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { LEAD_OWNER } from '../leads/quote-tables.ts';
import type { LeadMessage } from './conversation-tables.ts';
import { REPLY_EMAIL_KIND } from './reply-email-kind.ts';
import { type NewReply, queueReply, type ReplyOutcome } from './reply-sending.ts';
import { createSavedReplies } from './saved-replies.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';

export interface ConversationOptions {
  /** The domain of MAIL_FROM, for the replies' Message-IDs. */
  mailDomain: string;
  /** Told when a reply moves a lead to Contacted (the integrations' lead.status_changed). */
  hooks?: LeadHooks;
  now?: () => Date;
}

/** A message of the thread, with its email's outbox row when it is a reply. */
export interface ThreadMessage {
  message: LeadMessage;
  email: OutboxRow | undefined;
  /** The files it brought (an answer's), kept with the lead. */
  files: ThreadFile[];
}

interface ThreadFile {
  id: number;
  name: string;
  size: number;
  mediaType: string;
  scan: ScanState;
}

/** What counts as the client's answer for "New reply": never an automatic reply or a bounce. */
const ANSWER = 'answer';

/** The files the lead's messages brought, by message id, each message's in the order they came. */
async function filesOfMessages(db: Kysely<Database>, leadId: number): Promise<Map<number, ThreadFile[]>> {
  const byMessage = new Map<number, ThreadFile[]>();
  for (const [messageId, files] of await leadFilesRead(db).ofMessages(leadId))
    byMessage.set(
      messageId,
      files.map(({ id, name, size, mediaType, scan }) => ({ id, name, size, mediaType, scan })),
    );
  return byMessage;
}

/** A lead's conversation: its replies and answers, what is unread, and the saved replies. */
export function createConversations(storage: Pick<Storage, 'db' | 'write'>, options: ConversationOptions) {
  const { db } = storage;
  const now = options.now ?? (() => new Date());
  return {
    /** Queues a reply (see queueReply). */
    sendReply(reply: Omit<NewReply, 'at'>): Promise<ReplyOutcome> {
      return storage.write.run((trx) => queueReply(trx, options, { ...reply, at: now() }));
    },

    /** The lead's messages in time order, each reply with its email's outbox row. */
    async thread(leadId: number): Promise<ThreadMessage[]> {
      const [messages, emails] = await Promise.all([
        tablesOf<ConversationTables>(db)
          .selectFrom('lead_messages')
          .selectAll()
          .where('quote_request_id', '=', leadId)
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
        messagesAbout(db, LEAD_OWNER, REPLY_EMAIL_KIND).where('owner_id', '=', leadId).execute(),
      ]);
      const byMessageId = new Map(emails.map((row) => [row.message_id, row]));
      const files = await filesOfMessages(db, leadId);
      return messages.map((message) => ({
        message,
        email: byMessageId.get(message.message_id),
        files: files.get(Number(message.id)) ?? [],
      }));
    },

    /** Marks the lead's unopened answers as read (its "New reply" clears); how many. */
    async markRead(leadId: number): Promise<number> {
      return storage.write.run(async (trx) => {
        const result = await tablesOf<ConversationTables>(trx)
          .updateTable('lead_messages')
          .set({ read_at: now().toISOString() })
          .where('quote_request_id', '=', leadId)
          .where('read_at', 'is', null)
          .where('kind', '=', ANSWER)
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      });
    },

    /** Of these leads, those with an answer nobody has opened. */
    async unreadAmong(leadIds: readonly number[]): Promise<Set<number>> {
      if (leadIds.length === 0) return new Set();
      const rows = await tablesOf<ConversationTables>(db)
        .selectFrom('lead_messages')
        .select('quote_request_id')
        .distinct()
        .where('read_at', 'is', null)
        .where('kind', '=', ANSWER)
        .where('quote_request_id', 'in', [...leadIds])
        .execute();
      return new Set(rows.map((row) => row.quote_request_id));
    },

    /** Every lead with an answer nobody has opened (the "New reply" filter). */
    async unreadLeads(): Promise<number[]> {
      const rows = await tablesOf<ConversationTables>(db)
        .selectFrom('lead_messages')
        .select('quote_request_id')
        .distinct()
        .where('read_at', 'is', null)
        .where('kind', '=', ANSWER)
        .execute();
      return rows.map((row) => row.quote_request_id);
    },

    /** For the CSV: each lead's number of messages and the time of its last answer. */
    async figuresOf(leadIds: readonly number[]) {
      return conversationFigures(db, leadIds);
    },

    savedReplies: createSavedReplies(storage, now),
  };
}

export type Conversations = ReturnType<typeof createConversations>;
