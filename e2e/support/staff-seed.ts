/**
 * Writes a staff test's data straight into its server's database (see staff-server.ts), the way the
 * server itself would have stored it, and signs the browser in as epic-stack's login helper does: a
 * session row holding the SHA-256 of a random token, and that token in the `__Host-session` cookie.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { openSqlite } from '../../server/db/sqlite-open.ts';
import { hashToken, newToken } from '../../server/security/tokens.ts';

export type Row = Record<string, string | number | null>;

/** Every table the tests seed, children before parents. */
const TABLES = [
  'content_build_pages',
  'content_release_pages',
  'content_releases',
  'content_drafts',
  'lead_messages',
  'saved_replies',
  'lead_events',
  'outbox',
  'campaigns',
  'subscriber_tokens',
  'subscribers',
  'quote_requests',
  'admin_sessions',
  'admin_passkeys',
  'admin_accounts',
  'admin_invitations',
  'admin_activity',
];

/** A passkey's key pair: the server keeps the public key (COSE), the virtual authenticator the private one. */
export interface PasskeyKey {
  /** The credential id, base64url, as the server stores it. */
  id: string;
  /** PKCS#8, base64, as Chromium's virtual authenticator takes it. */
  privateKey: string;
  /** The COSE key, base64url, as the server stores it. */
  publicKey: string;
}

export function newPasskeyKey(): PasskeyKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coordinate = (value: string | undefined) => Buffer.from(value ?? '', 'base64url');
  // CBOR map {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}.
  const cose = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    coordinate(jwk.x),
    Buffer.from([0x22, 0x58, 0x20]),
    coordinate(jwk.y),
  ]);
  return {
    id: randomBytes(16).toString('base64url'),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
    publicKey: cose.toString('base64url'),
  };
}

export interface StaffDatabase {
  /** Inserts a row; returns its id (rowid). */
  insert: (table: string, row: Row) => number;
  /** Runs one statement (an update, say). */
  run: (sql: string, ...parameters: unknown[]) => void;
  /** The rows of one query. */
  query: <T = Row>(sql: string, ...parameters: unknown[]) => T[];
  /** Empties every table, ids starting again at 1. */
  reset: () => void;
  close: () => void;
}

export function openStaffDatabase(path: string): StaffDatabase {
  const db = openSqlite(path, { timeout: 10_000, fileMustExist: true });
  db.pragma('foreign_keys = ON');
  return {
    insert: (table, row) => {
      const columns = Object.keys(row);
      const sql = `insert into ${table} (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`;
      return Number(db.prepare(sql).run(...Object.values(row)).lastInsertRowid);
    },
    run: (sql, ...parameters) => void db.prepare(sql).run(...parameters),
    query: <T>(sql: string, ...parameters: unknown[]) => db.prepare(sql).all(...parameters) as T[],
    reset: db.transaction(() => {
      for (const table of TABLES) db.prepare(`delete from ${table}`).run();
      // Releases keep counting up, as they do in production: the server serves the newest release it
      // applied and never an older number after it (server/content/site-releases.ts).
      db.prepare("delete from sqlite_sequence where name <> 'content_releases'").run();
    }),
    close: () => db.close(),
  };
}

/** An account with these passkeys. */
export function seedAccount(
  db: StaffDatabase,
  email: string,
  passkeys: { key: PasskeyKey; name: string; createdAt: string; lastUsedAt: string | null }[],
): number {
  const accountId = db.insert('admin_accounts', {
    email,
    user_handle: randomBytes(16).toString('base64url'),
    created_at: passkeys[0]?.createdAt ?? new Date().toISOString(),
  });
  for (const { key, name, createdAt, lastUsedAt } of passkeys) {
    db.insert('admin_passkeys', {
      id: key.id,
      account_id: accountId,
      public_key: key.publicKey,
      transports: '["internal"]',
      name,
      created_at: createdAt,
      last_used_at: lastUsedAt,
    });
  }
  return accountId;
}

/**
 * Signs the browser in: a session of the account, begun now, and its cookie. `verified`: a passkey
 * check a moment ago (removing a passkey needs one in the last five minutes); by default none.
 */
export async function signIn(
  db: StaffDatabase,
  context: BrowserContext,
  url: string,
  accountId: number,
  { verified = false } = {},
) {
  const token = newToken();
  const now = new Date().toISOString();
  db.insert('admin_sessions', {
    token_hash: hashToken(token),
    account_id: accountId,
    created_at: now,
    last_seen_at: now,
    verified_at: verified ? now : null,
  });
  // As the server sets it: host-only (Chromium takes a bare "localhost" as the host, which a
  // __Host- cookie needs; it refuses a Secure cookie given by an http: url), for every path.
  await context.addCookies([
    {
      name: '__Host-session',
      value: token,
      domain: new URL(url).hostname,
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    },
  ]);
}

/** An invitation link's token, stored as `npm run admin -- invite` stores it. */
export function seedInvitation(
  db: StaffDatabase,
  email: string,
  state: 'open' | 'used' | 'expired' | 'withdrawn',
): string {
  const token = newToken();
  const day = 86_400_000;
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  db.insert('admin_invitations', {
    token_hash: hashToken(token),
    email,
    created_at: iso(now - (state === 'expired' ? 10 * day : 0)),
    expires_at: iso(state === 'expired' ? now - day : now + 7 * day),
    used_at: state === 'used' ? iso(now) : null,
    withdrawn_at: state === 'withdrawn' ? iso(now) : null,
  });
  return token;
}
