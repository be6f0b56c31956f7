import SQLite from 'better-sqlite3';
import type { QuoteLoad } from './quote-load.ts';

/** Counts the rows after the load and matches them with the "success" replies. */
export function checkDatabase(databasePath: string, loads: QuoteLoad[]) {
  const database = new SQLite(databasePath, { readonly: true });
  const emails = database.prepare('SELECT email FROM quote_requests').pluck().all() as string[];
  const notifications = database
    .prepare("SELECT count(*) FROM outbox WHERE kind = 'notification'")
    .pluck()
    .get() as number;
  database.close();
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
