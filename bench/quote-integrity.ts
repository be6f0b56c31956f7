import { openSqlite } from '../server/db/sqlite-open.ts';
import pg from 'pg';
import type { QuoteLoad } from './quote-load.ts';

/** Matches the stored rows with the "success" replies. */
function compare(emails: string[], notifications: number, loads: QuoteLoad[]) {
  const stored = new Map<string, number>();
  for (const email of emails) stored.set(email, (stored.get(email) ?? 0) + 1);
  const successes = loads.reduce((total, load) => total + load.succeeded.size, 0);
  const lost = loads.reduce(
    (total, load) => total + [...load.succeeded].filter((marker) => !stored.has(load.emailOf(marker))).length,
    0,
  );
  const duplicated = [...stored.values()].filter((count) => count > 1).length;
  return { successReplies: successes, rows: emails.length, notifications, lost, duplicated };
}

/** Counts the rows of the SQLite file after the load and matches them with the "success" replies. */
export function checkDatabase(databasePath: string, loads: QuoteLoad[]) {
  const database = openSqlite(databasePath, { readonly: true });
  const emails = database.prepare('SELECT email FROM quote_requests').pluck().all() as string[];
  const notifications = database
    .prepare("SELECT count(*) FROM outbox WHERE kind = 'notification'")
    .pluck()
    .get() as number;
  database.close();
  return compare(emails, notifications, loads);
}

/** The same on PostgreSQL (DATABASE_URL). */
export async function checkPostgres(url: string, loads: QuoteLoad[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const emails = (await client.query<{ email: string }>('SELECT email FROM quote_requests')).rows;
    const notifications = await client.query<{ count: number }>(
      "SELECT count(*)::int AS count FROM outbox WHERE kind = 'notification'",
    );
    return compare(
      emails.map((row) => row.email),
      notifications.rows[0]?.count ?? 0,
      loads,
    );
  } finally {
    await client.end();
  }
}
