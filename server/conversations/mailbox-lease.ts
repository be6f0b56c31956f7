import type { Transaction } from 'kysely';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';

export interface LeaseOptions {
  mailbox: string;
  /** This instance's name for itself (random per watcher). */
  holder: string;
  now: Date;
  leaseMs: number;
}

/** Whether this instance holds the mailbox's lease, in the caller's write (the fencing of each write). */
export async function holdsLease(
  trx: Transaction<Database>,
  { mailbox, holder, now }: Omit<LeaseOptions, 'leaseMs'>,
): Promise<boolean> {
  const row = await tablesOf<ConversationTables>(trx)
    .selectFrom('mailbox_state')
    .select(['lease_holder', 'lease_expires_at'])
    .where('mailbox', '=', mailbox)
    .executeTakeFirst();
  return row?.lease_holder === holder && (row.lease_expires_at ?? '') > now.toISOString();
}

/**
 * Takes or renews the mailbox's lease: one instance watches the mailbox at a time; when it dies, its
 * lease runs out and another takes it on its next try. Returns whether this instance holds it now.
 */
export async function takeLease(
  storage: Pick<Storage, 'write' | 'lock'>,
  { mailbox, holder, now, leaseMs }: LeaseOptions,
): Promise<boolean> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  return storage.write.run(async (trx) => {
    await storage.lock(trx, `mailbox-lease:${mailbox}`);
    const row = await tablesOf<ConversationTables>(trx)
      .selectFrom('mailbox_state')
      .select(['lease_holder', 'lease_expires_at'])
      .where('mailbox', '=', mailbox)
      .executeTakeFirst();
    if (!row) {
      await tablesOf<ConversationTables>(trx)
        .insertInto('mailbox_state')
        .values({
          mailbox,
          uid_validity: '',
          last_uid: 0,
          updated_at: at,
          lease_holder: holder,
          lease_expires_at: until,
        })
        .execute();
      return true;
    }
    const free = row.lease_holder === holder || !row.lease_expires_at || row.lease_expires_at <= at;
    if (!free) return false;
    await tablesOf<ConversationTables>(trx)
      .updateTable('mailbox_state')
      .set({ lease_holder: holder, lease_expires_at: until })
      .where('mailbox', '=', mailbox)
      .execute();
    return true;
  });
}

/** Lets the lease go (a clean stop), so that another instance takes over at once. */
export async function releaseLease(
  storage: Pick<Storage, 'write'>,
  { mailbox, holder }: { mailbox: string; holder: string },
) {
  await storage.write.run((trx) =>
    tablesOf<ConversationTables>(trx)
      .updateTable('mailbox_state')
      .set({ lease_holder: null, lease_expires_at: null })
      .where('mailbox', '=', mailbox)
      .where('lease_holder', '=', holder)
      .execute(),
  );
}
