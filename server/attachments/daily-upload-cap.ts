import type { Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import './attachment-tables.ts';
import type { LeadFile } from './lead-files-intake.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from './attachment-tables.ts';

/** The days kept in attachment_upload_days: today, and a week back for anyone who looks. */
const DAYS_KEPT = 8;

/** The UTC day of a time, YYYY-MM-DD. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Counts `bytes` against the day's cap in the caller's transaction: true when they fit (and are now
 * counted), false when they would pass it (nothing counted). One conditional UPDATE of the day's row:
 * on PostgreSQL it holds the row until the transaction ends, so parallel quotes on any instance are
 * counted one after another and never pass the cap together. A new day's row drops the old ones.
 */
async function takeDailyUploadBytes(
  trx: Transaction<Database>,
  at: Date,
  bytes: number,
  capBytes: number,
): Promise<boolean> {
  if (bytes === 0) return true;
  const day = utcDay(at);
  const created = await tablesOf<AttachmentTables>(trx)
    .insertInto('attachment_upload_days')
    .values({ day, bytes: 0 })
    .onConflict((conflict) => conflict.column('day').doNothing())
    .returning('day')
    .executeTakeFirst();
  if (created) {
    const oldest = utcDay(new Date(at.getTime() - DAYS_KEPT * 24 * 60 * 60 * 1000));
    await tablesOf<AttachmentTables>(trx)
      .deleteFrom('attachment_upload_days')
      .where('day', '<', oldest)
      .execute();
  }
  const counted = await tablesOf<AttachmentTables>(trx)
    .updateTable('attachment_upload_days')
    .set((eb) => ({ bytes: eb('bytes', '+', bytes) }))
    .where('day', '=', day)
    .where((eb) => eb(eb('bytes', '+', bytes), '<=', capBytes))
    .returning('day')
    .executeTakeFirst();
  return counted !== undefined;
}

/** A request's files after the daily cap: those to store, and those not kept (all or none). */
export interface CappedFiles {
  files: readonly LeadFile[];
  notKept: readonly LeadFile[];
}

/**
 * The files of one request within the day's cap, in the caller's transaction: all of them when their
 * bytes fit (and are counted), none when they would pass it; undefined cap: no cap.
 */
export async function filesWithinDailyCap(
  trx: Transaction<Database>,
  files: readonly LeadFile[],
  at: Date,
  capBytes: number | undefined,
): Promise<CappedFiles> {
  if (capBytes === undefined || files.length === 0) return { files, notKept: [] };
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  return (await takeDailyUploadBytes(trx, at, bytes, capBytes))
    ? { files, notKept: [] }
    : { files: [], notKept: files };
}
