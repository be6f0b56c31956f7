import { type Kysely, type Migration, type QueryExecutorProvider, sql } from 'kysely';

/**
 * Each lead's time to first contact, stored (quote_requests.first_contact_ms): the milliseconds from its
 * arrival to the first status change or note by a person (lead_events with an actor). The dashboard's
 * median and 90th percentile then read one integer column of an index, instead of looking up each
 * lead's events (about 450 ms for a year of 100,000 leads). addLeadEvent (lead-events.ts) sets it on a
 * person's first answer; a system event (actor null) never does. The index holds what the dashboard's
 * lead figures group and count by, so they are read from it alone; it replaces 2026-11-28-600's.
 */

/** The events that answer a customer: a person's status change or note (not spam marks, not retries). */
export const FIRST_CONTACT_KINDS = ['status', 'note'] as const;

const firstEvent = sql`(select min(at) from lead_events
  where lead_events.quote_request_id = quote_requests.id and lead_events.actor is not null
    and lead_events.kind in ('status', 'note'))`;

/**
 * Sets first_contact_ms of the leads that have none from their events: for the leads answered before the
 * column existed. Times are ISO 8601 UTC text; each dialect turns them into milliseconds its own way.
 */
export async function backfillFirstContact(db: QueryExecutorProvider, dialect: 'sqlite' | 'postgres') {
  const ms =
    dialect === 'sqlite'
      ? sql`cast(round((julianday(${firstEvent}) - julianday(created_at)) * 86400000.0) as integer)`
      : sql`round(extract(epoch from (${firstEvent}::timestamptz - created_at::timestamptz)) * 1000)::bigint`;
  await sql`update quote_requests set first_contact_ms = ${ms}
    where first_contact_ms is null and exists (select 1 from lead_events
      where lead_events.quote_request_id = quote_requests.id and lead_events.actor is not null
        and lead_events.kind in ('status', 'note'))`.execute(db);
}

function firstContact(dialect: 'sqlite' | 'postgres'): Migration {
  return {
    async up(db: Kysely<unknown>) {
      // PostgreSQL's migrator already runs each migration in a transaction; SQLite's does not.
      const inTransaction = (work: (trx: Kysely<unknown>) => Promise<void>) =>
        dialect === 'sqlite' ? db.transaction().execute(work) : work(db);
      await inTransaction(async (trx) => {
        // 2^31 ms is under 25 days: PostgreSQL's integer is too small for a lead answered a month on.
        await trx.schema
          .alterTable('quote_requests')
          .addColumn('first_contact_ms', dialect === 'sqlite' ? 'integer' : 'bigint')
          .execute();
        await backfillFirstContact(trx, dialect);
        await trx.schema.dropIndex('quote_requests_dashboard').execute();
        await trx.schema
          .createIndex('quote_requests_dashboard')
          .on('quote_requests')
          .columns(['spam', 'created_at', 'status', 'source_page', 'first_contact_ms'])
          .execute();
        // A long period (a year: most of the table) is counted by status and page in this index's order,
        // without sorting its rows to group them; a short one reads its few rows by created_at (above).
        await trx.schema
          .createIndex('quote_requests_funnel')
          .on('quote_requests')
          .columns(['spam', 'status', 'source_page', 'created_at', 'first_contact_ms'])
          .execute();
        // The percentiles of a long period: its answered leads in order of their time, the k-th read directly.
        await trx.schema
          .createIndex('quote_requests_first_contact')
          .on('quote_requests')
          .columns(['spam', 'first_contact_ms', 'created_at'])
          .execute();
      });
    },
  };
}

export const firstContactMigrations: Record<string, Migration> = {
  '2026-11-28-620-first-contact': firstContact('sqlite'),
};

export const firstContactPostgresMigrations: Record<string, Migration> = {
  '2026-11-28-620-first-contact': firstContact('postgres'),
};
