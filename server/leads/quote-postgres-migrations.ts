import { type Kysely, type Migration, sql } from 'kysely';

/*
 * The inbox's search on PostgreSQL: the same leads as SQLite's FTS5 index
 * (quote-migrations.ts, lead-search.ts) finds, for the same text.
 *
 * Words: full-text search with the `simple` configuration (no stemming, no stop
 * words; lower case) over a stored tsvector, `search_words`, with a GIN index.
 * With a UTF-8 locale (C.UTF-8, en_US.UTF-8: glibc's character classes), its
 * parser keeps the vowel signs, viramas and nuktas of Devanagari, Gurmukhi and
 * the other Indian scripts inside their words: to_tsvector('simple', 'राहुल
 * ਗੁਰਪ੍ਰੀਤ ज़ोया') is 'राहुल' 'ਗੁਰਪ੍ਰੀਤ' 'ज़ोया', as SQLite's tokenizer makes
 * them, so no trigram index is needed for them. Where the two would differ the
 * text is prepared first (lead_search_text): the parser reads
 * "priya@company.in" as one email, "+91" as a signed number, "1.5" as a
 * decimal and drops "<b>" as a tag, where SQLite's tokenizer splits at every
 * character that is not a letter, mark or digit; so ASCII punctuation becomes
 * a space. And SQLite ignores the accents of Latin letters (remove_diacritics
 * 2): lead_search_fold drops the combining marks U+0300–U+036F of the text's
 * canonical decomposition (so "José" is "jose"). What still differs, seen by
 * comparing both on every character: PostgreSQL also drops those accents from
 * Greek and Cyrillic letters ("й" is "и"); takes superscript digits, vulgar
 * fractions, private-use characters, some number signs of Indian scripts
 * (Bengali, Odia, Tamil, Telugu, Malayalam fractions) and letters of recent
 * Unicode versions glibc does not know for separators; drops a word that
 * starts with a combining mark; and lowers case where SQLite folds it ("ſ",
 * "ς" stay themselves). A database whose LC_CTYPE is not UTF-8 ("C") would
 * leave non-Latin letters in their case and punctuation outside ASCII inside
 * words.
 *
 * Phone digits: `phone_digits LIKE '%…%'` for each form of the number
 * (lead-search.ts), served by a pg_trgm GIN index.
 *
 * The search itself is Storage's full-text match (server/db/full-text-match.ts) over the index as
 * LEAD_SEARCH_INDEX (lead-search.ts) describes it.
 */

/**
 * The search's SQL functions, (re)defined by the quote baseline: both
 * immutable (normalize, regexp_replace and to_tsvector are), so that a
 * generated column can use them. The fold skips the two normalizations for
 * ASCII text.
 */
async function createPostgresSearchFunctions(db: Kysely<unknown>) {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create or replace function lead_search_fold(value text) returns text
    language sql immutable parallel safe strict
    return case when value ~ '[^\\u0001-\\u007f]'
      then normalize(regexp_replace(normalize(value, NFD), '[\\u0300-\\u036f]', '', 'g'), NFC)
      else value end`.execute(db);
  await sql`create or replace function lead_search_text(value text) returns text
    language sql immutable parallel safe strict
    return regexp_replace(lead_search_fold(value),
      '[\\u0021-\\u002f\\u003a-\\u0040\\u005b-\\u0060\\u007b-\\u007e]', ' ', 'g')`.execute(db);
}

/**
 * The two search functions, no longer `strict` (2026-11-30; results unchanged: both give null for
 * null). PostgreSQL inlines an SQL function into the expression that calls it, unless the function is
 * strict and its body is not (lead_search_fold's CASE is not). Not inlined, each statement that calls
 * it (every lead's insert, through the generated search_words) sets the function up again and runs it
 * as a query of its own: 0.06 ms of PostgreSQL's CPU per lead, a sixth of all it spent on a quote.
 * Inlined, it is an expression like any other.
 */
async function inlineLeadSearchFunctions(db: Kysely<unknown>) {
  await sql`alter function lead_search_fold(text) called on null input`.execute(db);
  await sql`alter function lead_search_text(text) called on null input`.execute(db);
}

/**
 * (Re)makes the stored tsvector of these columns of quote_requests and its
 * GIN index: PostgreSQL's indexLeadsForSearch. A migration that adds a field
 * people should find leads by calls it again with the whole list (the text
 * columns, not null). A shipped migration's effect never changes: this makes
 * the same column and index for the same list; a different index is a new
 * migration.
 */
async function indexLeadsForPostgresSearch(db: Kysely<unknown>, columns: readonly string[]) {
  if (!columns.every((column) => /^[a-z_]+$/.test(column))) throw new Error(`Bad columns: ${columns.join()}`);
  const text = sql.raw(columns.join(` || ' ' || `));
  await sql`alter table quote_requests drop column if exists search_words`.execute(db);
  await sql`alter table quote_requests add column search_words tsvector
    generated always as (to_tsvector('simple'::regconfig, lead_search_text(${text}))) stored`.execute(db);
  await sql`create index quote_requests_search_words on quote_requests using gin (search_words)`.execute(db);
}

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
      // The inbox's search (above): the words of these fields in a tsvector, and the
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
  // Every lead's insert computes its search words: the functions it calls, inlined (above).
  '2026-11-30-100-lead-search-inlined': { up: inlineLeadSearchFunctions },
};
