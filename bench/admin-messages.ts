/**
 * bench:admin's conversations: two messages per lead (200,000 for 100,000 leads), a reply of staff
 * and the client's answer an hour later, so half are answers; one answer in UNREAD_EVERY is unread
 * (the inbox's "New reply"). Written on SQLite with better-sqlite3 in the leads' transaction, on
 * PostgreSQL in multi-row INSERTs.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/database-tables.ts';
import type { sqliteOf } from '../server/test/sqlite-of.ts';
import { tablesOf } from '../server/db/tables-of.ts';
import type { LeadTables } from '../server/leads/quote-tables.ts';

/** One answer in 200 nobody has opened: 500 leads with "New reply" of 100,000. */
const UNREAD_EVERY = 200;
const BATCH = 1000;
const COLUMNS = [
  'quote_request_id',
  'direction',
  'kind',
  'message_id',
  'in_reply_to',
  'references',
  'author_email',
  'author_name',
  'subject',
  'body_text',
  'quoted_text',
  'created_at',
  'read_at',
  'bounced_at',
] as const;
type MessageRow = Record<(typeof COLUMNS)[number], string | number | null>;

/** The reply and the answer of the lead of this id (from 1), made `createdAt`. */
function benchMessages(leadId: number, createdAt: string): [MessageRow, MessageRow] {
  const sent = new Date(Date.parse(createdAt) + 3_600_000).toISOString();
  const answered = new Date(Date.parse(createdAt) + 7_200_000).toISOString();
  const replyId = `<reply.${leadId}@example.com>`;
  const common = { quote_request_id: leadId, in_reply_to: null, references: '', bounced_at: null };
  const reply: MessageRow = {
    ...common,
    direction: 'out',
    kind: 'reply',
    message_id: replyId,
    author_email: 'bench@example.com',
    author_name: 'Bench',
    subject: 'Re: Your quote request',
    body_text: 'Hello,\n\nThank you for your request. Could we call you on Thursday at 11?\n\nBench',
    quoted_text: '',
    created_at: sent,
    read_at: null,
  };
  const answer: MessageRow = {
    ...common,
    direction: 'in',
    kind: 'answer',
    message_id: `<answer.${leadId}@client.example>`,
    in_reply_to: replyId,
    references: replyId,
    author_email: `client${leadId}@example.in`,
    author_name: 'Client',
    subject: 'Re: Re: Your quote request',
    body_text: 'Thursday at 11 works for us. The budget is approved.',
    quoted_text: '> Hello,\n>\n> Thank you for your request. Could we call you on Thursday at 11?',
    created_at: answered,
    // Never a spam lead (bench-admin.ts makes one in 50 spam: index % 50 === 49, ids from 1).
    read_at: leadId % UNREAD_EVERY === 1 ? null : answered,
  };
  return [reply, answer];
}

const quoted = (column: string) => `"${column}"`;

/** On SQLite: a prepared INSERT, run in the caller's transaction (the leads'). */
export function sqliteMessageWriter(sqlite: ReturnType<typeof sqliteOf>) {
  const insert = sqlite.prepare(
    `INSERT INTO lead_messages (${COLUMNS.map(quoted).join(', ')}) VALUES (${COLUMNS.map((column) => `@${column}`).join(', ')})`,
  );
  return (leadId: number, createdAt: string) => {
    for (const row of benchMessages(leadId, createdAt)) insert.run(row);
  };
}

/** On PostgreSQL: the leads 1..count's messages (their created_at read back), then VACUUM ANALYZE. */
export async function seedPostgresMessages(db: Kysely<Database>, count: number) {
  const columns = sql.raw(COLUMNS.map(quoted).join(', '));
  for (let from = 1; from <= count; from += BATCH) {
    const leads = await tablesOf<LeadTables>(db)
      .selectFrom('quote_requests')
      .select(['id', 'created_at'])
      .where('id', '>=', from)
      .where('id', '<', from + BATCH)
      .execute();
    const rows = leads.flatMap((lead) =>
      benchMessages(Number(lead.id), lead.created_at).map(
        (row) => sql`(${sql.join(COLUMNS.map((column) => row[column]))})`,
      ),
    );
    if (rows.length > 0)
      await sql`insert into lead_messages (${columns}) values ${sql.join(rows)}`.execute(db);
  }
  await sql`vacuum (analyze) lead_messages`.execute(db);
}
