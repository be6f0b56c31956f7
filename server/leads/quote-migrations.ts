import { type Kysely, type Migration, sql } from 'kysely';
import { withOutboxColumns } from '../outbox/outbox-base-columns.ts';
import { newLeadReference } from './lead-reference.ts';

/**
 * How the search index splits text into words: letters, digits and combining
 * marks (Unicode category M: the vowel signs and viramas of Devanagari,
 * Gurmukhi and every Indian script; unicode61's default splits "राहुल" into
 * the letters र, ह and ल), accents ignored.
 */
const SEARCH_TOKENIZER = "unicode61 remove_diacritics 2 categories 'L* N* M* Co'";

/**
 * (Re)builds the inbox's full-text search over these columns of quote_requests:
 * the FTS5 table, the triggers that keep it in step, and its contents. A
 * migration that adds a field people should find leads by calls it again with
 * the whole list, the new column included (see docs/adding-a-quote-field.md).
 */
export async function indexLeadsForSearch(
  db: Kysely<unknown>,
  columns: readonly string[],
  tokenizer: string = SEARCH_TOKENIZER,
) {
  if (!columns.every((column) => /^[a-z_]+$/.test(column))) throw new Error(`Bad columns: ${columns.join()}`);
  const list = sql.raw(columns.join(', '));
  const values = (row: 'new' | 'old') => sql.raw(columns.map((column) => `${row}.${column}`).join(', '));
  await sql`drop trigger if exists quote_requests_search_insert`.execute(db);
  await sql`drop trigger if exists quote_requests_search_delete`.execute(db);
  await sql`drop trigger if exists quote_requests_search_update`.execute(db);
  await sql`drop table if exists quote_requests_search`.execute(db);
  await sql`create virtual table quote_requests_search using fts5(
    ${list},
    content = 'quote_requests', content_rowid = 'id',
    tokenize = ${sql.lit(tokenizer)}
  )`.execute(db);
  await sql`create trigger quote_requests_search_insert after insert on quote_requests begin
    insert into quote_requests_search (rowid, ${list}) values (new.id, ${values('new')});
  end`.execute(db);
  await sql`create trigger quote_requests_search_delete after delete on quote_requests begin
    insert into quote_requests_search (quote_requests_search, rowid, ${list})
      values ('delete', old.id, ${values('old')});
  end`.execute(db);
  await sql`create trigger quote_requests_search_update after update of ${list} on quote_requests begin
    insert into quote_requests_search (quote_requests_search, rowid, ${list})
      values ('delete', old.id, ${values('old')});
    insert into quote_requests_search (rowid, ${list}) values (new.id, ${values('new')});
  end`.execute(db);
  await sql`insert into quote_requests_search (quote_requests_search) values ('rebuild')`.execute(db);
}

/** The text columns of quote_requests when leads began to be stored in NFC, read this many at a time. */
const NFC_COLUMNS = ['name', 'email', 'phone', 'message'] as const;
const NFC_PAGE = 500;
type NfcRow = { id: number } & Record<(typeof NFC_COLUMNS)[number], string>;

/**
 * The quote requests' tables. The first migration also made the outbox, when
 * quote requests were its only use; it has shipped, so it stays as it was
 * (a migration's effect never changes: add a new one; the search index is made
 * by indexLeadsForSearch, which makes the same one it always did for the same columns).
 */
