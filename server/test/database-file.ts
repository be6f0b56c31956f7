import { openSqlite } from '../db/sqlite-open.ts';

export interface DatabaseSnapshot {
  /** How many quote requests carry each email address. */
  emails: Map<string, number>;
  leads: number;
  /** Leads that do not have exactly one notification in the outbox (must be none). */
  leadsWithoutOneNotification: number;
  outbox: { message_id: string; status: string; quote_request_id: number }[];
  /** SQLite's own check of the file: "ok" when it is sound. */
  integrity: string;
}

/** Reads a server's database file from outside the server, the way an operator would after a crash. */
export function readDatabaseFile(path: string): DatabaseSnapshot {
  const db = openSqlite(path);
  try {
    const emails = new Map<string, number>();
    for (const email of db.prepare('SELECT email FROM quote_requests').pluck().all() as string[]) {
      emails.set(email, (emails.get(email) ?? 0) + 1);
    }
    const leads = db.prepare('SELECT count(*) FROM quote_requests').pluck().get() as number;
    const leadsWithoutOneNotification = db
      .prepare(
        `SELECT count(*) FROM quote_requests q
         WHERE (SELECT count(*) FROM outbox o WHERE o.owner_type = 'lead' AND o.owner_id = q.id AND o.kind = 'notification') != 1`,
      )
      .pluck()
      .get() as number;
    const outbox = db
      .prepare(
        "SELECT message_id, status, owner_id AS quote_request_id FROM outbox WHERE kind = 'notification' ORDER BY id",
      )
      .all() as DatabaseSnapshot['outbox'];
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    return { emails, leads, leadsWithoutOneNotification, outbox, integrity };
  } finally {
    db.close();
  }
}
