import { randomBytes } from 'node:crypto';
import { type QueryCreator, sql, type Transaction } from 'kysely';
import type { CampaignStatus } from '../../common/inbox-api/campaign-endpoints.ts';
import type { Database } from '../db/database-tables.ts';
import type { Storage } from '../db/database.ts';
import { queueSelected } from '../outbox/queue-selected.ts';
import { changeCampaign } from './campaign-change.ts';
import { refusal, type SendingOutcome } from './campaign-sending.ts';
import { messagesAbout } from '../outbox/owner-messages.ts';
import { CAMPAIGN_KIND, CAMPAIGN_OWNER, campaignOwner, type CampaignRow } from './campaign-tables.ts';
import { SUBSCRIBER_OWNER } from './newsletter-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

/** A campaign's archive address: its subject in lower-case words, then its id (unique with it). */
export function campaignSlug(subject: string, id: number): string {
  const words = subject
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return words ? `${words}-${id}` : `campaign-${id}`;
}

/** The subscribers a campaign goes to: those confirmed, and only those. */
const confirmedSubscribers = (db: QueryCreator<Database>) =>
  tablesOf<NewsletterTables>(db).selectFrom('subscribers').where('status', '=', 'confirmed');

/** How many subscribers a campaign started now would go to. */
async function confirmedCount(db: QueryCreator<Database>): Promise<number> {
  const { confirmed } = await confirmedSubscribers(db)
    .select((eb) => eb.fn.countAll<number>().as('confirmed'))
    .executeTakeFirstOrThrow();
  return Number(confirmed);
}

/** What a start needs: the database, and the domain of the Message-IDs. */
interface StartContext {
  storage: Pick<Storage, 'lock' | 'randomHexSql'>;
  mailDomain: string;
}

/**
 * Each recipient's Message-ID, made by the database in the INSERT ... SELECT: the campaign, a random
 * prefix of this start and 128 random bits per row (unique like newMessageId's, revealing nothing).
 */
function messageIdSql(
  storage: Pick<Storage, 'randomHexSql'>,
  mailDomain: string,
  campaignId: number,
  prefix: string,
) {
  const random = storage.randomHexSql();
  return sql<string>`'<campaign-' || ${String(campaignId)} || '.' || ${prefix} || '.' || ${random} || '@' || ${mailDomain} || '>'`;
}

/**
 * Starts sending, in the caller's transaction: a compare-and-set from one of `from` (and the version
 * when given) to 'sending' with its slug and start time, then the recipients fixed in one
 * INSERT ... SELECT of the confirmed subscribers, one outbox row each with its own Message-ID, so
 * memory never grows with the list. Refused with 'no-recipients' when nobody is confirmed.
 */
async function startIn(
  { storage, mailDomain }: StartContext,
  trx: Transaction<Database>,
  id: number,
  { from, version, at }: { from: readonly CampaignStatus[]; version?: number; at: Date },
): Promise<SendingOutcome> {
  // Two starts of one campaign (two instances, two clicks) one after the other; the CAS decides.
  await storage.lock(trx, `campaign:${id}`);
  const current = await tablesOf<NewsletterTables>(trx)
    .selectFrom('campaigns')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!current) return { refused: 'not-found' };
  if (version !== undefined && current.version !== version) return { refused: 'stale-version', current };
  if (!from.includes(current.status)) return { refused: 'not-editable', current };
  if ((await confirmedCount(trx)) === 0) return { refused: 'no-recipients', current };
  const iso = at.toISOString();
  const started = await changeCampaign(
    trx,
    id,
    { from, version: current.version, at },
    {
      status: 'sending',
      slug: current.slug ?? campaignSlug(current.subject, id),
      started_at: iso,
      paused_reason: null,
      failures_in_row: 0,
    },
  );
  if (!started) return refusal(trx, id, version, 'not-editable');
  const prefix = randomBytes(4).toString('hex');
  const recipients = { kind: CAMPAIGN_KIND, lane: 'campaign', recipientType: SUBSCRIBER_OWNER } as const;
  await queueSelected(trx, { ...recipients, owner: campaignOwner(id), at }, (fixed) =>
    confirmedSubscribers(trx)
      .select([...fixed, 'email', messageIdSql(storage, mailDomain, id, prefix).as('message_id'), 'id'])
      .orderBy('id'),
  );
  return { campaign: started };
}

/** Marks sent, in the caller's transaction, the campaigns being sent with no email waiting or held. */
async function finishDoneIn(trx: Transaction<Database>, at: Date): Promise<number[]> {
  const iso = at.toISOString();
  const rows = await tablesOf<NewsletterTables>(trx)
    .updateTable('campaigns')
    .set({ status: 'sent', finished_at: iso, updated_at: iso })
    .where('status', '=', 'sending')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom(messagesAbout(trx, CAMPAIGN_OWNER, CAMPAIGN_KIND).as('m'))
            .select('m.id')
            .whereRef('m.owner_id', '=', 'campaigns.id')
            .where('m.status', 'in', ['pending', 'held']),
        ),
      ),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The start and the end of a campaign's sending: the recipients fixed (send now, or a scheduled one
 * that is due) and the campaign marked sent once nothing is left. In the database only.
 */
export function createCampaignStart(
  storage: Pick<Storage, 'db' | 'write' | 'lock' | 'randomHexSql'>,
  { mailDomain, now }: { mailDomain: string; now: () => Date },
) {
  const { db } = storage;
  const write = storage.write.run;
  const context = { storage, mailDomain };
  return {
    /** How many subscribers a campaign sent now would go to. */
    audience(): Promise<number> {
      return confirmedCount(db);
    },

    /** "Send now": from a draft or a scheduled campaign, at the version the page shows. */
    send(id: number, version: number): Promise<SendingOutcome> {
      return write((trx) => startIn(context, trx, id, { from: ['draft', 'scheduled'], version, at: now() }));
    },

    /**
     * Starts the scheduled campaigns that are due, each once however many instances run this at the
     * same moment (the compare-and-set from 'scheduled', under the campaign's lock). Returns those this
     * call started. One with nobody to send to goes back to a draft with a reason, to be seen.
     */
    async startDue(): Promise<{ started: CampaignRow[]; nobody: CampaignRow[] }> {
      const at = now();
      const due = await tablesOf<NewsletterTables>(db)
        .selectFrom('campaigns')
        .select('id')
        .where('status', '=', 'scheduled')
        .where('scheduled_at', '<=', at.toISOString())
        .orderBy('scheduled_at')
        .limit(20)
        .execute();
      const started: CampaignRow[] = [];
      const nobody: CampaignRow[] = [];
      for (const { id } of due) {
        const outcome = await write(async (trx) => {
          const result = await startIn(context, trx, id, { from: ['scheduled'], at });
          if (!('refused' in result) || result.refused !== 'no-recipients') return result;
          const draft = await changeCampaign(
            trx,
            id,
            { from: 'scheduled', at },
            { status: 'draft', scheduled_at: null },
          );
          return draft ? { nobody: draft } : result;
        });
        if ('campaign' in outcome) started.push(outcome.campaign);
        if ('nobody' in outcome) nobody.push(outcome.nobody);
      }
      return { started, nobody };
    },

    /**
     * Marks sent the campaigns being sent that have nothing left to send (nothing waiting, held or
     * being sent), with their end time; returns their ids. Run by the sender after its passes: the
     * last emails of a campaign may finish on several instances at once, and emails cancelled when
     * they came due (a subscriber who left) finish nothing themselves.
     */
    finishDone(): Promise<number[]> {
      const at = now();
      return write((trx) => finishDoneIn(trx, at));
    },
  };
}
