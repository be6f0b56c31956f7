import type { Kysely, Migration } from 'kysely';

/** The photos and their files; only the content's type differs between the databases. */
function createPhotoTables(binary: 'blob' | 'bytea'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('photos')
        .addColumn('id', 'text', (column) => column.primaryKey())
        .addColumn('source_width', 'integer', (column) => column.notNull())
        .addColumn('source_height', 'integer', (column) => column.notNull())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .execute();
      await db.schema
        .createTable('photo_files')
        .addColumn('photo_id', 'text', (column) =>
          column.notNull().references('photos.id').onDelete('cascade'),
        )
        .addColumn('width', 'integer', (column) => column.notNull())
        .addColumn('pixels', 'integer', (column) => column.notNull())
        .addColumn('media_type', 'text', (column) => column.notNull())
        .addColumn('data', binary, (column) => column.notNull())
        .addPrimaryKeyConstraint('photo_files_pk', ['photo_id', 'width'])
        .execute();
    },
  };
}

export const photoMigrations: Record<string, Migration> = {
  '2026-11-30-700-photos': createPhotoTables('blob'),
};

export const photoPostgresMigrations: Record<string, Migration> = {
  '2026-11-30-700-photos': createPhotoTables('bytea'),
};
