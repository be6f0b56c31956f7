import type { Generated, Selectable } from 'kysely';
import type { ActivityAction } from '../../common/inbox-api/activity-endpoints.ts';
import type { NewLeadEmails, StaffRole } from '../../common/team-domain.ts';

/** What a ceremony is for; whose it is: an invitation (by its token's hash), an account or a session. */
export type CeremonyPurpose = 'invitation' | 'add-passkey' | 'sign-in' | 'verify';

/** A person who works the inbox. Accounts are made from invitations only, and revoked, never deleted. */
interface AdminAccountsTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  /** The WebAuthn user handle (random, base64url): passkeys are tied to it, never to the email. */
  user_handle: string;
  created_at: string;
  /** Set by `admin revoke`: no session, no passkey works until a new invitation is accepted. */
  revoked_at: string | null;
  last_sign_in_at: string | null;
  /** What it may do: an admin everything, a member the leads and its own account (common/team-domain.ts). */
  role: Generated<StaffRole>;
  /** 1: new leads may be assigned to it in turn (Settings → Lead assignment); 0: it opted out in Account. */
  takes_leads: Generated<number>;
  /** Which new leads it is emailed about: all, its own (the default) or none. */
  new_lead_emails: Generated<NewLeadEmails>;
  /** 1: a daily digest (leads waiting for a first contact, follow-ups due, new replies). */
  daily_digest: Generated<number>;
  /** 1: an email when a client answers on one of its leads. */
  answer_emails: Generated<number>;
}

/** A passkey (WebAuthn credential) of an account: its public key, never anything secret. */
interface AdminPasskeysTable {
  /** The credential id, base64url. */
  id: string;
  account_id: number;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The signature counter the authenticator reported last (0 for most passkeys). */
  counter: number;
  /** JSON array of transports ("internal", "hybrid", ...), to help the browser find it. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A one-time sign-up link. Only the hash of its token is kept. */
interface AdminInvitationsTable {
  token_hash: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** When it stopped working unused: a newer invitation for the address replaced it, or `admin revoke`. */
  withdrawn_at: string | null;
  /** The role the account made from it gets. */
  role: Generated<StaffRole>;
}

/** A signed-in browser. The cookie holds the token; only its hash is kept. */
interface AdminSessionsTable {
  token_hash: string;
  account_id: number;
  created_at: string;
  /** The latest request: the idle timeout counts from here. */
  last_seen_at: string;
  /** The latest passkey check in this session (signing in is one); removing a passkey needs a recent one. */
  verified_at: string | null;
}

/** Who did what and when: sign-ins, invitations, passkeys, changes to leads, deletions, exports. */
interface AdminActivityTable {
  id: Generated<number>;
  at: string;
  /** The account's email; null when nobody was signed in (a failed sign-in, the command line). */
  actor: string | null;
  action: ActivityAction;
  summary: string;
  lead_id: number | null;
}

/**
 * A passkey ceremony (sign-up or sign-in) between its options and the browser's answer. Only the hash of
 * its flow id (which the browser holds) is kept, and the hash of the client network that opened it.
 */
interface AdminCeremoniesTable {
  /** The order flows were opened in: a network over its cap loses its oldest. */
  id: Generated<number>;
  flow_hash: string;
  challenge: string;
  purpose: CeremonyPurpose;
  /** The invitation's token hash, the account's id or the session's; '' for a sign-in. */
  subject: string;
  /** For a new passkey: the WebAuthn user handle it is made for. */
  user_handle: string | null;
  /** SHA-256 of the client's address (IPv4) or /64 (IPv6). */
  client_network: string;
  expires_at: string;
}

export type AdminAccount = Selectable<AdminAccountsTable>;
export type AdminPasskey = Selectable<AdminPasskeysTable>;
export type AdminSession = Selectable<AdminSessionsTable>;
export type AdminActivity = Selectable<AdminActivityTable>;

/** The accounts' tables: only this folder views the database with them (docs/decisions/061-table-types-owned-by-their-feature.md). */
export interface AccountTables {
  admin_accounts: AdminAccountsTable;
  admin_passkeys: AdminPasskeysTable;
  admin_invitations: AdminInvitationsTable;
  admin_sessions: AdminSessionsTable;
  admin_activity: AdminActivityTable;
  admin_ceremonies: AdminCeremoniesTable;
}
