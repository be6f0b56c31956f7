import type { Transaction } from 'kysely';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { newMessageId } from '../outbox/message-id.ts';
import { queueEmails } from '../outbox/outbox-rows.ts';
import { unreadAnswersOf } from '../conversations/unread-answers.ts';
import { remindersDueBy } from '../leads/lead-follow-up.ts';
import { staffLeadList } from '../leads/staff-lead-lists.ts';
import { localDate } from '../time/zoned-time.ts';
import { digestReaders } from '../accounts/staff-lookups.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { TeamTables } from './team-tables.ts';

/** The outbox's kind of the daily digest, and the owner of its rows: the account it goes to. */
export const DIGEST_EMAIL_KIND = 'staff-digest';
const DIGEST_OWNER = 'account';

/** Leads a digest's list names at most (it says how many more there are). */
const LIST_SIZE = 20;

/**
 * What one person's digest holds: each list's leads (their ids only: the names are read when it is sent,
 * so a lead erased meanwhile leaves nothing of itself in the outbox), and how many leads it has in all.
 */
export interface DigestContent {
  day: string;
  waiting: { ids: number[]; total: number };
  followUps: { ids: number[]; total: number };
  replies: { ids: number[]; total: number };
}

type Person = { id: number; email: string; role: 'admin' | 'member' };

/** One person's digest for a day: leads waiting for a first contact, follow-ups due, new replies. */
async function contentFor(trx: Transaction<Database>, person: Person, day: string): Promise<DigestContent> {
  const waiting = await staffLeadList(trx, person, { waiting: true }, LIST_SIZE);
  const followUps = await staffLeadList(trx, person, { followUpDueBy: day }, LIST_SIZE);
  const replies = await staffLeadList(
    trx,
    person,
    { hasRow: (leadId) => unreadAnswersOf(trx, leadId) },
    LIST_SIZE,
  );
  return { day, waiting, followUps, replies };
}

const isEmpty = (content: DigestContent) =>
  content.waiting.total + content.followUps.total + content.replies.total === 0;

/**
 * One person's digest of the day, once: the (account, day) row is claimed in the transaction that queues
 * the email, so a restart or a second instance finds it taken. A day with nothing to tell sends nothing.
 */
async function digestFor(
  storage: Pick<Storage, 'write'>,
  person: Person,
  day: string,
  mailDomain: string,
  at: Date,
) {
  return storage.write.run(async (trx) => {
    const claimed = await tablesOf<TeamTables>(trx)
      .insertInto('staff_digests')
      .values({ account_id: person.id, day, sent_at: at.toISOString() })
      .onConflict((conflict) => conflict.columns(['account_id', 'day']).doNothing())
      .returning('account_id')
      .executeTakeFirst();
    if (!claimed) return 0;
    const content = await contentFor(trx, person, day);
    if (isEmpty(content)) return 0;
    await queueEmails(trx, [
      {
        kind: DIGEST_EMAIL_KIND,
        recipient: person.email,
        messageId: newMessageId(DIGEST_EMAIL_KIND, mailDomain),
        owner: { type: DIGEST_OWNER, id: person.id },
        payload: JSON.stringify(content),
        at,
      },
    ]);
    return 1;
  });
}

/** The day's digests, from FOLLOW_UP_REMINDER_TIME on, to those who chose one; how many were queued. */
export async function sendDigests(
  storage: Pick<Storage, 'db' | 'write'>,
  options: { timeZone: string; reminderTime: string; mailDomain: string; at: Date },
  stopped: () => boolean,
): Promise<number> {
  const { timeZone, reminderTime, mailDomain, at } = options;
  const today = localDate(at, timeZone);
  if (remindersDueBy(at, timeZone, reminderTime) !== today) return 0;
  // Who chose a digest and has none for today yet (the accounts' list, less the day's digests).
  const [readers, done] = await Promise.all([
    digestReaders(storage.db).execute(),
    tablesOf<TeamTables>(storage.db)
      .selectFrom('staff_digests')
      .select('account_id')
      .where('day', '=', today)
      .execute(),
  ]);
  const sentToday = new Set(done.map((row) => row.account_id));
  const people = readers.filter((person) => !sentToday.has(person.id));
  let sent = 0;
  for (const person of people) {
    if (stopped()) break;
    sent += await digestFor(storage, person, today, mailDomain, at);
  }
  return sent;
}
