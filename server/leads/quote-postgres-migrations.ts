import { type Kysely, type Migration, sql } from 'kysely';
import {
  createPostgresSearchFunctions,
  indexLeadsForPostgresSearch,
  inlineLeadSearchFunctions,
} from './lead-search-postgres.ts';

/** The phone's digits alone: the same expression as SQLite's generated column (quote-migrations.ts). */
const PHONE_DIGITS = sql`replace(replace(replace(replace(replace(replace(phone, ' ', ''), '+', ''), '-', ''), '(', ''), ')', ''), '.', '')`;

/**
 * The quote requests on PostgreSQL: today's schema in one step (SQLite's
 * history is in quote-migrations.ts). Ids are 64-bit identity columns, which
 * `npm run db:copy` fills with SQLite's ids and then moves past.
 */
export const quotePostgresMigrations: Record<string, Migration> = {
  '2026-11-25-102-quote-baseline': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('quote_requests')
        .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('phone', 'text', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('source_page', 'text', (column) => column.notNull())
        .addColumn('spam', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('status', 'text', (column) => column.notNull().defaultTo('new'))
        .addColumn('reference', 'text', (column) => column.notNull())
        .addColumn('spam_at', 'text')
        .addColumn('phone_digits', 'text', (column) => column.generatedAlwaysAs(PHONE_DIGITS).stored())
        // SQLite's search index needs every ending of the digits; PostgreSQL's trigram index
        // (below) does not, so this stays empty: the column exists so that a lead has the same
        // fields on both.
        .addColumn('phone_endings', 'text', (column) => column.generatedAlwaysAs(sql`''`).stored())
        .execute();
      await db.schema.createIndex('quote_requests_email').on('quote_requests').column('email').execute();
      await db.schema
        .createIndex('quote_requests_created_at')
        .on('quote_requests')
        .column('created_at')
        .execute();
      await db.schema
        .createIndex('quote_requests_reference')
        .unique()
        .on('quote_requests')
        .column('reference')
        .execute();
      await db.schema
        .createIndex('quote_requests_folder')
        .on('quote_requests')
        .columns(['spam', 'id'])
        .execute();
      await db.schema
        .createIndex('quote_requests_view')
        .on('quote_requests')
        .columns(['spam', 'status', 'id'])
        .execute();
      // The inbox's search (lead-search-postgres.ts): the words of these fields in a tsvector, and the
      // phone's digits in a trigram index, so that LIKE '%digits%' finds them anywhere.
      await createPostgresSearchFunctions(db);
      await indexLeadsForPostgresSearch(db, ['name', 'email', 'phone', 'message']);
      await sql`create index quote_requests_phone_digits on quote_requests
        using gin (phone_digits gin_trgm_ops)`.execute(db);

      await db.schema
        .createTable('lead_events')
        .addColumn('id', 'bigint', (column) => column.primaryKey().generatedByDefaultAsIdentity())
        .addColumn('quote_request_id', 'bigint', (column) =>
          column.notNull().references('quote_requests.id').onDelete('cascade'),
        )
        .addColumn('at', 'text', (column) => column.notNull())
        .addColumn('actor', 'text')
        .addColumn('kind', 'text', (column) => column.notNull())
        .addColumn('from_status', 'text')
        .addColumn('to_status', 'text')
        .addColumn('text', 'text')
        .execute();
      await db.schema
        .createIndex('lead_events_lead')
        .on('lead_events')
        .columns(['quote_request_id', 'id'])
        .execute();

      // An outbox row may belong to a quote request (the outbox's baseline ran before this one).
      await db.schema
        .alterTable('outbox')
        .addColumn('quote_request_id', 'bigint', (column) =>
          column.references('quote_requests.id').onDelete('cascade'),
        )
        .execute();
      await db.schema.createIndex('outbox_quote_request').on('outbox').column('quote_request_id').execute();
    },
  },
  // Every lead's insert computes its search words: the functions it calls, inlined (lead-search-postgres.ts).
  '2026-11-30-100-lead-search-inlined': { up: inlineLeadSearchFunctions },
};
