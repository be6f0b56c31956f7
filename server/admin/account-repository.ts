import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import type { AdminAccount, AdminPasskey } from './admin-tables.ts';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 24 * 60 * 60 * 1000;

/** What the server keeps of a new passkey, from a verified registration. */
export interface NewPasskey {
  id: string;
  publicKey: string;
  counter: number;
  transports: readonly string[];
  name: string;
}

export type InvitationState =
  | { state: 'valid'; email: string }
  | { state: 'used' | 'expired' | 'withdrawn'; email: string }
  | { state: 'unknown' };

/** An invitation nobody has accepted yet, still working. */
export interface PendingInvitation {
  email: string;
  createdAt: string;
  expiresAt: string;
}

export interface AccountListing {
  account: AdminAccount;
  passkeys: number;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Withdraws the address's invitations that are still unused; how many there were. */
async function withdrawInvitations(trx: Transaction<Database>, email: string, at: Date): Promise<number> {
  const iso = at.toISOString();
  const result = await trx
    .updateTable('admin_invitations')
    .set({ withdrawn_at: iso })
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where('expires_at', '>', iso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

async function invitationOf(trx: Transaction<Database>, token: string, at: Date): Promise<InvitationState> {
  const row = await trx
    .selectFrom('admin_invitations')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { state: 'unknown' };
  if (row.used_at !== null) return { state: 'used', email: row.email };
  if (row.withdrawn_at !== null) return { state: 'withdrawn', email: row.email };
  if (row.expires_at <= at.toISOString()) return { state: 'expired', email: row.email };
  return { state: 'valid', email: row.email };
}

/**
 * The inbox's accounts, their passkeys and the invitations that make them.
 * Nobody signs up from the internet: an account exists only once someone
 * accepts an invitation made with `npm run admin -- invite`.
 */
export function createAccountRepository(storage: Pick<Storage, 'db' | 'write'>) {
  const { db } = storage;
  const write = storage.write.run;

  return {
    /**
     * A one-time link's token for this address, valid for 24 hours; only its hash is stored. It
     * replaces the address's earlier links that are still unused (`replaced` says how many): only the
     * newest link works.
     */
    async invite(email: string, at: Date): Promise<{ token: string; replaced: number }> {
      const token = newToken();
      const address = normaliseEmail(email);
      const replaced = await write(async (trx) => {
        const withdrawn = await withdrawInvitations(trx, address, at);
        await trx
          .insertInto('admin_invitations')
          .values({
            token_hash: hashToken(token),
            email: address,
            created_at: at.toISOString(),
            expires_at: new Date(at.getTime() + INVITATION_TTL_MS).toISOString(),
            used_at: null,
            withdrawn_at: null,
          })
          .execute();
        return withdrawn;
      });
      return { token, replaced };
    },

    /** The invitations still waiting to be accepted, oldest first. */
    async pendingInvitations(at: Date): Promise<PendingInvitation[]> {
      const rows = await db
        .selectFrom('admin_invitations')
        .select(['email', 'created_at', 'expires_at'])
        .where('used_at', 'is', null)
        .where('withdrawn_at', 'is', null)
        .where('expires_at', '>', at.toISOString())
        .orderBy('created_at')
        .execute();
      return rows.map((row) => ({ email: row.email, createdAt: row.created_at, expiresAt: row.expires_at }));
    },

    async invitation(token: string, at: Date): Promise<InvitationState> {
      return write((trx) => invitationOf(trx, token, at));
    },

    /**
     * Accepts an invitation with the passkey just made: in one transaction the
     * link is used up, the account is made (or, for a person who lost their
     * passkeys or was revoked, taken up again: a revoked account's old
     * passkeys are gone), and the passkey is added. Undefined when the link
     * is no longer valid (used, replaced or withdrawn meanwhile, or expired).
     */
    async acceptInvitation(
      token: string,
      userHandle: string,
      passkey: NewPasskey,
      at: Date,
    ): Promise<AdminAccount | undefined> {
      return write(async (trx) => {
        const invitation = await invitationOf(trx, token, at);
        if (invitation.state !== 'valid') return undefined;
        const iso = at.toISOString();
        await trx
          .updateTable('admin_invitations')
          .set({ used_at: iso })
          .where('token_hash', '=', hashToken(token))
          .execute();
        let account = await trx
          .selectFrom('admin_accounts')
          .selectAll()
          .where('email', '=', invitation.email)
          .executeTakeFirst();
        if (!account) {
          account = await trx
            .insertInto('admin_accounts')
            .values({
              email: invitation.email,
              user_handle: userHandle,
              created_at: iso,
              revoked_at: null,
              last_sign_in_at: iso,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
        } else {
          account = await trx
            .updateTable('admin_accounts')
            .set({ revoked_at: null, last_sign_in_at: iso })
            .where('id', '=', account.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        await trx
          .insertInto('admin_passkeys')
          .values({
            id: passkey.id,
            account_id: account.id,
            public_key: passkey.publicKey,
            counter: passkey.counter,
            transports: JSON.stringify(passkey.transports),
            name: passkey.name,
            created_at: iso,
            last_used_at: iso,
          })
          .execute();
        return account;
      });
    },

    /** The WebAuthn user handle an invitation's account has, or a new one for a new account. */
    async userHandleFor(email: string): Promise<string> {
      const account = await db
        .selectFrom('admin_accounts')
        .select('user_handle')
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
      return account?.user_handle ?? randomBytes(32).toString('base64url');
    },

    async byEmail(email: string): Promise<AdminAccount | undefined> {
      return db
        .selectFrom('admin_accounts')
        .selectAll()
        .where('email', '=', normaliseEmail(email))
        .executeTakeFirst();
    },

    async byId(id: number): Promise<AdminAccount | undefined> {
      return db.selectFrom('admin_accounts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Every account, with how many passkeys it has. */
    async list(): Promise<AccountListing[]> {
      const accounts = await db.selectFrom('admin_accounts').selectAll().orderBy('id').execute();
      const counts = await db
        .selectFrom('admin_passkeys')
        .select(['account_id', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('account_id')
        .execute();
      const byAccount = new Map(counts.map((row) => [row.account_id, Number(row.count)]));
      return accounts.map((account) => ({ account, passkeys: byAccount.get(account.id) ?? 0 }));
    },

    /**
     * Ends every session of the account, refuses its passkeys (they are removed) and withdraws the
     * address's pending invitations. Says whether there was an account, and how many invitations.
     */
    async revoke(email: string, at: Date): Promise<{ account: boolean; invitations: number }> {
      const address = normaliseEmail(email);
      return write(async (trx) => {
        const invitations = await withdrawInvitations(trx, address, at);
        const account = await trx
          .selectFrom('admin_accounts')
          .select('id')
          .where('email', '=', address)
          .executeTakeFirst();
        if (!account) return { account: false, invitations };
        await trx.deleteFrom('admin_sessions').where('account_id', '=', account.id).execute();
        await trx.deleteFrom('admin_passkeys').where('account_id', '=', account.id).execute();
        await trx
          .updateTable('admin_accounts')
          .set({ revoked_at: at.toISOString() })
          .where('id', '=', account.id)
          .execute();
        return { account: true, invitations };
      });
    },

    /** A passkey and its account, when the account may sign in. */
    async passkey(id: string): Promise<{ passkey: AdminPasskey; account: AdminAccount } | undefined> {
      const passkey = await db
        .selectFrom('admin_passkeys')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!passkey) return undefined;
      const account = await db
        .selectFrom('admin_accounts')
        .selectAll()
        .where('id', '=', passkey.account_id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return account ? { passkey, account } : undefined;
    },

    async passkeysOf(accountId: number): Promise<AdminPasskey[]> {
      return db
        .selectFrom('admin_passkeys')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('created_at')
        .execute();
    },

    async addPasskey(accountId: number, passkey: NewPasskey, at: Date): Promise<void> {
      await write((trx) =>
        trx
          .insertInto('admin_passkeys')
          .values({
            id: passkey.id,
            account_id: accountId,
            public_key: passkey.publicKey,
            counter: passkey.counter,
            transports: JSON.stringify(passkey.transports),
            name: passkey.name,
            created_at: at.toISOString(),
            last_used_at: null,
          })
          .execute(),
      );
    },

    /**
     * Removes a passkey of the account, unless it is the last one (a person
     * must always be able to sign in). "last" or "unknown" when it cannot.
     */
    async removePasskey(accountId: number, id: string): Promise<'removed' | 'last' | 'unknown'> {
      return write(async (trx) => {
        const passkeys = await trx
          .selectFrom('admin_passkeys')
          .select('id')
          .where('account_id', '=', accountId)
          .execute();
        if (!passkeys.some((passkey) => passkey.id === id)) return 'unknown';
        if (passkeys.length <= 1) return 'last';
        await trx.deleteFrom('admin_passkeys').where('id', '=', id).execute();
        return 'removed';
      });
    },

    /** A passkey was used to sign in: its counter and when, and the account's last sign-in. */
    async recordUse(passkey: AdminPasskey, counter: number, at: Date): Promise<void> {
      const iso = at.toISOString();
      await write(async (trx) => {
        await trx
          .updateTable('admin_passkeys')
          .set({ counter, last_used_at: iso })
          .where('id', '=', passkey.id)
          .execute();
        await trx
          .updateTable('admin_accounts')
          .set({ last_sign_in_at: iso })
          .where('id', '=', passkey.account_id)
          .execute();
      });
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
