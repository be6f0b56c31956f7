import type { Storage } from '../db/database.ts';
import { hashToken, isTokenShape, newToken } from '../security/tokens.ts';
import type { AdminAccount, AdminSession } from './admin-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from './admin-tables.ts';

export interface SessionLimits {
  /** A session unused for this long has ended. */
  idleMs: number;
  /** A session this old has ended, however busy it is. */
  maxAgeMs: number;
}

export interface SignedIn {
  account: AdminAccount;
  session: AdminSession;
}

/** How stale last_seen_at may get before a request writes it again (no write per request). */
const SLIDE_EVERY_MS = 60_000;

/** The session of this cookie and its account, while both are valid; an expired one is deleted. */
async function findSession(
  storage: Pick<Storage, 'db' | 'write'>,
  limits: SessionLimits,
  token: string | undefined,
  at: Date,
): Promise<SignedIn | undefined> {
  const { db } = storage;
  const write = storage.write.run;
  if (!isTokenShape(token)) return undefined;
  const tokenHash = hashToken(token);
  const session = await tablesOf<AccountTables>(db)
    .selectFrom('admin_sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!session) return undefined;
  const now = at.getTime();
  const expired =
    Date.parse(session.created_at) + limits.maxAgeMs <= now ||
    Date.parse(session.last_seen_at) + limits.idleMs <= now;
  const account = expired
    ? undefined
    : await tablesOf<AccountTables>(db)
        .selectFrom('admin_accounts')
        .selectAll()
        .where('id', '=', session.account_id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
  if (!account) {
    await write((trx) =>
      tablesOf<AccountTables>(trx).deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute(),
    );
    return undefined;
  }
  if (now - Date.parse(session.last_seen_at) >= SLIDE_EVERY_MS) {
    session.last_seen_at = at.toISOString();
    await write((trx) =>
      tablesOf<AccountTables>(trx)
        .updateTable('admin_sessions')
        .set({ last_seen_at: session.last_seen_at })
        .where('token_hash', '=', tokenHash)
        .execute(),
    );
  }
  return { account, session };
}

/**
 * The inbox's sessions, in the database. The browser holds a random 256-bit
 * token in a cookie; the database holds only its SHA-256, so a copy of the
 * database signs nobody in. A session ends when unused for `idleMs`, after
 * `maxAgeMs` in any case, on sign-out, and when its account is revoked.
 */
export function createSessionRepository(storage: Pick<Storage, 'db' | 'write'>, limits: SessionLimits) {
  const write = storage.write.run;

  return {
    limits,

    /**
     * A new session (one per sign-in); a sign-in is a passkey check, so it counts as verified. The
     * session the browser held until now (`replacing`, its cookie's token), whoever's it was, ends.
     */
    async start(accountId: number, at: Date, replacing?: string): Promise<string> {
      const token = newToken();
      const iso = at.toISOString();
      await write(async (trx) => {
        if (isTokenShape(replacing)) {
          await tablesOf<AccountTables>(trx)
            .deleteFrom('admin_sessions')
            .where('token_hash', '=', hashToken(replacing))
            .execute();
        }
        await tablesOf<AccountTables>(trx)
          .insertInto('admin_sessions')
          .values({
            token_hash: hashToken(token),
            account_id: accountId,
            created_at: iso,
            last_seen_at: iso,
            verified_at: iso,
          })
          .execute();
      });
      return token;
    },

    /** The session of this cookie and its account, while both are valid. */
    find: (token: string | undefined, at: Date) => findSession(storage, limits, token, at),

    async end(session: AdminSession): Promise<void> {
      await write((trx) =>
        tablesOf<AccountTables>(trx)
          .deleteFrom('admin_sessions')
          .where('token_hash', '=', session.token_hash)
          .execute(),
      );
    },

    /** Ends every session of the account ("Sign out everywhere"); returns how many there were. */
    async endAll(accountId: number): Promise<number> {
      const removed = await write((trx) =>
        tablesOf<AccountTables>(trx)
          .deleteFrom('admin_sessions')
          .where('account_id', '=', accountId)
          .executeTakeFirst(),
      );
      return Number(removed.numDeletedRows);
    },

    /** A passkey check just passed in this session. */
    async markVerified(session: AdminSession, at: Date): Promise<void> {
      session.verified_at = at.toISOString();
      await write((trx) =>
        tablesOf<AccountTables>(trx)
          .updateTable('admin_sessions')
          .set({ verified_at: session.verified_at })
          .where('token_hash', '=', session.token_hash)
          .execute(),
      );
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
