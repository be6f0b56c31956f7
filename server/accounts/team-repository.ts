import type { Transaction } from 'kysely';
import type { StaffRole } from '../../common/team-domain.ts';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { normaliseEmail, withdrawInvitations } from './invitation-repository.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from './admin-tables.ts';

/** The lock every change to who is an admin takes first, so two changes at once are decided in turn. */
const ADMINS_LOCK = 'team:admins';

/** What a change of role or a revocation came to. */
export type TeamChange = 'changed' | 'unchanged' | 'unknown' | 'last-admin';

/** How many accounts can still act as admins (not revoked). */
async function activeAdmins(trx: Transaction<Database>): Promise<number> {
  const row = await tablesOf<AccountTables>(trx)
    .selectFrom('admin_accounts')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'admin')
    .where('revoked_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** An active account, read under the admins' lock. */
async function activeAccount(trx: Transaction<Database>, where: { id: number } | { email: string }) {
  const query = tablesOf<AccountTables>(trx)
    .selectFrom('admin_accounts')
    .select(['id', 'role'])
    .where('revoked_at', 'is', null);
  return (
    'id' in where ? query.where('id', '=', where.id) : query.where('email', '=', where.email)
  ).executeTakeFirst();
}

/**
 * The team's changes to accounts: a role changed, an account revoked. The last admin (not revoked) can be
 * neither demoted nor revoked: each change takes one lock and counts the admins inside its transaction, so
 * two admins demoting each other at the same moment, on two instances, cannot both succeed.
 */
export function teamMethods(storage: Pick<Storage, 'write' | 'lock'>) {
  const write = storage.write.run;

  return {
    async setRole(id: number, role: StaffRole): Promise<TeamChange> {
      return write(async (trx) => {
        await storage.lock(trx, ADMINS_LOCK);
        const account = await activeAccount(trx, { id });
        if (!account) return 'unknown';
        if (account.role === role) return 'unchanged';
        if (account.role === 'admin' && (await activeAdmins(trx)) <= 1) return 'last-admin';
        await tablesOf<AccountTables>(trx)
          .updateTable('admin_accounts')
          .set({ role })
          .where('id', '=', id)
          .execute();
        return 'changed';
      });
    },

    /**
     * Ends every session of the account, refuses its passkeys (they are removed) and withdraws the
     * address's pending invitations. Says whether there was an account (or that it is the last admin,
     * and nothing changed), and how many invitations.
     */
    async revoke(
      email: string,
      at: Date,
    ): Promise<{ account: boolean; invitations: number; lastAdmin?: true }> {
      const address = normaliseEmail(email);
      return write(async (trx) => {
        await storage.lock(trx, ADMINS_LOCK);
        const account = await activeAccount(trx, { email: address });
        if (account?.role === 'admin' && (await activeAdmins(trx)) <= 1)
          return { account: true, invitations: 0, lastAdmin: true };
        const invitations = await withdrawInvitations(trx, address, at);
        const found =
          account ??
          (await tablesOf<AccountTables>(trx)
            .selectFrom('admin_accounts')
            .select(['id'])
            .where('email', '=', address)
            .executeTakeFirst());
        if (!found) return { account: false, invitations };
        await tablesOf<AccountTables>(trx)
          .deleteFrom('admin_sessions')
          .where('account_id', '=', found.id)
          .execute();
        await tablesOf<AccountTables>(trx)
          .deleteFrom('admin_passkeys')
          .where('account_id', '=', found.id)
          .execute();
        await tablesOf<AccountTables>(trx)
          .updateTable('admin_accounts')
          .set({ revoked_at: at.toISOString() })
          .where('id', '=', found.id)
          .where('revoked_at', 'is', null)
          .execute();
        return { account: true, invitations };
      });
    },
  };
}
