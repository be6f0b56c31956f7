/**
 * bench:admin's leads on PostgreSQL: multi-row INSERTs of 1,000 leads (with
 * their ids, so each notification and staff answer names its lead without a round trip), then
 * the identity moved past them and VACUUM ANALYZE, as autovacuum would leave a
 * table that size.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/database-tables.ts';
import { BENCH_STAFF, benchLead, LEAD_COLUMNS } from './admin-leads.ts';

const BATCH = 1000;

export async function seedPostgresLeads(db: Kysely<Database>, count: number) {
  const columns = sql.raw(['id', ...LEAD_COLUMNS].join(', '));
  for (let from = 0; from < count; from += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - from) }, (_, offset) => ({
      id: from + offset + 1,
      ...benchLead(from + offset, count),
    }));
    const rows = batch.map(
      ({ id, lead }) => sql`(${sql.join([id, ...LEAD_COLUMNS.map((column) => lead[column])])})`,
    );
    await sql`insert into quote_requests (${columns}) values ${sql.join(rows)}`.execute(db);
    const emails = batch.flatMap(({ id, notification, at }) =>
      notification
        ? [
            sql`(${sql.join(['lead', id, 'notification', 'sales@example.com', `<quote-${id - 1}@example.com>`, notification])},
              1, ${sql.join([at, at, at, notification === 'sent' ? at : null])}, 'smtp')`,
          ]
        : [],
    );
    const answers = batch.flatMap(({ id, answeredAt, lead }) =>
      answeredAt ? [sql`(${sql.join([id, answeredAt, BENCH_STAFF, 'status', 'new', lead.status])})`] : [],
    );
    if (answers.length > 0) {
      await sql`insert into lead_events (quote_request_id, at, actor, kind, from_status, to_status)
        values ${sql.join(answers)}`.execute(db);
    }
    if (emails.length > 0) {
      await sql`insert into outbox (owner_type, owner_id, kind, recipient, message_id, status, attempts,
          next_attempt_at, created_at, updated_at, sent_at, delivered_via) values ${sql.join(emails)}`.execute(
        db,
      );
    }
  }
  await sql`select setval(pg_get_serial_sequence('quote_requests', 'id'), ${count})`.execute(db);
  await sql`vacuum (analyze) quote_requests, outbox, lead_events`.execute(db);
}
