import type { ExpressionBuilder, Transaction } from 'kysely';
import { followUpLabel } from '../../common/follow-up-dates.ts';
import type { LeadStatus } from '../../common/lead-domain.ts';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import { type CalendarDate, localDate, localTimeToUtc } from '../time/zoned-time.ts';
import { addLeadEvent } from './lead-events.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

/**
 * A lead's follow-up (docs/decisions/040-follow-ups.md): the day someone means to get back to it, a calendar date in
 * ADMIN_TIME_ZONE, set on the lead's page and cleared when done; each change is on its timeline. The
 * Follow-ups view and the reminders leave out spam and the leads that are settled (won or lost).
 */
const SETTLED_STATUSES: readonly LeadStatus[] = ['won', 'lost'];

/** How many leads each of the view's groups lists (its total says how many there are). */
const FOLLOW_UP_GROUP_SIZE = 100;

export interface FollowUpLead {
  id: number;
  name: string;
  reference: string;
  ownerId: number | null;
  status: LeadStatus;
  on: string;
}

export interface FollowUpGroup {
  leads: FollowUpLead[];
  total: number;
}

export type SetFollowUp = { outcome: 'set' | 'unchanged'; from: string | null } | { outcome: 'past' };

/** The leads a follow-up counts for: with a date, not spam, not settled. */
function open(eb: ExpressionBuilder<LeadTables, 'quote_requests'>) {
  return eb.and([
    eb('follow_up_on', 'is not', null),
    eb('spam', '=', 0),
    eb('status', 'not in', [...SETTLED_STATUSES]),
  ]);
}

/** Leads whose follow-up day came (on or before `dueBy`) and that were not reminded for that date. */
function due(eb: ExpressionBuilder<LeadTables, 'quote_requests'>, dueBy: CalendarDate) {
  return eb.and([
    open(eb),
    eb('follow_up_on', '<=', dueBy),
    eb.or([
      eb('follow_up_reminded_for', 'is', null),
      eb('follow_up_reminded_for', '!=', eb.ref('follow_up_on')),
    ]),
  ]);
}

/**
 * Marks up to `limit` due follow-ups as reminded (follow_up_reminded_for = follow_up_on) in the caller's
 * transaction and returns those this call marked: a conditional UPDATE whose rows decide what is queued,
 * so of several instances checking at once each lead is claimed by one (PostgreSQL re-checks the
 * condition on a row another transaction changed; SQLite writes one at a time).
 */
export async function claimDueFollowUps(
  trx: Transaction<Database>,
  dueBy: CalendarDate,
  limit: number,
): Promise<FollowUpLead[]> {
  const candidates = await tablesOf<LeadTables>(trx)
    .selectFrom('quote_requests')
    .select('id')
    .where((eb) => due(eb, dueBy))
    .orderBy('follow_up_on')
    .orderBy('id')
    .limit(limit)
    .execute();
  if (candidates.length === 0) return [];
  const claimed = await tablesOf<LeadTables>(trx)
    .updateTable('quote_requests')
    .set((eb) => ({ follow_up_reminded_for: eb.ref('follow_up_on') }))
    .where(
      'id',
      'in',
      candidates.map(({ id }) => id),
    )
    .where((eb) => due(eb, dueBy))
    .returning(['id', 'name', 'reference', 'owner_id', 'status', 'follow_up_on'])
    .execute();
  return claimed.map(toFollowUpLead);
}

function toFollowUpLead(row: {
  id: number;
  name: string;
  reference: string;
  owner_id: number | null;
  status: LeadStatus;
  follow_up_on: string | null;
}): FollowUpLead {
  return {
    id: row.id,
    name: row.name,
    reference: row.reference,
    ownerId: row.owner_id,
    status: row.status,
    on: row.follow_up_on ?? '',
  };
}

/**
 * The last follow-up day whose reminders are due at `at`: today once FOLLOW_UP_REMINDER_TIME ("HH:MM")
 * has passed in the zone, yesterday before it.
 */
export function remindersDueBy(at: Date, timeZone: string, reminderTime: string): CalendarDate {
  const today = localDate(at, timeZone);
  if (at.getTime() >= localTimeToUtc(`${today}T${reminderTime}`, timeZone).getTime()) return today;
  return localDate(new Date(localTimeToUtc(`${today}T00:00`, timeZone).getTime() - 1), timeZone);
}

export interface LeadFollowUpsOptions {
  timeZone: string;
  now?: () => Date;
}

