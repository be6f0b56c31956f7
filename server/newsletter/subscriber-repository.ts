import type { Kysely, Transaction } from 'kysely';
import { inChunks } from '../db/chunks.ts';
import type { Database, OutboxRow, Subscriber, SubscriberStatus, TokenPurpose } from '../db/schema.ts';
import type { WriteQueue } from '../db/write-queue.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { deleteOutboxRows } from '../outbox/delete-outbox-rows.ts';
import { CONFIRM_TOKEN_TTL_MS, hashToken, newToken } from './tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SubscriberRepositoryOptions {
  /** Domain of the company's sender address, used in Message-IDs. */
  mailDomain: string;
  /** At most this many confirmation emails to one address in 24 hours (NEWSLETTER_CONFIRMATIONS_PER_DAY). */
  confirmationsPerDay: number;
  /** Where writes go: the server passes its group commit (storage.write.run). */
  write?: WriteQueue<Database>['run'];
  now?: () => Date;
}

export interface SignUpInput {
  /** A valid address; it is stored trimmed and lower-cased. */
  email: string;
  sourcePage: string;
  /** The consent notice shown beside the form (common/newsletter.ts). */
  consent: { version: string; text: string };
}

/**
 * What a sign-up did. The visitor is told the same in every case, so the form
 * never reveals whether an address is on the list.
 * - confirmation-queued: a confirmation email is in the outbox;
 * - already-confirmed: nothing to do, nothing sent;
 * - cap-reached: this address had its confirmation emails for the day; nothing sent.
 */
export type SignUpOutcome = 'confirmation-queued' | 'already-confirmed' | 'cap-reached';

/**
 * What a confirm link did: confirmed; unknown (no such link: 400); expired
 * (older than 48 hours: 410); used (used already, or withdrawn because
 * another link was used or the address unsubscribed: 410).
 */
export type ConfirmOutcome = 'confirmed' | 'unknown' | 'expired' | 'used';

/** What an unsubscribe link did: unsubscribed (again, harmlessly, if it was already), or unknown. */
export type UnsubscribeOutcome = 'unsubscribed' | 'unknown';

/** The links of one email to a subscriber; the tokens exist only in memory and in that email. */
export interface SubscriberMail {
  subscriber: Subscriber;
  unsubscribeToken: string;
  /** Only in a confirmation email. */
  confirmToken?: string;
}

