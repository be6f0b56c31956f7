import type { Kysely, Migration } from 'kysely';

/**
 * attachment_upload_days: the bytes of visitors' files stored each UTC day, counted in the lead's
 * transaction (daily-upload-cap.ts), so every instance of the server shares one count. A bigint on
 * both: a day's count passes 2^31 at 2 GB.
 */
const uploadDays: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('attachment_upload_days')
      .addColumn('day', 'text', (column) => column.primaryKey())
      .addColumn('bytes', 'bigint', (column) => column.notNull())
      .execute();
  },
};

export const uploadDayMigrations: Record<string, Migration> = {
  '2026-11-30-490-attachment-upload-days': uploadDays,
};

export const uploadDayPostgresMigrations: Record<string, Migration> = {
  '2026-11-30-490-attachment-upload-days': uploadDays,
};
