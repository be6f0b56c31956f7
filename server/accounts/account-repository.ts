import { randomBytes } from 'node:crypto';
import type { Storage } from '../db/database.ts';
import type { AdminAccount, AdminPasskey } from './admin-tables.ts';
import { invitationMethods, normaliseEmail } from './invitation-repository.ts';
import { teamMethods } from './team-repository.ts';
import { insertPasskey, type NewPasskey } from './passkey-rows.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from './admin-tables.ts';

export { INVITATION_TTL_MS } from './invitation-repository.ts';

export interface AccountListing {
  account: AdminAccount;
  passkeys: number;
}

/** The accounts' passkeys: found to sign in, listed, added, removed (never the last), used. */
function passkeyMethods(storage: Pick<Storage, 'db' | 'write'>) {
  const { db } = storage;
  const write = storage.write.run;

  return {
    /** A passkey and its account, when the account may sign in. */
    async passkey(id: string): Promise<{ passkey: AdminPasskey; account: AdminAccount } | undefined> {
      const passkey = await tablesOf<AccountTables>(db)
        .selectFrom('admin_passkeys')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!passkey) return undefined;
      const account = await tablesOf<AccountTables>(db)
        .selectFrom('admin_accounts')
        .selectAll()
        .where('id', '=', passkey.account_id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return account ? { passkey, account } : undefined;
    },

    async passkeysOf(accountId: number): Promise<AdminPasskey[]> {
      return tablesOf<AccountTables>(db)
        .selectFrom('admin_passkeys')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .execute();
    },

    async addPasskey(accountId: number, passkey: NewPasskey, at: Date): Promise<void> {
      await write((trx) => insertPasskey(trx, accountId, passkey, at.toISOString(), null));
    },

    /**
     * Removes a passkey of the account, unless it is the last one (a person
     * must always be able to sign in). "last" or "unknown" when it cannot.
     */
    async removePasskey(accountId: number, id: string): Promise<'removed' | 'last' | 'unknown'> {
      return write(async (trx) => {
        const passkeys = await tablesOf<AccountTables>(trx)
          .selectFrom('admin_passkeys')
          .select('id')
          .where('account_id', '=', accountId)
          .execute();
        if (!passkeys.some((passkey) => passkey.id === id)) return 'unknown';
        if (passkeys.length <= 1) return 'last';
        await tablesOf<AccountTables>(trx).deleteFrom('admin_passkeys').where('id', '=', id).execute();
        return 'removed';
      });
    },

    /** A passkey was used to sign in: its counter and when, and the account's last sign-in. */
    async recordUse(passkey: AdminPasskey, counter: number, at: Date): Promise<void> {
      const iso = at.toISOString();
      await write(async (trx) => {
        await tablesOf<AccountTables>(trx)
          .updateTable('admin_passkeys')
          .set({ counter, last_used_at: iso })
          .where('id', '=', passkey.id)
          .execute();
        await tablesOf<AccountTables>(trx)
          .updateTable('admin_accounts')
          .set({ last_sign_in_at: iso })
          .where('id', '=', passkey.account_id)
          .execute();
      });
    },
  };
}

/**
 * The inbox's accounts, their passkeys and the invitations that make them
 * (invitation-repository.ts). Nobody signs up from the internet: an account
 * exists only once someone accepts an invitation made with `npm run admin -- invite`.
 */
export function createAccountRepository(storage: Pick<Storage, 'db' | 'write' | 'lock'>) {
  const { db } = storage;

  return {
    ...invitationMethods(storage),
    ...passkeyMethods(storage),
    ...teamMethods(storage),

    /** The WebAuthn user handle an invitation's account has, or a new one for a new account. */
    async userHandleFor(email: string): Promise<string> {
      const account = await tablesOf<AccountTables>(db)
        .selectFrom('admin_accounts')
        .select('user_handle')
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return account?.user_handle ?? randomBytes(32).toString('base64url');
    },

    async byEmail(email: string): Promise<AdminAccount | undefined> {
      return tablesOf<AccountTables>(db)
        .selectFrom('admin_accounts')
        .selectAll()
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
    },

    async byId(id: number): Promise<AdminAccount | undefined> {
      return tablesOf<AccountTables>(db)
        .selectFrom('admin_accounts')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Every account, with how many passkeys it has. */
    /** Every account's id and email (revoked ones too), for names: one light read. */
    async emails(): Promise<{ id: number; email: string }[]> {
      return tablesOf<AccountTables>(db)
        .selectFrom('admin_accounts')
        .select(['id', 'email'])
        .orderBy('id')
        .execute();
    },
    async list(): Promise<AccountListing[]> {
      const accounts = await tablesOf<AccountTables>(db)
        .selectFrom('admin_accounts')
        .selectAll()
        .orderBy('id')
        .execute();
      const counts = await tablesOf<AccountTables>(db)
        .selectFrom('admin_passkeys')
        .select(['account_id', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('account_id')
        .execute();
      const byAccount = new Map(counts.map((row) => [row.account_id, Number(row.count)]));
      return accounts.map((account) => ({ account, passkeys: byAccount.get(account.id) ?? 0 }));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
