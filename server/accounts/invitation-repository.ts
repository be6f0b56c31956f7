import type { Kysely, Transaction } from 'kysely';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import type { StaffRole } from '../../common/team-domain.ts';
import type { AdminAccount } from './admin-tables.ts';
import { insertPasskey, type NewPasskey } from './passkey-rows.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from './admin-tables.ts';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 24 * 60 * 60 * 1000;

export type InvitationState =
  | { state: 'valid'; email: string; role: StaffRole }
  | { state: 'used' | 'expired' | 'withdrawn'; email: string }
  | { state: 'unknown' };

/** An invitation nobody has accepted yet, still working. */
export interface PendingInvitation {
  email: string;
  role: StaffRole;
  createdAt: string;
  expiresAt: string;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Withdraws the address's invitations that are still unused; how many there were. */
export async function withdrawInvitations(
  trx: Transaction<Database>,
  email: string,
  at: Date,
): Promise<number> {
  const iso = at.toISOString();
  const result = await tablesOf<AccountTables>(trx)
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
  const row = await tablesOf<AccountTables>(trx)
    .selectFrom('admin_invitations')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { state: 'unknown' };
  if (row.used_at !== null) return { state: 'used', email: row.email };
  if (row.withdrawn_at !== null) return { state: 'withdrawn', email: row.email };
  if (row.expires_at <= at.toISOString()) return { state: 'expired', email: row.email };
  return { state: 'valid', email: row.email, role: row.role };
}

/** The invitation's account: made, or (lost passkeys, revoked) taken up again. */
async function accountTakingUp(
  trx: Transaction<Database>,
  { email, role }: { email: string; role: StaffRole },
  userHandle: string,
  iso: string,
): Promise<AdminAccount> {
  const account = await tablesOf<AccountTables>(trx)
    .selectFrom('admin_accounts')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
  if (!account) {
    return tablesOf<AccountTables>(trx)
      .insertInto('admin_accounts')
      .values({
        email,
        role,
        user_handle: userHandle,
        created_at: iso,
        revoked_at: null,
        last_sign_in_at: iso,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  // A revoked account comes back with the invitation's role; an active one (a lost passkey) keeps its own.
  return tablesOf<AccountTables>(trx)
    .updateTable('admin_accounts')
    .set({ revoked_at: null, last_sign_in_at: iso, ...(account.revoked_at ? { role } : {}) })
    .where('id', '=', account.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The invitations still waiting to be accepted, oldest first. */
async function pendingInvitations(db: Kysely<Database>, at: Date): Promise<PendingInvitation[]> {
  const rows = await tablesOf<AccountTables>(db)
    .selectFrom('admin_invitations')
    .select(['email', 'role', 'created_at', 'expires_at'])
    .where('used_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .where('expires_at', '>', at.toISOString())
    .orderBy('created_at')
    .execute();
  return rows.map((row) => ({
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  }));
}

/**
 * The invitations that make the inbox's accounts (part of the account
 * repository): one-time links, only their hashes stored, and accepting one
 * with a new passkey.
 */
export function invitationMethods(storage: Pick<Storage, 'db' | 'write' | 'lock'>) {
  const { db } = storage;
  const write = storage.write.run;

  return {
    /**
     * A one-time link's token for this address, valid for 24 hours; only its hash is stored. It
     * replaces the address's earlier links that are still unused (`replaced` says how many): only the
     * newest link works.
     */
    async invite(
      email: string,
      at: Date,
      role: StaffRole = 'admin',
    ): Promise<{ token: string; replaced: number }> {
      const token = newToken();
      const address = normaliseEmail(email);
      const replaced = await write(async (trx) => {
        const withdrawn = await withdrawInvitations(trx, address, at);
        await tablesOf<AccountTables>(trx)
          .insertInto('admin_invitations')
          .values({
            token_hash: hashToken(token),
            email: address,
            role,
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
    pendingInvitations: (at: Date) => pendingInvitations(db, at),

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
        // Two answers to one link at once (on two instances): the second finds it used.
        await storage.lock(trx, `invitation:${hashToken(token)}`);
        const invitation = await invitationOf(trx, token, at);
        if (invitation.state !== 'valid') return undefined;
        const iso = at.toISOString();
        await tablesOf<AccountTables>(trx)
          .updateTable('admin_invitations')
          .set({ used_at: iso })
          .where('token_hash', '=', hashToken(token))
          .execute();
        const account = await accountTakingUp(trx, invitation, userHandle, iso);
        await insertPasskey(trx, account.id, passkey, iso, iso);
        return account;
      });
    },
  };
}
