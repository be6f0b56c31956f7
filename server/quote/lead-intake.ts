import type { Insertable, QueryCreator, Transaction } from 'kysely';
import type { QuoteRequest } from '../../common/quote-request.ts';
import { storeLeadFiles, type LeadFile } from '../attachments/lead-files-intake.ts';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { insertWithEmail, type EmailAboutNew, type ValueRead } from '../outbox/insert-with-email.ts';
import { countEmailsTo, queueEmails, type NewEmail } from '../outbox/outbox-rows.ts';
import { autoReplySwitch } from './auto-reply.ts';
import type { LeadHooks, ProbeFindings, StoredProbe } from './lead-hooks.ts';
import { newLeadReference } from './lead-reference.ts';
import { LEAD_OWNER, leadOwner, QUOTE_EMAIL_KINDS } from './quote-tables.ts';

/** Where a lead's notification goes and how its Message-ID is made. */
export interface NotificationSettings {
  /** Domain of the company's sender address, used in Message-IDs. */
  mailDomain: string;
  /** Where notifications go (the company inbox), recorded on the outbox row. */
  notificationRecipient: string;
}

export interface LeadIntakeOptions extends NotificationSettings {
  /** Told of the lead in its transaction (the integrations queue their deliveries). */
  hooks?: LeadHooks;
  now?: () => Date;
}

export interface StoreLeadInput {
  request: QuoteRequest;
  sourcePage: string;
  /** The honeypot was filled: stored as spam, no email at all. */
  spam: boolean;
  /** The files attached, checked (checkLeadFiles), stored with the lead in its transaction. */
  files?: readonly LeadFile[];
}

export interface StoredLead {
  id: number;
  spam: boolean;
  /** How many emails were queued (0 for spam). */
  queued: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new notification email about a lead being written, for the outbox. */
function notificationAboutNew(settings: NotificationSettings, at: Date): EmailAboutNew {
  return {
    kind: QUOTE_EMAIL_KINDS.notification,
    recipient: settings.notificationRecipient,
    messageId: newMessageId('quote', settings.mailDomain),
    ownerType: LEAD_OWNER,
    at,
  };
}

/** A new notification email about lead `id`, for the outbox. */
export function notificationEmail(settings: NotificationSettings, id: number, at: Date): NewEmail {
  const { ownerType, ...email } = notificationAboutNew(settings, at);
  return { ...email, owner: { type: ownerType, id } };
}

type NewLead = Omit<Insertable<Database['quote_requests']>, 'reference'>;

/** A probe as a read of one value: whether it finds a row. */
const existsRead =
  (probe: StoredProbe): ValueRead =>
  (db) =>
    db.selectNoFrom((eb) => eb.exists(probe(db)).as('value'));

interface Inserted {
  id: number;
  autoReply: boolean;
  /** What the hooks' probes found, read in the lead's statement (PostgreSQL only). */
  found?: ProbeFindings;
}

/**
 * Inserts the lead, and its notification about it, under a reference no lead has: one already taken
 * (about one chance in a billion per lead) is skipped by ON CONFLICT, no notification with it, and
 * another is drawn. The check and the insert are one statement, which also holds when another
 * instance takes the same reference at the same moment; on PostgreSQL the notification is in that
 * statement too (insertWithEmail), with the auto-reply's switch and the hooks' probes.
 */
async function insertUnderNewReference(
  trx: Transaction<Database>,
  storage: Pick<Storage, 'insertsInWith'>,
  lead: NewLead,
  notification: EmailAboutNew | undefined,
  probes: readonly StoredProbe[],
): Promise<Inserted> {
  // Where they would cost a statement each (SQLite, in process), probes are not read: hooks just work.
  const folded = storage.insertsInWith ? probes : [];
  for (;;) {
    const insert = (db: QueryCreator<Database>) =>
      db
        .insertInto('quote_requests')
        .values({ ...lead, reference: newLeadReference() })
        .onConflict((conflict) => conflict.column('reference').doNothing())
        .returning('id');
    if (notification) {
      // The auto-reply's switch (Settings) as it is in this transaction, read in the same statement.
      const reads = [autoReplySwitch, ...folded.map(existsRead)];
      const stored = await insertWithEmail(trx, storage, insert, notification, reads);
      if (!stored) continue;
      const [autoReply, ...found] = stored.reads;
      return {
        id: stored.id,
        autoReply: autoReply === 1,
        found: folded.length > 0 ? new Map(folded.map((probe, i) => [probe, found[i] === true])) : undefined,
      };
    }
    const stored = await insert(trx).executeTakeFirst();
    if (stored) return { id: stored.id, autoReply: false };
  }
}

/** The public write: a quote request from the site, with the emails it promises. */
export function createLeadIntake(
  storage: Pick<Storage, 'write' | 'lock' | 'insertsInWith'>,
  options: LeadIntakeOptions,
) {
  const write = storage.write.run;
  const now = options.now ?? (() => new Date());

  return {
    /**
     * Stores the lead, its files and its outbox rows in one transaction: once
     * this resolves, the request, its files and the promise to email it are all
     * on disk.
     */
    async store({ request, sourcePage, spam, files = [] }: StoreLeadInput): Promise<StoredLead> {
      return write(async (trx) => {
        const at = now();
        const lead = {
          ...request,
          created_at: at.toISOString(),
          source_page: sourcePage,
          spam: spam ? 1 : 0,
          spam_at: spam ? at.toISOString() : null,
        };
        // Spam: no email at all; otherwise the notification, written with the lead.
        const notification = spam ? undefined : notificationAboutNew(options, at);
        const probes = options.hooks?.storedOnlyIf ?? [];
        const { id, autoReply, found } = await insertUnderNewReference(
          trx,
          storage,
          lead,
          notification,
          probes,
        );
        await storeLeadFiles(trx, id, files, at);
        if (spam) return { id, spam, queued: 0 };

        const emails: NewEmail[] = [];
        if (autoReply) {
          const recipient = request.email.toLowerCase();
          const since = new Date(at.getTime() - DAY_MS);
          const kind = QUOTE_EMAIL_KINDS.acknowledgement;
          // Two requests from one address at once (on two instances) must not both see "none today".
          await storage.lock(trx, `acknowledgement:${recipient}`);
          if ((await countEmailsTo(trx, { kind, recipient, since })) === 0) {
            const messageId = newMessageId('quote-ack', options.mailDomain);
            emails.push({ kind, recipient, messageId, owner: leadOwner(id), at });
          }
        }
        await queueEmails(trx, emails);
        await options.hooks?.stored?.(trx, id, at, found);
        return { id, spam, queued: emails.length + 1 };
      });
    },
  };
}

export type LeadIntake = ReturnType<typeof createLeadIntake>;
