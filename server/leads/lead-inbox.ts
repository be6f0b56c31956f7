import { type Kysely, sql, type SelectQueryBuilder } from 'kysely';
import { LEAD_STATUSES, LEAD_VIEWS, type LeadView } from '../../common/inbox-paths.ts';
import { quoteFields } from '../../common/quote-request.ts';
import { inChunks } from '../db/chunks.ts';
import type { Storage } from '../db/database.ts';
import type { Database } from '../db/database-tables.ts';
import type { FullTextSearch } from '../db/full-text-match.ts';
import { messagesAbout } from '../outbox/owner-messages.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import { LEAD_REFERENCE } from './lead-reference.ts';
import { fullTextSearchOf, LEAD_SEARCH_INDEX, searchTerms } from './lead-search.ts';
import { LEAD_OWNER, QUOTE_EMAIL_KINDS, type Lead, type LeadEvent } from './quote-tables.ts';
import { leadFilesRead } from '../attachments/lead-files-read.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from './quote-tables.ts';

/** A lead with its notification email (undefined when none was queued, e.g. spam). */
export interface LeadWithDelivery {
  lead: Lead;
  notification: OutboxRow | undefined;
}

export interface LeadPage {
  items: LeadWithDelivery[];
  /** The id to continue below, or null on the last page. */
  nextCursor: number | null;
}

export interface LeadQuery {
  view: LeadView;
  /** Words of the name, email, phone or message, or a lead's reference. */
  search?: string | undefined;
  /** Only these leads (the inbox's "New reply" filter: the leads with an unopened answer). */
  only?: readonly number[] | undefined;
  /** Only the leads this account owns (the inbox's "Mine"). */
  ownerId?: number | undefined;
}

/** Restricts a query on quote_requests to the given leads, when the filter names some. */
function inOnly<O>(query: SelectQueryBuilder<LeadTables, 'quote_requests', O>, only: LeadQuery['only']) {
  return only ? query.where('quote_requests.id', 'in', only.length > 0 ? [...only] : [-1]) : query;
}

/** Restricts a query on quote_requests to one owner's leads, when the filter names one. */
function inOwner<O>(
  query: SelectQueryBuilder<LeadTables, 'quote_requests', O>,
  ownerId: LeadQuery['ownerId'],
) {
  return ownerId === undefined ? query : query.where('quote_requests.owner_id', '=', ownerId);
}

/** Restricts a query on quote_requests to a view of the inbox. */
function inView<O>(query: SelectQueryBuilder<LeadTables, 'quote_requests', O>, view: LeadView) {
  if (view === 'spam') return query.where('quote_requests.spam', '=', 1);
  const kept = query.where('quote_requests.spam', '=', 0);
  return view === 'all' ? kept : kept.where('quote_requests.status', '=', view);
}

/**
 * A lead's columns: every one but PostgreSQL's search index (search_words), which
 * is no part of a lead. A field of the form is one of quoteFields. bench:admin writes its leads by it.
 */
export const LEAD_COLUMNS = [
  'id',
  'reference',
  'created_at',
  ...quoteFields,
  'source_page',
  'status',
  'spam',
  'spam_at',
  'first_contact_ms',
  'owner_id',
  'follow_up_on',
  'follow_up_reminded_for',
  'escalated_at',
  'phone_digits',
  'phone_endings',
] as const;
// A column added to QuoteRequestsTable and not to the list is a type error here.
const everyColumn: Exclude<keyof Lead, (typeof LEAD_COLUMNS)[number]> extends never ? true : never = true;
void everyColumn;

/** What the inbox's search asks of Storage. */
type SearchStorage = Pick<Storage, 'fullTextMatch' | 'newestFullTextMatches'>;

type LeadSelect = SelectQueryBuilder<LeadTables, 'quote_requests', Lead>;

/**
 * What a search box's text asks for: every lead (empty), the one lead an
 * email's reference names (e.g. "Q-7F3K9C"), or words (undefined: the
 * text has no word at all, so no lead matches).
 */
type Search = { every: true } | { reference: string } | { words: FullTextSearch | undefined };

function searchOf(search: string | undefined): Search {
  if (search === undefined || search.trim() === '') return { every: true };
  const reference = search.trim().toUpperCase();
  if (LEAD_REFERENCE.test(reference)) return { reference };
  const terms = searchTerms(search);
  return { words: terms && fullTextSearchOf(terms) };
}

/** Restricts it to the leads matching the search. */
function matching<O>(
  query: SelectQueryBuilder<LeadTables, 'quote_requests', O>,
  search: Search,
  storage: SearchStorage,
) {
  if ('every' in search) return query;
  if ('reference' in search) return query.where('quote_requests.reference', '=', search.reference);
  const { words } = search;
  if (!words) return query.where(sql<boolean>`1 = 0`);
  return query.where(storage.fullTextMatch(LEAD_SEARCH_INDEX, words));
}

