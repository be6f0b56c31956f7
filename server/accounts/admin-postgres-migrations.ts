import type { Kysely, Migration } from 'kysely';

/** The accounts, their passkeys and invitations. */
async function createAccountTables(db: Kysely<unknown>) {
  await db.schema
    .createTable('admin_accounts')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('user_handle', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('last_sign_in_at', 'text')
    .execute();
  await db.schema
    .createTable('admin_passkeys')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'bigint', (column) =>
      column.notNull().references('admin_accounts.id').onDelete('cascade'),
    )
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('counter', 'bigint', (column) => column.notNull().defaultTo(0))
    .addColumn('transports', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('admin_passkeys_account').on('admin_passkeys').column('account_id').execute();
  await db.schema
    .createTable('admin_invitations')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema.createIndex('admin_invitations_email').on('admin_invitations').column('email').execute();
}

/** The sessions, the activity log and the passkey ceremonies under way. */
async function createSessionTables(db: Kysely<unknown>) {
  await db.schema
    .createTable('admin_sessions')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('account_id', 'bigint', (column) =>
      column.notNull().references('admin_accounts.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addColumn('verified_at', 'text')
    .execute();
  await db.schema.createIndex('admin_sessions_account').on('admin_sessions').column('account_id').execute();
  await db.schema
    .createTable('admin_activity')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('at', 'text', (column) => column.notNull())
    .addColumn('actor', 'text')
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('summary', 'text', (column) => column.notNull())
    .addColumn('lead_id', 'bigint')
    .execute();
  await db.schema
    .createTable('admin_ceremonies')
    .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('flow_hash', 'text', (column) => column.notNull().unique())
    .addColumn('challenge', 'text', (column) => column.notNull())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('user_handle', 'text')
    .addColumn('client_network', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('admin_ceremonies_network')
    .on('admin_ceremonies')
    .columns(['client_network', 'id'])
    .execute();
  await db.schema
    .createIndex('admin_ceremonies_expires')
    .on('admin_ceremonies')
    .column('expires_at')
    .execute();
}

/** The inbox's tables on PostgreSQL, as they are today (SQLite's history: admin-migrations.ts). */
export const adminPostgresMigrations: Record<string, Migration> = {
  '2026-11-25-104-admin-baseline': {
    async up(db: Kysely<unknown>) {
      await createAccountTables(db);
      await createSessionTables(db);
    },
  },
};
