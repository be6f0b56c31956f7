import type { Kysely, Migration } from 'kysely';

/**
 * What the server says of an answer's files (those not kept, and why) gets a column of its own,
 * beside the client's text: the inbox shows it as the system's word, outside the client's message.
 * Earlier answers keep those lines in their text, where they were written.
 */
const fileNotes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('lead_messages')
      .addColumn('file_notes', 'text', (column) => column.notNull().defaultTo(''))
      .execute();
  },
};

export const fileNotesMigrations: Record<string, Migration> = {
  '2026-11-29-745-lead-message-file-notes': fileNotes,
};
