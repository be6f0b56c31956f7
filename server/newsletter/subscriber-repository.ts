import { type Kysely, sql, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { countEmailsTo, queueEmails } from '../outbox/outbox-rows.ts';
import {
  CONFIRMATION_KIND,
  subscriberOwner,
  type Subscriber,
  type SubscriberStatus,
} from './newsletter-tables.ts';
import { createSubscriberImport } from './subscriber-import.ts';
import { createSubscriberRemoval } from './subscriber-removal.ts';
import { findToken, withdrawConfirmTokens } from './subscriber-tokens.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface SubscriberRepositoryOptions {
  /** Domain of the company's sender address, used in Message-IDs. */
  mailDomain: string;
  /** At most this many confirmation emails to one address in 24 hours (NEWSLETTER_CONFIRMATIONS_PER_DAY). */
  confirmationsPerDay: number;
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
type ConfirmOutcome = 'confirmed' | 'unknown' | 'expired' | 'used';

/** What an unsubscribe link did: unsubscribed (again, harmlessly, if it was already), or unknown. */
type UnsubscribeOutcome = 'unsubscribed' | 'unknown';

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

interface SubscriberQuery {
  status?: SubscriberStatus | undefined;
  /** Part of the address. */
  search?: string | undefined;
}

/** Restricts a query to a status and to addresses containing the search (LIKE, its wildcards escaped). */
function filtered<O>(
  query: SelectQueryBuilder<NewsletterTables, 'subscribers', O>,
  { status, search }: SubscriberQuery,
) {
  let result = status ? query.where('status', '=', status) : query;
  const text = search?.trim().toLowerCase();
  if (text)
    result = result.where(
      sql<boolean>`email like ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`,
    );
  return result;
}

/** A sign-up's row: a new pending subscriber, or the existing one's last sign-up (and page and consent when `latest`). */
async function saveSignUp(
  trx: Transaction<Database>,
  existing: Subscriber | undefined,
  {
    address,
    iso,
    sourcePage,
    consent,
    latest,
  }: { address: string; iso: string; sourcePage: string; consent: SignUpInput['consent']; latest: boolean },
): Promise<number> {
  if (!existing) {
    const { id } = await tablesOf<NewsletterTables>(trx)
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
      .executeTakeFirstOrThrow();
    return id;
  }
  // The page and consent of the sign-up whose email will be confirmed.
  const changed = latest
    ? { source_page: sourcePage, consent_version: consent.version, consent_text: consent.text }
    : {};
  await tablesOf<NewsletterTables>(trx)
    .updateTable('subscribers')
    .set({ last_signup_at: iso, ...changed })
    .where('id', '=', existing.id)
    .execute();
  return existing.id;
}

/** The Confirm and Unsubscribe links. */
function tokenMethods(storage: Pick<Storage, 'write'>, now: () => Date) {
  const write = storage.write.run;
  return {
    /** The Confirm button: a valid link confirms the address once, and withdraws every other confirm link. */
    async confirm(token: string): Promise<ConfirmOutcome> {
      return write(async (trx) => {
        const at = now().toISOString();
        const found = await findToken(trx, token, 'confirm');
        if (!found) return 'unknown';
        if (found.used_at !== null) return 'used';
        if (found.expires_at === null || found.expires_at <= at) return 'expired';
        await tablesOf<NewsletterTables>(trx)
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
        await tablesOf<NewsletterTables>(trx)
          .updateTable('subscribers')
          .set({ status: 'unsubscribed', unsubscribed_at: at })
          .where('id', '=', found.subscriber_id)
          .execute();
        await withdrawConfirmTokens(trx, found.subscriber_id, at);
        return 'unsubscribed';
      });
    },
  };
}

/** The subscribers as the inbox and the commands read them. */
function subscriberReads(db: Kysely<Database>) {
  return {
    /** Newest first. */
    async list(filter: { status?: SubscriberStatus; limit?: number } = {}): Promise<Subscriber[]> {
      let query = tablesOf<NewsletterTables>(db).selectFrom('subscribers').selectAll().orderBy('id', 'desc');
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.limit !== undefined) query = query.limit(filter.limit);
      return query.execute();
    },

    /** Every subscriber of a status (and search), oldest first, for the CSV export. */
    async all(filter: SubscriberQuery = {}): Promise<Subscriber[]> {
      return filtered(tablesOf<NewsletterTables>(db).selectFrom('subscribers').selectAll(), filter)
        .orderBy('id', 'asc')
        .execute();
    },

    /** One page of a view, newest first, below the cursor (an id); the search matches the address. */
    async page(filter: SubscriberQuery & { cursor?: number | undefined; limit: number }) {
      let query = filtered(tablesOf<NewsletterTables>(db).selectFrom('subscribers').selectAll(), filter);
      if (filter.cursor !== undefined) query = query.where('id', '<', filter.cursor);
      const rows = await query
        .orderBy('id', 'desc')
        .limit(filter.limit + 1)
        .execute();
      const subscribers = rows.slice(0, filter.limit);
      return {
        subscribers,
        nextCursor: rows.length > filter.limit ? (subscribers.at(-1)?.id ?? null) : null,
      };
    },

    /** How many subscribers each status has, and all of them. */
    async counts(): Promise<Record<SubscriberStatus | 'all', number>> {
      const rows = await tablesOf<NewsletterTables>(db)
        .selectFrom('subscribers')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .execute();
      const counts = { all: 0, pending: 0, confirmed: 0, unsubscribed: 0, bounced: 0 };
      for (const row of rows) {
        counts[row.status] += Number(row.count);
        counts.all += Number(row.count);
      }
      return counts;
    },
  };
}

