import pg from 'pg';
import type { Storage } from '../db/database.ts';

export interface ReadOnlySwitch {
  /** Turns the database read-only (on) or writable again (off), and waits until `storage` (if given) sees it. */
  set(on: boolean): Promise<void>;
  end(): Promise<void>;
}

/**
 * A PostgreSQL database that a test makes unwritable and writable again, as an operator (or a
 * failover to a standby) would: `default_transaction_read_only` on the database, then every other
 * connection to it ended, so that the pool's new ones get the setting. Writes then fail with 25006
 * (503), and once it is undone the same server writes again, without a restart.
 */
export async function postgresReadOnly(
  url: string,
  storage?: Pick<Storage, 'canWrite'>,
): Promise<ReadOnlySwitch> {
  // Connected before: its own session stays writable, to undo it.
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const { rows } = await admin.query<{ name: string }>('select current_database() as name');
  const database = rows[0]?.name;
  if (!database) throw new Error('no current database');
  const name = admin.escapeIdentifier(database);
  const others = async () =>
    (
      await admin.query<{ count: number }>(
        `select count(*)::int as count from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()`,
      )
    ).rows[0]?.count ?? 0;
  return {
    async set(on) {
      await admin.query(`ALTER DATABASE ${name} SET default_transaction_read_only = ${on ? 'on' : 'off'}`);
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()`,
      );
      for (let tries = 0; (await others()) > 0; tries++) {
        if (tries > 250) throw new Error('the connections to the database did not end');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // The pool lets go of each ended connection as it learns of it; then its new ones see the setting.
      for (let tries = 0; storage && (await storage.canWrite()) === on; tries++) {
        if (tries > 250)
          throw new Error(`the server does not see the database ${on ? 'read-only' : 'writable'}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async end() {
      await admin.end();
    },
  };
}
