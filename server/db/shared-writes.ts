import type { Transaction } from 'kysely';
import type { SharedStatement } from './shared-statements.ts';
import type { WriteQueue } from './write-queue.ts';

/**
 * Storage's batched write, a capability: a write job whose first write is a row that one statement can
 * write for several jobs of a write group (the leads of a group and their notifications, in one
 * INSERT: insert-many-with-email.ts). Where a statement costs a round trip (PostgreSQL), the write
 * queue's runSharing runs the statement once for the group's rows and gives each job what came back
 * for its row. Elsewhere (SQLite, in process) it is the default path, a plain job in the group's
 * transaction (write.run), given undefined: the statement never runs, and the job writes its row.
 *
 * A job may run more than once, on both paths, and only its last run is kept: its group's transaction
 * is undone and written again after a serialization failure or a deadlock (PostgreSQL, `retryable`),
 * and after another job of the group failed (each job then in its own savepoint). So a job does
 * database work only; what it sends or tells goes through the outbox, written in the same transaction.
 */
export interface SharedWriteCapabilities<DB> {
  writeSharing<R, I, T>(
    statement: SharedStatement<DB, R, I>,
    row: R,
    job: (trx: Transaction<DB>, shared: I | undefined) => Promise<T>,
  ): Promise<T>;
}

/** The statement shared by the jobs of a group (PostgreSQL). */
export const sharedWrites = <DB>(write: WriteQueue<DB>): SharedWriteCapabilities<DB> => ({
  writeSharing: (statement, row, job) => write.runSharing(statement, row, job),
});

/** Each job its own statements, in the group's one transaction (SQLite: a statement costs no round trip). */
export const plainWrites = <DB>(write: WriteQueue<DB>): SharedWriteCapabilities<DB> => ({
  writeSharing: (_statement, _row, job) => write.run((trx) => job(trx, undefined)),
});