/** The newsletter's subscribers: the only code that writes or reads them and their tokens. */
export function createSubscriberRepository(
  storage: Pick<Storage, 'db' | 'write' | 'lock'>,
  options: SubscriberRepositoryOptions,
) {
  const write = storage.write.run;
  const now = options.now ?? (() => new Date());

  /** How many confirmation emails this address was sent (or is waiting for) in the last 24 hours. */
  const recentConfirmations = (trx: Transaction<Database>, address: string, at: Date) =>
    countEmailsTo(trx, {
      kind: CONFIRMATION_KIND,
      recipient: address,
      since: new Date(at.getTime() - DAY_MS),
    });

  return {
    ...createSubscriberRemoval(storage),
    ...createSubscriberImport(storage, now),
    ...subscriberReads(storage.db),
    ...tokenMethods(storage, now),

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
        // One address's sign-ups one at a time, across instances: the row is made once, the cap holds.
        await storage.lock(trx, `subscriber:${address}`);
        const at = now();
        const iso = at.toISOString();
        const existing = await tablesOf<NewsletterTables>(trx)
          .selectFrom('subscribers')
          .selectAll()
          .where('email', '=', address)
          .executeTakeFirst();
        const capped =
          existing?.status !== 'confirmed' &&
          (await recentConfirmations(trx, address, at)) >= options.confirmationsPerDay;
        const sends = existing?.status !== 'confirmed' && !capped;

        const id = await saveSignUp(trx, existing, { address, iso, sourcePage, consent, latest: sends });
        if (existing?.status === 'confirmed') return { id, outcome: 'already-confirmed' };
        if (!sends) return { id, outcome: 'cap-reached' };

        await queueEmails(trx, [
          {
            kind: CONFIRMATION_KIND,
            recipient: address,
            messageId: newMessageId('newsletter-confirm', options.mailDomain),
            owner: subscriberOwner(id),
            at,
          },
        ]);
        return { id, outcome: 'confirmation-queued' };
      });
    },
  };
}

export type SubscriberRepository = ReturnType<typeof createSubscriberRepository>;
