import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import { newEmailRow, type NewEmail } from './outbox-rows.ts';
import { unclaimed } from './outbox-state-change.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

/** The emails of one kind, about one owner, to one recipient. */
function sameThread(trx: Transaction<Database>, email: NewEmail) {
  return {
    update: tablesOf<OutboxTables>(trx)
      .updateTable('outbox')
      .where('kind', '=', email.kind)
      .where('owner_type', '=', email.owner.type)
      .where('owner_id', '=', email.owner.id)
      .where('recipient', '=', email.recipient.toLowerCase()),
    select: tablesOf<OutboxTables>(trx)
      .selectFrom('outbox')
      .where('kind', '=', email.kind)
      .where('owner_type', '=', email.owner.type)
      .where('owner_id', '=', email.owner.id)
      .where('recipient', '=', email.recipient.toLowerCase()),
  };
}

/**
 * Queues emails that tell of something that may come many times (a lead's answers), grouped per kind,
 * owner and recipient over a window, in the caller's transaction; the state is the outbox's rows, so it
 * holds across restarts and instances:
 * - one of them still waits, not built yet (pending, no worker holds it): it will tell of this too when
 *   it is built (its kind reads what it tells when it is due), so nothing is queued. The row is touched
 *   in an UPDATE, which on PostgreSQL waits for a worker's claim of it to end and then sees it claimed;
 * - else a new one, due `windowMs` after the last one was sent (or was due), or at once if that is past.
 * Returns the emails queued.
 */
export async function queueGroupedEmails(
  trx: Transaction<Database>,
  emails: readonly NewEmail[],
  windowMs: number,
): Promise<NewEmail[]> {
  const queued: NewEmail[] = [];
  for (const email of emails) {
    const thread = sameThread(trx, email);
    const waiting = await thread.update
      .set({ updated_at: email.at.toISOString() })
      .where('status', '=', 'pending')
      .where((eb) => unclaimed(eb, email.at))
      .returning('id')
      .execute();
    if (waiting.length > 0) continue;
    const last = await thread.select
      .select(['sent_at', 'next_attempt_at'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    const lastAt = last ? Date.parse(last.sent_at ?? last.next_attempt_at) : Number.NEGATIVE_INFINITY;
    const due = new Date(Math.max(email.at.getTime(), lastAt + windowMs));
    await tablesOf<OutboxTables>(trx)
      .insertInto('outbox')
      .values({ ...newEmailRow(email), next_attempt_at: due.toISOString() })
      .execute();
    queued.push(email);
  }
  return queued;
}
