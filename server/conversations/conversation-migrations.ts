import type { Kysely, Migration } from 'kysely';
import './conversation-tables.ts';
import { fileNotesMigrations } from './file-notes-migrations.ts';
import { answerSenderMigrations } from './answer-sender-migrations.ts';
import { mailboxLeaseMigrations } from './mailbox-lease-migrations.ts';
import { unreadableMailMigrations, unreadableMailPostgresMigrations } from './unreadable-mail-migrations.ts';

/** The conversations' tables; only the id's type differs between the databases. */
function createConversationTables(id: 'integer' | 'bigint'): Migration {
  const identity = (db: Kysely<unknown>, name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', id, (column) =>
        id === 'bigint'
          ? column.primaryKey().generatedByDefaultAsIdentity()
          : column.primaryKey().autoIncrement(),
      );
  return {
    async up(db: Kysely<unknown>) {
      await identity(db, 'lead_messages')
        .addColumn('quote_request_id', id, (column) =>
          column.notNull().references('quote_requests.id').onDelete('cascade'),
        )
        .addColumn('direction', 'text', (column) => column.notNull())
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('message_id', 'text', (column) => column.notNull())
        .addColumn('in_reply_to', 'text')
        .addColumn('references', 'text', (column) => column.notNull().defaultTo(''))
        .addColumn('author_email', 'text', (column) => column.notNull())
        .addColumn('author_name', 'text', (column) => column.notNull())
        .addColumn('subject', 'text', (column) => column.notNull())
        .addColumn('body_text', 'text', (column) => column.notNull())
        .addColumn('quoted_text', 'text', (column) => column.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('read_at', 'text')
        .addColumn('bounced_at', 'text')
        // An answer is stored once per lead, across restarts and instances.
        .addUniqueConstraint('lead_messages_once', ['quote_request_id', 'message_id'])
        .execute();
      // A lead's thread in time order; and "which Message-ID did we send" for matching answers.
      await db.schema
        .createIndex('lead_messages_thread')
        .on('lead_messages')
        .columns(['quote_request_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('lead_messages_message_id')
        .on('lead_messages')
        .column('message_id')
        .execute();
      // The inbox's "New reply": answers nobody has opened.
      await db.schema
        .createIndex('lead_messages_unread')
        .on('lead_messages')
        .columns(['read_at', 'kind', 'quote_request_id'])
        .execute();
      await db.schema
        .createTable('mailbox_state')
        .addColumn('mailbox', 'text', (column) => column.primaryKey())
        .addColumn('uid_validity', 'text', (column) => column.notNull())
        .addColumn('last_uid', 'bigint', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute();
      await identity(db, 'saved_replies')
        .addColumn('title', 'text', (column) => column.notNull())
        .addColumn('body', 'text', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('updated_at', 'text', (column) => column.notNull())
        .execute();
    },
  };
}

export const conversationMigrations: Record<string, Migration> = {
  '2026-11-28-720-conversations': createConversationTables('integer'),
  ...mailboxLeaseMigrations,
  ...fileNotesMigrations,
  ...answerSenderMigrations,
  ...unreadableMailMigrations,
};

export const conversationPostgresMigrations: Record<string, Migration> = {
  '2026-11-28-720-conversations': createConversationTables('bigint'),
  ...mailboxLeaseMigrations,
  ...fileNotesMigrations,
  ...answerSenderMigrations,
  ...unreadableMailPostgresMigrations,
};
