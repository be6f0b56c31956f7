import type { Kysely, Migration } from 'kysely';
import { answerFileMigrations, answerFilePostgresMigrations } from './answer-file-migrations.ts';
import './attachment-tables.ts';

/** The attachments' two tables; only the id and the content's types differ between the databases. */
function createAttachmentTables(types: { id: 'integer' | 'bigint'; binary: 'blob' | 'bytea' }): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('lead_attachments')
        .addColumn('id', types.id, (column) =>
          types.id === 'bigint'
            ? column.primaryKey().generatedByDefaultAsIdentity()
            : column.primaryKey().autoIncrement(),
        )
        .addColumn('quote_request_id', types.id, (column) =>
          column.notNull().references('quote_requests.id').onDelete('cascade'),
        )
        .addColumn('position', 'integer', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('size', 'bigint', (column) => column.notNull())
        .addColumn('media_type', 'text', (column) => column.notNull())
        .addColumn('sha256', 'text', (column) => column.notNull())
        .addColumn('scan', 'text', (column) => column.notNull())
        .addColumn('scan_result', 'text')
        .addColumn('scanned_at', 'text')
        .addColumn('scan_claimed_until', 'text')
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addUniqueConstraint('lead_attachments_position', ['quote_request_id', 'position'])
        .execute();
      // The files still waiting for their scan, found without reading the others.
      await db.schema
        .createIndex('lead_attachments_pending')
        .on('lead_attachments')
        .columns(['scan', 'scan_claimed_until'])
        .execute();
      await db.schema
        .createTable('attachment_chunks')
        .addColumn('attachment_id', types.id, (column) =>
          column.notNull().references('lead_attachments.id').onDelete('cascade'),
        )
        .addColumn('seq', 'integer', (column) => column.notNull())
        .addColumn('data', types.binary, (column) => column.notNull())
        .addPrimaryKeyConstraint('attachment_chunks_pk', ['attachment_id', 'seq'])
        .execute();
    },
  };
}

export const attachmentMigrations: Record<string, Migration> = {
  '2026-11-28-710-attachments': createAttachmentTables({ id: 'integer', binary: 'blob' }),
  ...answerFileMigrations,
};

export const attachmentPostgresMigrations: Record<string, Migration> = {
  '2026-11-28-710-attachments': createAttachmentTables({ id: 'bigint', binary: 'bytea' }),
  ...answerFilePostgresMigrations,
};
