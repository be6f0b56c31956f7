import type { Kysely, Migration } from 'kysely';
import './conversation-tables.ts';

/**
 * The messages of the mailbox the watcher passed over because it could not read them (too large, too
 * slow or too deep to parse): one row each, by mailbox, UIDVALIDITY and UID.
 */
function createUnreadableMail(id: 'integer' | 'bigint'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('unreadable_mail')
        .addColumn('id', id, (column) =>
          id === 'bigint'
            ? column.primaryKey().generatedByDefaultAsIdentity()
            : column.primaryKey().autoIncrement(),
        )
        .addColumn('mailbox', 'text', (column) => column.notNull())
        .addColumn('uid_validity', 'text', (column) => column.notNull())
        .addColumn('uid', 'bigint', (column) => column.notNull())
        .addColumn('size', 'bigint', (column) => column.notNull())
        .addColumn('from_address', 'text', (column) => column.notNull())
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('reason', 'text', (column) => column.notNull())
        .addColumn('quote_request_id', id, (column) =>
          column.references('quote_requests.id').onDelete('cascade'),
        )
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addUniqueConstraint('unreadable_mail_once', ['mailbox', 'uid_validity', 'uid'])
        .execute();
    },
  };
}

export const unreadableMailMigrations: Record<string, Migration> = {
  '2026-11-29-851-unreadable-mail': createUnreadableMail('integer'),
};

export const unreadableMailPostgresMigrations: Record<string, Migration> = {
  '2026-11-29-851-unreadable-mail': createUnreadableMail('bigint'),
};
