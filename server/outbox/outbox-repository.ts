import type { Storage } from '../db/database.ts';
import type { MessageKind } from './message-kind.ts';
import { createOutboxClaim } from './outbox-claim.ts';
import { createOutboxMarks } from './outbox-marks.ts';
import { createOutboxView } from './outbox-view.ts';
import type { OutboxRow } from './outbox-table.ts';

export type { ClaimLane } from './outbox-claim.ts';

/**
 * The transactional outbox: messages (emails, and HTTP requests to integrations) promised in the same
 * transaction as what they are about. It knows messages, not features: each kind registered here (see
 * message-kind.ts) builds its messages and follows what becomes of them.
 */
export function createOutboxRepository(
  storage: Pick<Storage, 'db' | 'write' | 'claimable' | 'lockedForUpdate'>,
  kinds: readonly MessageKind[],
) {
  const byKind = new Map<string, MessageKind>();
  for (const kind of kinds) {
    if (byKind.has(kind.kind)) throw new Error(`The email kind "${kind.kind}" is registered twice.`);
    byKind.set(kind.kind, kind);
  }

  return {
    claimDue: createOutboxClaim(storage, byKind),

    ...createOutboxMarks(storage, byKind),

    /** What the email is about, for the logs (its kind says). */
    describe(row: OutboxRow): Record<string, unknown> {
      return byKind.get(row.kind)?.describe?.(row) ?? {};
    },

    ...createOutboxView(storage),
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
