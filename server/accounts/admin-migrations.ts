import type { Kysely, Migration } from 'kysely';

/** The inbox's accounts, passkeys, invitations, sessions, activity log and unfinished passkey ceremonies. */
export const adminMigrations: Record<string, Migration> = {
  '2026-11-24-003-admin-accounts': {
    async up(db: Kysely<unknown>) {
      await db.transaction().execute(async (trx) => {
        await trx.schema
          .createTable('admin_accounts')
          .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
          .addColumn('email', 'text', (column) => column.notNull().unique())
          .addColumn('user_handle', 'text', (column) => column.notNull().unique())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .addColumn('revoked_at', 'text')
          .addColumn('last_sign_in_at', 'text')
          .execute();
        await trx.schema
          .createTable('admin_passkeys')
          .addColumn('id', 'text', (column) => column.primaryKey())
          .addColumn('account_id', 'integer', (column) =>
            column.notNull().references('admin_accounts.id').onDelete('cascade'),
          )
          .addColumn('public_key', 'text', (column) => column.notNull())
          .addColumn('counter', 'integer', (column) => column.notNull().defaultTo(0))
          .addColumn('transports', 'text', (column) => column.notNull().defaultTo('[]'))
          .addColumn('name', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .addColumn('last_used_at', 'text')
          .execute();
        await trx.schema
          .createIndex('admin_passkeys_account')
          .on('admin_passkeys')
          .column('account_id')
          .execute();
        await trx.schema
          .createTable('admin_invitations')
          .addColumn('token_hash', 'text', (column) => column.primaryKey())
          .addColumn('email', 'text', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .addColumn('expires_at', 'text', (column) => column.notNull())
          .addColumn('used_at', 'text')
          .execute();
        await trx.schema
          .createTable('admin_sessions')
          .addColumn('token_hash', 'text', (column) => column.primaryKey())
          .addColumn('account_id', 'integer', (column) =>
            column.notNull().references('admin_accounts.id').onDelete('cascade'),
          )
          .addColumn('created_at', 'text', (column) => column.notNull())
          .addColumn('last_seen_at', 'text', (column) => column.notNull())
          .addColumn('verified_at', 'text')
          .execute();
        await trx.schema
          .createIndex('admin_sessions_account')
          .on('admin_sessions')
          .column('account_id')
          .execute();
        await trx.schema
          .createTable('admin_activity')
          .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
          .addColumn('at', 'text', (column) => column.notNull())
          .addColumn('actor', 'text')
          .addColumn('action', 'text', (column) => column.notNull())
          .addColumn('summary', 'text', (column) => column.notNull())
          .addColumn('lead_id', 'integer')
          .execute();
      });
    },
  },
  '2026-11-25-003-admin-invitation-withdrawn': {
    async up(db: Kysely<unknown>) {
      // When an invitation stopped working before it was used: a newer one for the address replaced
      // it, or the address was revoked. Links made before this column stay as they were.
      await db.schema.alterTable('admin_invitations').addColumn('withdrawn_at', 'text').execute();
      await db.schema
        .createIndex('admin_invitations_email')
        .on('admin_invitations')
        .column('email')
        .execute();
    },
  },
  '2026-11-25-007-admin-ceremonies': {
    async up(db: Kysely<unknown>) {
      // Unfinished passkey ceremonies, until now in one server's memory (see ceremony-flows.ts).
      await db.transaction().execute(async (trx) => {
        await trx.schema
          .createTable('admin_ceremonies')
          .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
          .addColumn('flow_hash', 'text', (column) => column.notNull().unique())
          .addColumn('challenge', 'text', (column) => column.notNull())
          .addColumn('purpose', 'text', (column) => column.notNull())
          .addColumn('subject', 'text', (column) => column.notNull())
          .addColumn('user_handle', 'text')
          .addColumn('client_network', 'text', (column) => column.notNull())
          .addColumn('expires_at', 'text', (column) => column.notNull())
          .execute();
        await trx.schema
          .createIndex('admin_ceremonies_network')
          .on('admin_ceremonies')
          .columns(['client_network', 'id'])
          .execute();
        await trx.schema
          .createIndex('admin_ceremonies_expires')
          .on('admin_ceremonies')
          .column('expires_at')
          .execute();
      });
    },
  },
};
