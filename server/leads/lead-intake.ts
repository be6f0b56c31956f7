import type { Insertable, QueryCreator, Transaction } from 'kysely';
import type { QuoteRequest } from '../../common/quote-request.ts';
import { filesWithinDailyCap } from '../attachments/daily-upload-cap.ts';
import { storeLeadFiles, type LeadFile } from '../attachments/lead-files-intake.ts';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { insertManyWithEmail } from '../outbox/insert-many-with-email.ts';
import { insertWithEmail, type EmailAboutNew, type ValueRead } from '../outbox/insert-with-email.ts';
import { countEmailsTo, queueEmails, type NewEmail } from '../outbox/outbox-rows.ts';
import { autoReplySwitch } from './auto-reply.ts';
import { addLeadEvent } from './lead-events.ts';
import { filesNotKeptText } from './lead-files-not-kept.ts';
import type { LeadHooks, ProbeFindings, StoredProbe } from './lead-hooks.ts';
import { newLeadReference } from './lead-reference.ts';
import { LEAD_OWNER, leadOwner, QUOTE_EMAIL_KINDS } from './quote-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

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
  /** ATTACHMENT_DAILY_MB in bytes: past it a lead is stored without its files; undefined: no cap. */
  dailyUploadBytes?: number | undefined;
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
  /** How many of its files were not kept: the day's cap was reached (ATTACHMENT_DAILY_MB). */
  filesNotKept: number;
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

type NewLead = Omit<Insertable<LeadTables['quote_requests']>, 'reference'>;

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

/** What the lead's statement read for the intake: the auto-reply's switch (Settings), then the probes. */
const leadReads = (folded: readonly StoredProbe[]): ValueRead[] => [
  autoReplySwitch,
  ...folded.map(existsRead),
];

/** The lead as insertWithEmail (or insertManyWithEmail) stored it, with what its reads found. */
function inserted(stored: { id: number; reads: unknown[] }, folded: readonly StoredProbe[]): Inserted {
  const [autoReply, ...found] = stored.reads;
  return {
    id: stored.id,
    autoReply: autoReply === 1,
    found: folded.length > 0 ? new Map(folded.map((probe, i) => [probe, found[i] === true])) : undefined,
  };
}

/** The probes read in the lead's statement: where they would cost a statement each (SQLite, in process), none; hooks just work. */
const foldedProbes = (storage: Pick<Storage, 'insertsInWith'>, probes: readonly StoredProbe[]) =>
  storage.insertsInWith ? probes : [];

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
  const folded = foldedProbes(storage, probes);
  for (;;) {
    const insert = (db: QueryCreator<Database>) =>
      tablesOf<LeadTables>(db)
        .insertInto('quote_requests')
        .values({ ...lead, reference: newLeadReference() })
        .onConflict((conflict) => conflict.column('reference').doNothing())
        .returning('id');
    if (notification) {
      const stored = await insertWithEmail(trx, storage, insert, notification, leadReads(folded));
      if (stored) return inserted(stored, folded);
      continue;
    }
    const stored = await insert(trx).executeTakeFirst();
    if (stored) return { id: stored.id, autoReply: false };
  }
}

/** A lead and its notification, for the statement several leads of a write group share. */
interface LeadRow {
  lead: NewLead;
  notification: EmailAboutNew;
}

/**
 * The leads of a write group (and their notifications) in one statement on PostgreSQL
 * (insertManyWithEmail; docs/decisions/047-leads-of-a-write-group-in-one-statement.md). A lead whose reference is
 * taken is not written here: its job
 * draws another (insertUnderNewReference). On SQLite, where a statement costs no round trip, every
 * job writes its own lead.
 */
function leadsTogether(storage: Pick<Storage, 'insertsInWith'>, probes: readonly StoredProbe[]) {
  const folded = foldedProbes(storage, probes);
  return async (trx: Transaction<Database>, rows: readonly LeadRow[]) => {
    if (!storage.insertsInWith) return rows.map(() => undefined);
    const drawn = rows.map(({ lead, notification }) => ({
      lead: { ...lead, reference: newLeadReference() },
      notification,
    }));
    const insert = (db: QueryCreator<Database>) =>
      tablesOf<LeadTables>(db)
        .insertInto('quote_requests')
        .values(drawn.map(({ lead }) => lead))
        .onConflict((conflict) => conflict.column('reference').doNothing())
        .returning(['id', 'reference as key']);
    const emails = drawn.map(({ lead, notification }) => ({ key: lead.reference, email: notification }));
    const stored = await insertManyWithEmail(trx, insert, emails, leadReads(folded));
    return stored.map((one) => one && inserted(one, folded));
  };
}

/** The public write: a quote request from the site, with the emails it promises. */
export function createLeadIntake(
  storage: Pick<Storage, 'write' | 'writeSharing' | 'lock' | 'insertsInWith'>,
  options: LeadIntakeOptions,
) {
  const now = options.now ?? (() => new Date());
  const probes = options.hooks?.storedOnlyIf ?? [];
  const together = leadsTogether(storage, probes);

  /** What follows the lead in its transaction: its files, its acknowledgement, the hooks. */
  async function afterLead(
    trx: Transaction<Database>,
    { request, spam, files = [] }: StoreLeadInput,
    { id, autoReply, found }: Inserted,
    at: Date,
  ): Promise<StoredLead> {
    const capped = await filesWithinDailyCap(trx, files, at, options.dailyUploadBytes);
    await storeLeadFiles(trx, id, capped.files, at);
    const filesNotKept = capped.notKept.length;
    if (filesNotKept > 0) {
      const text = filesNotKeptText(capped.notKept, options.dailyUploadBytes ?? 0);
      await addLeadEvent(trx, { quote_request_id: id, actor: null, kind: 'files', text }, at);
    }
    if (spam) return { id, spam, queued: 0, filesNotKept };
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
    return { id, spam, queued: emails.length + 1, filesNotKept };
  }

  return {
    /**
     * Stores the lead, its files and its outbox rows in one transaction: once
     * this resolves, the request, its files and the promise to email it are all
     * on disk. A lead that is not spam shares its insert with the other leads of
     * its write group (leadsTogether); the rest of its job is its own.
     */
    async store(input: StoreLeadInput): Promise<StoredLead> {
      const at = now();
      const lead = {
        ...input.request,
        created_at: at.toISOString(),
        source_page: input.sourcePage,
        spam: input.spam ? 1 : 0,
        spam_at: input.spam ? at.toISOString() : null,
      };
      // Spam: no email at all; otherwise the notification, written with the lead.
      if (input.spam)
        return storage.write.run(async (trx) =>
          afterLead(trx, input, await insertUnderNewReference(trx, storage, lead, undefined, probes), at),
        );
      const notification = notificationAboutNew(options, at);
      return storage.writeSharing(together, { lead, notification }, async (trx, shared) =>
        afterLead(
          trx,
          input,
          shared ?? (await insertUnderNewReference(trx, storage, lead, notification, probes)),
          at,
        ),
      );
    },
  };
}

export type LeadIntake = ReturnType<typeof createLeadIntake>;