export const quoteMigrations: Record<string, Migration> = {
  '2025-06-01-001-quote-requests-and-outbox': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('quote_requests')
        .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
        .addColumn('created_at', 'text', (column) => column.notNull())
        .addColumn('name', 'text', (column) => column.notNull())
        .addColumn('email', 'text', (column) => column.notNull())
        .addColumn('phone', 'text', (column) => column.notNull())
        .addColumn('message', 'text', (column) => column.notNull())
        .addColumn('source_page', 'text', (column) => column.notNull())
        .addColumn('status', 'text', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('quote_requests_email').on('quote_requests').column('email').execute();
      await db.schema
        .createIndex('quote_requests_created_at')
        .on('quote_requests')
        .column('created_at')
        .execute();

      await withOutboxColumns(
        db.schema
          .createTable('outbox')
          .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
          .addColumn('quote_request_id', 'integer', (column) =>
            column.notNull().references('quote_requests.id').onDelete('cascade'),
          ),
      ).execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('outbox_quote_request').on('outbox').column('quote_request_id').execute();
      await db.schema
        .createIndex('outbox_recipient')
        .on('outbox')
        .columns(['kind', 'recipient', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('outbox').execute();
      await db.schema.dropTable('quote_requests').execute();
    },
  },
  '2026-11-24-001-lead-workflow-search-and-timeline': {
    async up(db: Kysely<unknown>) {
      await db.transaction().execute(async (trx) => {
        // The old status mixed the notification's delivery (now read from the outbox) with spam:
        // spam becomes a flag, and the status is what the company does with the lead.
        await trx.schema
          .alterTable('quote_requests')
          .addColumn('spam', 'integer', (column) => column.notNull().defaultTo(0))
          .execute();
        await sql`update quote_requests set spam = 1 where status = 'spam'`.execute(trx);
        await trx.schema.alterTable('quote_requests').dropColumn('status').execute();
        await trx.schema
          .alterTable('quote_requests')
          .addColumn('status', 'text', (column) => column.notNull().defaultTo('new'))
          .execute();
        // The inbox's views, newest first: all leads (or the spam folder), and one status.
        await trx.schema
          .createIndex('quote_requests_folder')
          .on('quote_requests')
          .columns(['spam', 'id'])
          .execute();
        await trx.schema
          .createIndex('quote_requests_view')
          .on('quote_requests')
          .columns(['spam', 'status', 'id'])
          .execute();

        // What happened to a lead, and who did it: status changes, notes, spam, the notification.
        await trx.schema
          .createTable('lead_events')
          .addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement())
          .addColumn('quote_request_id', 'integer', (column) =>
            column.notNull().references('quote_requests.id').onDelete('cascade'),
          )
          .addColumn('at', 'text', (column) => column.notNull())
          .addColumn('actor', 'text')
          .addColumn('kind', 'text', (column) => column.notNull())
          .addColumn('from_status', 'text')
          .addColumn('to_status', 'text')
          .addColumn('text', 'text')
          .execute();
        await trx.schema
          .createIndex('lead_events_lead')
          .on('lead_events')
          .columns(['quote_request_id', 'id'])
          .execute();

        // Full-text search over the fields people search by (SQLite FTS5, kept in step by triggers;
        // on PostgreSQL this would be a tsvector column and a GIN index, behind the same repository).
        // (The tokenizer of that time: letters and digits only.)
        await indexLeadsForSearch(
          trx,
          ['name', 'email', 'phone', 'message'],
          'unicode61 remove_diacritics 2',
        );
      });
    },
  },
  '2026-11-25-001-lead-search-phone-digits-and-indian-scripts': {
    async up(db: Kysely<unknown>) {
      await db.transaction().execute(async (trx) => {
        // A phone number is found by its digits, however either side writes it: the phone's digits
        // alone (the form allows only digits, spaces and + - ( ) .), and every ending of them of 4 digits
        // or more, so a search for any run of its digits is a prefix search in the index
        // (lead-search.ts). Computed by SQLite, so every writer (the server, a script, a restore) agrees.
        // On PostgreSQL: the same generated column and a trigram index on it.
        await trx.schema
          .alterTable('quote_requests')
          .addColumn('phone_digits', 'text', (column) =>
            column.generatedAlwaysAs(
              sql`replace(replace(replace(replace(replace(replace(phone, ' ', ''), '+', ''), '-', ''), '(', ''), ')', ''), '.', '')`,
            ),
          )
          .execute();
        const endings = Array.from(
          { length: 30 - 3 },
          (_, start) =>
            `case when length(phone_digits) >= ${start + 4} then substr(phone_digits, ${start + 1}) || ' ' else '' end`,
        ).join(' || ');
        await trx.schema
          .alterTable('quote_requests')
          .addColumn('phone_endings', 'text', (column) => column.generatedAlwaysAs(sql.raw(endings)))
          .execute();

        // The index again, with the phone's endings, and with combining marks as part of words.
        await indexLeadsForSearch(trx, ['name', 'email', 'phone', 'message', 'phone_endings']);
      });
    },
  },
  '2026-11-25-002-lead-references': {
    async up(db: Kysely<unknown>) {
      await db.transaction().execute(async (trx) => {
        // The emails name a lead by a random reference: the row id would reveal how many leads come in.
        await trx.schema
          .alterTable('quote_requests')
          .addColumn('reference', 'text', (column) => column.notNull().defaultTo(''))
          .execute();
        const rows = await sql<{ id: number }>`select id from quote_requests`.execute(trx);
        const taken = new Set<string>();
        for (const { id } of rows.rows) {
          let reference = newLeadReference();
          while (taken.has(reference)) reference = newLeadReference();
          taken.add(reference);
          await sql`update quote_requests set reference = ${reference} where id = ${id}`.execute(trx);
        }
        await trx.schema
          .createIndex('quote_requests_reference')
          .unique()
          .on('quote_requests')
          .column('reference')
          .execute();
      });
    },
  },
  '2026-11-25-004-lead-spam-marked-at': {
    async up(db: Kysely<unknown>) {
      await db.transaction().execute(async (trx) => {
        // When a lead became spam: SPAM_RETENTION_DAYS count from here, not from its arrival, so a
        // lead marked by mistake long after it came is not deleted the next day. A lead marked before
        // this column existed counts from its latest "spam" event, else (the honeypot) from its arrival.
        await trx.schema.alterTable('quote_requests').addColumn('spam_at', 'text').execute();
        await sql`update quote_requests set spam_at = coalesce(
            (select max(at) from lead_events
              where lead_events.quote_request_id = quote_requests.id and lead_events.kind = 'spam'),
            created_at)
          where spam = 1`.execute(trx);
        // Nobody is emailed about spam: a spam lead's notification still waiting, or given up on
        // (which "Retry all dead" would have sent), is withdrawn, as marking a lead as spam now does.
        await sql`update outbox set status = 'cancelled', last_error = 'marked as spam',
            updated_at = ${new Date().toISOString()}
          where kind = 'notification' and status in ('pending', 'dead')
            and quote_request_id in (select id from quote_requests where spam = 1)`.execute(trx);
      });
    },
  },
  '2026-11-25-006-lead-text-in-nfc': {
    async up(db: Kysely<unknown>) {
      await db.transaction().execute(async (trx) => {
        // The form stores its text in Unicode's composed form (NFC) now, and the search looks for
        // words in it (lead-search.ts): the leads from before are put in the same form, so "ज़" typed
        // as one letter or as "ज" and a nukta is found either way. SQLite has no NFC, so this reads
        // the rows in pages; the search index's update trigger keeps the index in step.
        let after = 0;
        for (;;) {
          const { rows } = await sql<NfcRow>`select id, name, email, phone, message from quote_requests
            where id > ${after} order by id limit ${NFC_PAGE}`.execute(trx);
          for (const row of rows) {
            const [name, email, phone, message] = NFC_COLUMNS.map((column) => row[column].normalize('NFC'));
            if (name === row.name && email === row.email && phone === row.phone && message === row.message) {
              continue;
            }
            await sql`update quote_requests set name = ${name}, email = ${email}, phone = ${phone},
              message = ${message} where id = ${row.id}`.execute(trx);
          }
          const last = rows.at(-1);
          if (!last) break;
          after = last.id;
        }
      });
    },
  },
};
