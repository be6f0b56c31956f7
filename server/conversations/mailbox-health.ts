import type { Kysely } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { unreadableOf, type UnreadableMessage } from './unreadable-mail.ts';

/**
 * How the company mailbox is being watched, as /readyz and the inbox show it:
 * - `watching`: this instance holds the lease, is connected, and its last read went through;
 * - `failing`: it holds the lease, but could not connect, or its last read failed (lastError says
 *   why; it tries again every tick and poll, and is `watching` again once a read goes through);
 * - `starting`: it holds the lease and is connecting, or has not tried yet;
 * - `standby`: another instance holds the lease and watches (several instances on one PostgreSQL);
 * - `stopped`: the server is stopping.
 */
type MailboxState = 'watching' | 'failing' | 'starting' | 'standby' | 'stopped';

export interface MailboxHealth {
  /** The mailbox, IMAP_URL without its password. */
  mailbox: string;
  state: MailboxState;
  /** When a read last went through (this instance), ISO 8601; null before the first. */
  lastReadAt: string | null;
  /** The last failure to connect or read, while it lasts: cleared by the next read that goes through. */
  lastError: { message: string; at: string; since: string; times: number } | null;
  /** The messages passed over because they could not be read (any instance's), the latest first. */
  unreadable: { count: number; latest: UnreadableMessage[] };
}

/** What a watcher knows of itself (in memory), turned into its MailboxHealth. */
export function createHealthTracker(mailbox: string, now: () => Date) {
  let lease: 'unknown' | 'held' | 'elsewhere' = 'unknown';
  let lastReadAt: string | null = null;
  let lastError: MailboxHealth['lastError'] = null;
  const failed = (error: unknown) => {
    const at = now().toISOString();
    const message = error instanceof Error ? error.message : String(error);
    lastError = { message, at, since: lastError?.since ?? at, times: (lastError?.times ?? 0) + 1 };
  };
  return {
    leaseHeld(held: boolean) {
      lease = held ? 'held' : 'elsewhere';
    },
    readOk() {
      lastReadAt = now().toISOString();
      lastError = null;
    },
    failed,
    /** Records the failure, and throws it on (for a promise's catch). */
    rethrow(error: unknown): never {
      failed(error);
      throw error;
    },
    async health(
      db: Kysely<Database>,
      { connected, stopped }: { connected: boolean; stopped: boolean },
    ): Promise<MailboxHealth> {
      const state: MailboxState = stopped
        ? 'stopped'
        : lease === 'elsewhere'
          ? 'standby'
          : lastError
            ? 'failing'
            : connected && lastReadAt
              ? 'watching'
              : 'starting';
      return { mailbox, state, lastReadAt, lastError, unreadable: await unreadableOf(db, mailbox) };
    },
  };
}

export type HealthTracker = ReturnType<typeof createHealthTracker>;