export interface RemovedSubscribers {
  count: number;
  outboxRows: number;
  /** Message-IDs of the removed emails, whose .eml files can be removed too (removeMailFiles). */
  messageIds: string[];
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

async function findToken(trx: Transaction<Database>, token: string, purpose: TokenPurpose) {
  return trx
    .selectFrom('subscriber_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

/** Withdraws the confirm links of a subscriber not used yet: they can never confirm anything. */
async function withdrawConfirmTokens(trx: Transaction<Database>, subscriberId: number, at: string) {
  await trx
    .updateTable('subscriber_tokens')
    .set({ used_at: at })
    .where('subscriber_id', '=', subscriberId)
    .where('purpose', '=', 'confirm')
    .where('used_at', 'is', null)
    .execute();
}

async function storeToken(
  trx: Transaction<Database>,
  subscriberId: number,
  purpose: TokenPurpose,
  at: Date,
): Promise<string> {
  const token = newToken();
  await trx
    .insertInto('subscriber_tokens')
    .values({
      token_hash: hashToken(token),
      subscriber_id: subscriberId,
      purpose,
      created_at: at.toISOString(),
      expires_at: purpose === 'confirm' ? new Date(at.getTime() + CONFIRM_TOKEN_TTL_MS).toISOString() : null,
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Why an email to a subscriber must not go out (any more), or undefined when
 * it may. A confirmation is pointless once the address is confirmed, and is
 * withdrawn by an unsubscription that came after it was queued: an
 * unsubscribed address gets nothing but the confirmation of a new sign-up.
 */
function reasonNotToSend(row: OutboxRow, subscriber: Subscriber | undefined): string | undefined {
  if (!subscriber) return 'the subscriber was deleted';
  if (row.kind !== 'confirmation') {
    // Anything else to a subscriber (a newsletter) goes to confirmed addresses only.
    return subscriber.status === 'confirmed' ? undefined : `the address is ${subscriber.status}`;
  }
  if (subscriber.status === 'confirmed') return 'the address is confirmed already';
  if (subscriber.unsubscribed_at !== null && row.created_at <= subscriber.unsubscribed_at) {
    return 'the address unsubscribed after this email was queued';
  }
  return undefined;
}

/**
 * Called by the outbox when it takes an email to a subscriber, in the same
 * transaction: checks that it may still go out, and makes the tokens of its
 * links, storing only their hashes. A retry makes new ones; the links of an
 * earlier attempt that did arrive keep working all the same.
 */
export async function prepareSubscriberMail(
  trx: Transaction<Database>,
  row: OutboxRow,
  at: Date,
): Promise<SubscriberMail | { cancelled: string }> {
  const subscriber = await trx
    .selectFrom('subscribers')
    .selectAll()
    .where('id', '=', row.subscriber_id ?? -1)
    .executeTakeFirst();
  const reason = reasonNotToSend(row, subscriber);
  if (reason || !subscriber) return { cancelled: reason ?? 'no subscriber' };
  const unsubscribeToken = await storeToken(trx, subscriber.id, 'unsubscribe', at);
  if (row.kind !== 'confirmation') return { subscriber, unsubscribeToken };
  return { subscriber, unsubscribeToken, confirmToken: await storeToken(trx, subscriber.id, 'confirm', at) };
}

/** The newsletter's subscribers: the only code that writes or reads them and their tokens. */
export function createSubscriberRepository(db: Kysely<Database>, options: SubscriberRepositoryOptions) {
  const now = options.now ?? (() => new Date());
  const write = options.write ?? ((job) => db.transaction().execute(job));

  /** Removes the selected subscribers with their tokens and emails, in one transaction. */
  async function removeSelected(
    select: (trx: Transaction<Database>) => Promise<{ id: number }[]>,
  ): Promise<RemovedSubscribers> {
    return db.transaction().execute(async (trx) =>
      removeSubscribers(
        trx,
        (await select(trx)).map((row) => row.id),
      ),
    );
  }

  /** How many confirmation emails this address was sent (or is waiting for) in the last 24 hours. */
  async function recentConfirmations(trx: Transaction<Database>, address: string, at: Date) {
    const since = new Date(at.getTime() - DAY_MS).toISOString();
    const { count } = await trx
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('kind', '=', 'confirmation')
      .where('recipient', '=', address)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  return {
    /**
     * A sign-up from the form. In one transaction: the subscriber row (new,
     * or the existing one updated) and, unless the address is confirmed or
     * had its confirmation emails for the day, a confirmation email in the
     * outbox. Every case writes, so every case takes about as long.
     */
    async signUp({
      email,
      sourcePage,
      consent,
    }: SignUpInput): Promise<{ id: number; outcome: SignUpOutcome }> {
      const address = normaliseEmail(email);
      return write(async (trx) => {
        const at = now();
        const iso = at.toISOString();
        const existing = await trx
          .selectFrom('subscribers')
          .selectAll()
          .where('email', '=', address)
          .executeTakeFirst();
        const capped =
          existing?.status !== 'confirmed' &&
          (await recentConfirmations(trx, address, at)) >= options.confirmationsPerDay;
        const sends = existing?.status !== 'confirmed' && !capped;

        let id: number;
        if (!existing) {
          ({ id } = await trx
            .insertInto('subscribers')
            .values({
              email: address,
              status: 'pending',
              created_at: iso,
              last_signup_at: iso,
              confirmed_at: null,
              unsubscribed_at: null,
              source_page: sourcePage,
              consent_version: consent.version,
              consent_text: consent.text,
            })
            .returning('id')
            .executeTakeFirstOrThrow());
        } else {
          id = existing.id;
          // The page and consent of the sign-up whose email will be confirmed.
          const latest = sends
            ? { source_page: sourcePage, consent_version: consent.version, consent_text: consent.text }
            : {};
          await trx
            .updateTable('subscribers')
            .set({ last_signup_at: iso, ...latest })
            .where('id', '=', id)
            .execute();
        }
        if (existing?.status === 'confirmed') return { id, outcome: 'already-confirmed' };
        if (!sends) return { id, outcome: 'cap-reached' };

        await trx
          .insertInto('outbox')
          .values({
            subscriber_id: id,
            kind: 'confirmation',
            recipient: address,
            message_id: newMessageId('newsletter-confirm', id, options.mailDomain),
            status: 'pending',
            attempts: 0,
            next_attempt_at: iso,
            created_at: iso,
            updated_at: iso,
          })
          .execute();
        return { id, outcome: 'confirmation-queued' };
      });
    },

    /** The Confirm button: a valid link confirms the address once, and withdraws every other confirm link. */
    async confirm(token: string): Promise<ConfirmOutcome> {
      return write(async (trx) => {
        const at = now().toISOString();
        const found = await findToken(trx, token, 'confirm');
        if (!found) return 'unknown';
        if (found.used_at !== null) return 'used';
        if (found.expires_at === null || found.expires_at <= at) return 'expired';
        await trx
          .updateTable('subscribers')
          .set({ status: 'confirmed', confirmed_at: at })
          .where('id', '=', found.subscriber_id)
          .execute();
        await withdrawConfirmTokens(trx, found.subscriber_id, at);
        return 'confirmed';
      });
    },

    /**
     * The Unsubscribe button or a mail provider's one-click POST. The link
     * keeps working (pressing it again changes nothing); confirm links not
     * used yet are withdrawn, so only a new sign-up can bring the address back.
     */
    async unsubscribe(token: string): Promise<UnsubscribeOutcome> {
      return write(async (trx) => {
        const at = now().toISOString();
        const found = await findToken(trx, token, 'unsubscribe');
        if (!found) return 'unknown';
        // The time of the latest request: emails queued before it are withdrawn (see reasonNotToSend).
        await trx
          .updateTable('subscribers')
          .set({ status: 'unsubscribed', unsubscribed_at: at })
          .where('id', '=', found.subscriber_id)
          .execute();
        await withdrawConfirmTokens(trx, found.subscriber_id, at);
        return 'unsubscribed';
      });
    },

    /** Newest first. */
    async list(filter: { status?: SubscriberStatus; limit?: number } = {}): Promise<Subscriber[]> {
      let query = db.selectFrom('subscribers').selectAll().orderBy('id', 'desc');
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.limit !== undefined) query = query.limit(filter.limit);
      return query.execute();
    },

    /** Every subscriber, oldest first, for the CSV export. */
    async all(filter: { status?: SubscriberStatus } = {}): Promise<Subscriber[]> {
      let query = db.selectFrom('subscribers').selectAll().orderBy('id', 'asc');
      if (filter.status) query = query.where('status', '=', filter.status);
      return query.execute();
    },

    /** A data-subject request: the subscriber of this address, its tokens and its emails. */
    async deleteByEmail(email: string): Promise<RemovedSubscribers> {
      const address = normaliseEmail(email);
      return removeSelected((trx) =>
        trx.selectFrom('subscribers').select('id').where('email', '=', address).execute(),
      );
    },

    /**
     * Removes sign-ups never confirmed whose latest sign-up is older than the
     * given time: addresses someone typed in but whose owner never agreed.
     */
    async purgePending(cutoff: Date): Promise<RemovedSubscribers> {
      return removeSelected((trx) =>
        trx
          .selectFrom('subscribers')
          .select('id')
          .where('status', '=', 'pending')
          .where('last_signup_at', '<', cutoff.toISOString())
          .execute(),
      );
    },
  };
}

async function removeSubscribers(trx: Transaction<Database>, ids: number[]): Promise<RemovedSubscribers> {
  const messageIds = await deleteOutboxRows(trx, { subscriberIds: ids });
  await inChunks(ids, async (chunk) => {
    await trx.deleteFrom('subscriber_tokens').where('subscriber_id', 'in', chunk).execute();
    await trx.deleteFrom('subscribers').where('id', 'in', chunk).execute();
  });
  return { count: ids.length, outboxRows: messageIds.length, messageIds };
}

export type SubscriberRepository = ReturnType<typeof createSubscriberRepository>;
