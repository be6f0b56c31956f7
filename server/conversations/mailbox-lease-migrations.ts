import type { Kysely, Migration } from 'kysely';

/** The lease of the mailbox watcher: one instance watches a mailbox at a time (mailbox_state's row). */
const mailboxLease: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('mailbox_state').addColumn('lease_holder', 'text').execute();
    await db.schema.alterTable('mailbox_state').addColumn('lease_expires_at', 'text').execute();
  },
};

export const mailboxLeaseMigrations: Record<string, Migration> = {
  '2026-11-28-721-mailbox-lease': mailboxLease,
};