/** Reading a lead's follow-up and the Follow-ups view's groups (see followUpGroups). */
export function createLeadFollowUps(storage: Pick<Storage, 'db' | 'write'>, options: LeadFollowUpsOptions) {
  const now = options.now ?? (() => new Date());
  const today = () => localDate(now(), options.timeZone);
  return {
    today,

    /** The lead's follow-up date (null for none); undefined when there is no such lead. */
    async of(id: number): Promise<{ on: string | null } | undefined> {
      const row = await tablesOf<LeadTables>(storage.db)
        .selectFrom('quote_requests')
        .select('follow_up_on')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? { on: row.follow_up_on } : undefined;
    },

    /**
     * Sets the lead's follow-up (today or later; a past date is refused). A new date is reminded of on
     * its day, even one reminded of before; the same date again changes nothing.
     */
    set: (id: number, on: CalendarDate, actor: string | null) =>
      storage.write.run((trx) => setFollowUp(trx, { id, on, actor, at: now(), today: today() })),

    /** Clears the lead's follow-up ("Done"); undefined when there is no such lead. */
    clear: (id: number, actor: string | null) =>
      storage.write.run((trx) => clearFollowUp(trx, { id, actor, at: now(), today: today() })),

    groups: (ownerId: number | undefined) => followUpGroups(storage, today(), ownerId),
  };
}

async function currentFollowUp(trx: Transaction<Database>, id: number) {
  return tablesOf<LeadTables>(trx)
    .selectFrom('quote_requests')
    .select('follow_up_on')
    .where('id', '=', id)
    .executeTakeFirst();
}

async function setFollowUp(
  trx: Transaction<Database>,
  {
    id,
    on,
    actor,
    at,
    today,
  }: { id: number; on: CalendarDate; actor: string | null; at: Date; today: string },
): Promise<SetFollowUp | undefined> {
  const lead = await currentFollowUp(trx, id);
  if (!lead) return undefined;
  if (on < today) return { outcome: 'past' };
  const from = lead.follow_up_on;
  if (from === on) return { outcome: 'unchanged', from };
  await tablesOf<LeadTables>(trx)
    .updateTable('quote_requests')
    .set({ follow_up_on: on, follow_up_reminded_for: null })
    .where('id', '=', id)
    .execute();
  const text = `Follow up on ${followUpLabel(on, today)}${from ? ` (was ${followUpLabel(from, today)})` : ''}`;
  await addLeadEvent(trx, { quote_request_id: id, actor, kind: 'follow-up', text }, at);
  return { outcome: 'set', from };
}

async function clearFollowUp(
  trx: Transaction<Database>,
  { id, actor, at, today }: { id: number; actor: string | null; at: Date; today: string },
): Promise<{ from: string | null } | undefined> {
  const lead = await currentFollowUp(trx, id);
  if (!lead) return undefined;
  const from = lead.follow_up_on;
  if (from === null) return { from };
  await tablesOf<LeadTables>(trx)
    .updateTable('quote_requests')
    .set({ follow_up_on: null })
    .where('id', '=', id)
    .execute();
  const text = `Follow-up done (was ${followUpLabel(from, today)})`;
  await addLeadEvent(trx, { quote_request_id: id, actor, kind: 'follow-up', text }, at);
  return { from };
}

type Range = readonly ['<' | '=' | '>', string];

/** One group of the view: its first FOLLOW_UP_GROUP_SIZE leads by date, and how many it holds. */
async function followUpGroup(
  db: Storage['db'],
  [op, today]: Range,
  ownerId: number | undefined,
): Promise<FollowUpGroup> {
  let query = tablesOf<LeadTables>(db)
    .selectFrom('quote_requests')
    .where((eb) => open(eb))
    .where('follow_up_on', op, today);
  if (ownerId !== undefined) query = query.where('owner_id', '=', ownerId);
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'name', 'reference', 'owner_id', 'status', 'follow_up_on'])
      .orderBy('follow_up_on')
      .orderBy('id')
      .limit(FOLLOW_UP_GROUP_SIZE)
      .execute(),
    query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { leads: rows.map(toFollowUpLead), total: Number(count.total) };
}

/**
 * The Follow-ups view: overdue (before today, oldest first), today, and upcoming (soonest first), each
 * limited to FOLLOW_UP_GROUP_SIZE leads with its total; only one owner's with `ownerId` ("Mine").
 */
async function followUpGroups(
  storage: Pick<Storage, 'db'>,
  today: string,
  ownerId: number | undefined,
): Promise<{ today: string; overdue: FollowUpGroup; due: FollowUpGroup; upcoming: FollowUpGroup }> {
  const [overdue, due, upcoming] = await Promise.all([
    followUpGroup(storage.db, ['<', today], ownerId),
    followUpGroup(storage.db, ['=', today], ownerId),
    followUpGroup(storage.db, ['>', today], ownerId),
  ]);
  return { today, overdue, due, upcoming };
}

export type LeadFollowUps = ReturnType<typeof createLeadFollowUps>;
