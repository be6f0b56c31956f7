import type { Storage } from '../db/database.ts';
import type { SavedReply } from './conversation-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';

/** Settings → Saved replies: texts staff insert into the Reply field, by title. */
export function createSavedReplies(storage: Pick<Storage, 'db' | 'write'>, now: () => Date) {
  const write = storage.write.run;
  return {
    /** Every saved reply, by title. */
    list(): Promise<SavedReply[]> {
      return tablesOf<ConversationTables>(storage.db)
        .selectFrom('saved_replies')
        .selectAll()
        .orderBy('title')
        .orderBy('id')
        .execute();
    },
    async create({ title, body }: { title: string; body: string }): Promise<number> {
      const at = now().toISOString();
      const row = await write((trx) =>
        tablesOf<ConversationTables>(trx)
          .insertInto('saved_replies')
          .values({ title, body, created_at: at, updated_at: at })
          .returning('id')
          .executeTakeFirstOrThrow(),
      );
      return row.id;
    },
    /** False when there is no such saved reply. */
    async update(id: number, { title, body }: { title: string; body: string }): Promise<boolean> {
      const result = await write((trx) =>
        tablesOf<ConversationTables>(trx)
          .updateTable('saved_replies')
          .set({ title, body, updated_at: now().toISOString() })
          .where('id', '=', id)
          .executeTakeFirst(),
      );
      return Number(result.numUpdatedRows) > 0;
    },
    async remove(id: number): Promise<boolean> {
      const result = await write((trx) =>
        tablesOf<ConversationTables>(trx).deleteFrom('saved_replies').where('id', '=', id).executeTakeFirst(),
      );
      return Number(result.numDeletedRows) > 0;
    },
  };
}
