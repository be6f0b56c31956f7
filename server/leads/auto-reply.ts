import type { Kysely, QueryCreator, Transaction } from 'kysely';
import { company } from '../../common/company.ts';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

const AUTO_REPLY_ID = 1;

/** What a new database's auto-reply says: warm, and nothing of what the visitor typed. */
export const DEFAULT_AUTO_REPLY_TEXT = [
  'Hello,',
  '',
  `Thank you for contacting ${company.name}. We have received your quote request, and one of our team will get back to you soon.`,
  '',
  'If you have anything to add, simply reply to this email.',
].join('\n');

export interface AutoReplySetting {
  enabled: boolean;
  text: string;
  updatedAt: string | null;
  updatedBy: string | null;
}

/**
 * The auto-reply as it is now, read in the caller's transaction (the lead's, or the outbox's when it
 * builds the email); undefined only before the row is seeded.
 */
export async function autoReplyIn(db: Kysely<Database> | Transaction<Database>) {
  const row = await tablesOf<LeadTables>(db)
    .selectFrom('auto_reply')
    .selectAll()
    .where('id', '=', AUTO_REPLY_ID)
    .executeTakeFirst();
  return row && { enabled: row.enabled === 1, text: row.text };
}

/** The auto-reply's switch (1: on, 0: off), as a select to read in another statement (none before the row is seeded). */
export const autoReplySwitch = (db: QueryCreator<Database>) =>
  tablesOf<LeadTables>(db)
    .selectFrom('auto_reply')
    .select('enabled as value')
    .where('id', '=', AUTO_REPLY_ID);

/** Settings → Auto-reply: reading and saving it, and its row seeded once from ACK_EMAIL. */
export function createAutoReply(storage: Pick<Storage, 'db' | 'write'>) {
  const { db } = storage;
  return {
    /**
     * Gives a database without the row one: on (ACK_EMAIL=true) or off, with the default text. An
     * existing row is left alone, so ACK_EMAIL matters for a new database only.
     */
    async seed(enabled: boolean): Promise<void> {
      const exists = await tablesOf<LeadTables>(db).selectFrom('auto_reply').select('id').executeTakeFirst();
      if (exists) return;
      await storage.write.run((trx) =>
        tablesOf<LeadTables>(trx)
          .insertInto('auto_reply')
          .values({
            id: AUTO_REPLY_ID,
            enabled: enabled ? 1 : 0,
            text: DEFAULT_AUTO_REPLY_TEXT,
            updated_at: null,
            updated_by: null,
          })
          // Two instances starting at once on one PostgreSQL: the first one's row stays.
          .onConflict((conflict) => conflict.column('id').doNothing())
          .execute(),
      );
    },

    async get(): Promise<AutoReplySetting> {
      const row = await tablesOf<LeadTables>(db)
        .selectFrom('auto_reply')
        .selectAll()
        .where('id', '=', AUTO_REPLY_ID)
        .executeTakeFirst();
      return {
        enabled: row?.enabled === 1,
        text: row?.text ?? DEFAULT_AUTO_REPLY_TEXT,
        updatedAt: row?.updated_at ?? null,
        updatedBy: row?.updated_by ?? null,
      };
    },

    async save({ enabled, text }: { enabled: boolean; text: string }, by: string, at: Date) {
      const values = { enabled: enabled ? 1 : 0, text, updated_at: at.toISOString(), updated_by: by };
      await storage.write.run((trx) =>
        tablesOf<LeadTables>(trx)
          .insertInto('auto_reply')
          .values({ id: AUTO_REPLY_ID, ...values })
          .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
          .execute(),
      );
      return this.get();
    },
  };
}

export type AutoReply = ReturnType<typeof createAutoReply>;