/** Each lead's notification email. */
async function notificationsOf(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, OutboxRow>> {
  const found = new Map<number, OutboxRow>();
  await inChunks(ids, async (chunk) => {
    const rows = await messagesAbout(db, LEAD_OWNER, QUOTE_EMAIL_KINDS.notification)
      .where('owner_id', 'in', chunk)
      .orderBy('id')
      .execute();
    for (const row of rows) found.set(row.owner_id, row);
  });
  return found;
}

/** The newest leads of a view (below a cursor) that match a search. */
async function newestMatching(storage: SearchStorage, query: LeadSelect, search: Search, count: number) {
  if ('words' in search && search.words)
    return storage.newestFullTextMatches(query, LEAD_SEARCH_INDEX, search.words, count);
  return matching(query, search, storage).orderBy('quote_requests.id', 'desc').limit(count).execute();
}

/** How many leads each view holds. */
async function countsByView(db: Kysely<Database>): Promise<Record<LeadView, number>> {
  const rows = await tablesOf<LeadTables>(db)
    .selectFrom('quote_requests')
    .select(['spam', 'status', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['spam', 'status'])
    .execute();
  const counts = Object.fromEntries(LEAD_VIEWS.map((view) => [view, 0])) as Record<LeadView, number>;
  for (const row of rows) {
    const count = Number(row.count);
    if (row.spam) counts.spam += count;
    else {
      counts.all += count;
      if ((LEAD_STATUSES as readonly string[]).includes(row.status)) counts[row.status] += count;
    }
  }
  return counts;
}

/** The inbox's reads: the views, their search and counts, one lead with its timeline and emails. */
export function createLeadInbox(storage: Pick<Storage, 'db'> & SearchStorage) {
  const { db } = storage;
  const leads = () => tablesOf<LeadTables>(db).selectFrom('quote_requests').select(LEAD_COLUMNS);

  async function get(id: number): Promise<Lead | undefined> {
    return leads().where('id', '=', id).executeTakeFirst();
  }

  return {
    get,

    /** How many leads each view holds. */
    counts: () => countsByView(db),

    /** The files of these leads, by lead id, in the order sent (the CSV export names them). */
    filesOf: (ids: readonly number[]) => leadFilesRead(db).ofLeads(ids),

    /** Every lead, oldest first, for the CSV export (of a view and a search, or all of them). */
    async all(filter?: LeadQuery): Promise<Lead[]> {
      let query = leads().orderBy('id', 'asc');
      if (filter)
        query = matching(
          inOwner(inOnly(inView(query, filter.view), filter.only), filter.ownerId),
          searchOf(filter.search),
          storage,
        );
      return query.execute();
    },

    /** One page of a view, newest first, below the cursor (an id). */
    async page(filter: LeadQuery & { cursor?: number | undefined; limit?: number }): Promise<LeadPage> {
      const limit = filter.limit ?? 50;
      let query = inOwner(inOnly(inView(leads(), filter.view), filter.only), filter.ownerId);
      if (filter.cursor !== undefined) query = query.where('quote_requests.id', '<', filter.cursor);
      const rows = await newestMatching(storage, query, searchOf(filter.search), limit + 1);
      const shown = rows.slice(0, limit);
      const notifications = await notificationsOf(
        db,
        shown.map((lead) => lead.id),
      );
      return {
        items: shown.map((lead) => ({ lead, notification: notifications.get(lead.id) })),
        nextCursor: rows.length > limit ? (shown.at(-1)?.id ?? null) : null,
      };
    },

    /** How many notifications of leads that are not spam could not be delivered (the inbox's banner). */
    async deadNotifications(): Promise<number> {
      const row = await tablesOf<LeadTables>(db)
        .selectFrom(messagesAbout(db, LEAD_OWNER, QUOTE_EMAIL_KINDS.notification).as('m'))
        .innerJoin('quote_requests', 'quote_requests.id', 'm.owner_id')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('m.status', '=', 'dead')
        .where('quote_requests.spam', '=', 0)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** A lead, its notification and its timeline (oldest first). */
    async detail(id: number): Promise<(LeadWithDelivery & { events: LeadEvent[] }) | undefined> {
      const lead = await get(id);
      if (!lead) return undefined;
      const [notification, events] = await Promise.all([
        notificationsOf(db, [id]).then((found) => found.get(id)),
        tablesOf<LeadTables>(db)
          .selectFrom('lead_events')
          .selectAll()
          .where('quote_request_id', '=', id)
          .orderBy('id')
          .execute(),
      ]);
      return { lead, notification, events };
    },

    /** The emails of one quote request, oldest first. */
    async emails(leadId: number): Promise<OutboxRow[]> {
      return messagesAbout(db, LEAD_OWNER).where('owner_id', '=', leadId).orderBy('id').execute();
    },
  };
}
