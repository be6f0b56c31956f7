import type { Transaction } from 'kysely';
import { inChunks } from '../db/chunks.ts';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { SUBSCRIBER_OWNER } from './newsletter-tables.ts';
import { deleteEmailsOf } from '../outbox/outbox-rows.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

export interface RemovedSubscribers {
  count: number;
  outboxRows: number;
  /** Message-IDs of the removed emails, whose .eml files can be removed too (removeMailFiles). */
  messageIds: string[];
}

async function removeSubscribers(trx: Transaction<Database>, ids: number[]): Promise<RemovedSubscribers> {
  const messageIds = await deleteEmailsOf(trx, SUBSCRIBER_OWNER, ids);
  await inChunks(ids, async (chunk) => {
    await tablesOf<NewsletterTables>(trx)
      .deleteFrom('subscriber_tokens')
      .where('subscriber_id', 'in', chunk)
      .execute();
    await tablesOf<NewsletterTables>(trx).deleteFrom('subscribers').where('id', 'in', chunk).execute();
  });
  return { count: ids.length, outboxRows: messageIds.length, messageIds };
}

/** Removal: one subscriber, a data-subject request, and the purge of sign-ups never confirmed. */
export function createSubscriberRemoval(storage: Pick<Storage, 'write'>) {
  const write = storage.write.run;

  /** Removes the selected subscribers with their tokens and emails, in one transaction. */
  async function removeSelected(
    select: (trx: Transaction<Database>) => Promise<{ id: number }[]>,
  ): Promise<RemovedSubscribers> {
    return write(async (trx) =>
      removeSubscribers(
        trx,
        (await select(trx)).map((row) => row.id),
      ),
    );
  }

  return {
    /** Removes one subscriber with its tokens and emails (the inbox's Remove). */
    async remove(id: number): Promise<RemovedSubscribers> {
      return removeSelected((trx) =>
        tablesOf<NewsletterTables>(trx).selectFrom('subscribers').select('id').where('id', '=', id).execute(),
      );
    },

    /** A data-subject request: the subscriber of this address, its tokens and its emails. */
    async deleteByEmail(email: string): Promise<RemovedSubscribers> {
      const address = email.trim().toLowerCase();
      return removeSelected((trx) =>
        tablesOf<NewsletterTables>(trx)
          .selectFrom('subscribers')
          .select('id')
          .where('email', '=', address)
          .execute(),
      );
    },

    /**
     * Removes sign-ups never confirmed whose latest sign-up is older than the
     * given time: addresses someone typed in but whose owner never agreed.
     */
    async purgePending(cutoff: Date): Promise<RemovedSubscribers> {
      return removeSelected((trx) =>
        tablesOf<NewsletterTables>(trx)
          .selectFrom('subscribers')
          .select('id')
          .where('status', '=', 'pending')
          .where('last_signup_at', '<', cutoff.toISOString())
          .execute(),
      );
    },
  };
}
