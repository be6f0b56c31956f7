import type { Storage } from '../db/database.ts';
import { writeMailFile, type MailKeeper } from '../mail/mailer.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

/** How many kept emails export-files reads at a time. */
const PAGE = 200;

/** The emails kept in the database (PostgreSQL only: on SQLite they are .eml files in MAIL_DIR). */
export function createMailDrop(storage: Pick<Storage, 'db' | 'write'>): MailKeeper & {
  exportTo(dir: string): Promise<number>;
} {
  const { db } = storage;
  return {
    /**
     * Keeps the email, replacing what an earlier attempt kept (the same
     * Message-ID: a retry is the same email). Only while its outbox row
     * exists: one deleted while it was being sent is not kept.
     */
    async keep(mail, eml) {
      const recipient = mail.to.join(', ');
      const at = new Date().toISOString();
      return storage.write.run(async (trx) => {
        const kept = await tablesOf<OutboxTables>(trx)
          .insertInto('mail_drop')
          .columns(['message_id', 'recipient', 'eml', 'created_at'])
          .expression((eb) =>
            eb
              .selectFrom('outbox')
              .select([
                'message_id',
                eb.val(recipient).as('recipient'),
                eb.val(eml).as('eml'),
                eb.val(at).as('created_at'),
              ])
              .where('message_id', '=', mail.messageId),
          )
          .onConflict((conflict) =>
            conflict.column('message_id').doUpdateSet((eb) => ({
              recipient: eb.ref('excluded.recipient'),
              eml: eb.ref('excluded.eml'),
              created_at: eb.ref('excluded.created_at'),
            })),
          )
          .executeTakeFirst();
        return Number(kept.numInsertedOrUpdatedRows ?? 0) > 0;
      });
    },

    /** Writes every kept email to `dir` as the file mailer would have (same name, same bytes); returns how many. */
    async exportTo(dir) {
      let written = 0;
      let after = '';
      for (;;) {
        const rows = await tablesOf<OutboxTables>(db)
          .selectFrom('mail_drop')
          .select(['message_id', 'eml'])
          .where('message_id', '>', after)
          .orderBy('message_id')
          .limit(PAGE)
          .execute();
        for (const row of rows) writeMailFile(dir, row.message_id, Buffer.from(row.eml, 'latin1'));
        written += rows.length;
        const last = rows.at(-1);
        if (!last || rows.length < PAGE) return written;
        after = last.message_id;
      }
    },
  };
}

export type MailDrop = ReturnType<typeof createMailDrop>;
