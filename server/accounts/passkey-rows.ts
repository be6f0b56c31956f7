import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from './admin-tables.ts';

/** What the server keeps of a new passkey, from a verified registration. */
export interface NewPasskey {
  id: string;
  publicKey: string;
  counter: number;
  transports: readonly string[];
  name: string;
}

/** Stores a new passkey of the account; `lastUsedAt` when it was used to sign in right away. */
export async function insertPasskey(
  trx: Transaction<Database>,
  accountId: number,
  passkey: NewPasskey,
  createdAt: string,
  lastUsedAt: string | null,
): Promise<void> {
  await tablesOf<AccountTables>(trx)
    .insertInto('admin_passkeys')
    .values({
      id: passkey.id,
      account_id: accountId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      name: passkey.name,
      created_at: createdAt,
      last_used_at: lastUsedAt,
    })
    .execute();
}
