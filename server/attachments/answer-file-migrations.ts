import type { Kysely, Migration } from 'kysely';

/**
 * Which message of a lead's conversation brought a file (an answer that came in by mail); null for
 * the quote form's files. No foreign key: both rows go with their lead (on delete cascade), and the
 * attachments feature knows nothing of the conversations' table.
 */
function answerFiles(type: 'integer' | 'bigint'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('lead_attachments').addColumn('lead_message_id', type).execute();
    },
  };
}

export const answerFileMigrations: Record<string, Migration> = {
  '2026-11-28-730-answer-files': answerFiles('integer'),
};

export const answerFilePostgresMigrations: Record<string, Migration> = {
  '2026-11-28-730-answer-files': answerFiles('bigint'),
};
