import type { ActivityAction } from '../../common/inbox-api/activity-endpoints.ts';
import type { ActivityLine, RecordActivity } from '../db/activity-line.ts';
import type { Storage } from '../db/database.ts';
import type { AdminActivity } from './admin-tables.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AccountTables } from './admin-tables.ts';

export type NewActivity = ActivityLine<ActivityAction>;

/**
 * The one writer of the activity log, in the caller's transaction: the inbox's actions through
 * createActivityLog, the other features' system lines through what start-up passes them.
 */
export const recordActivity: RecordActivity<ActivityAction> = async (
  trx,
  { actor, action, summary, leadId = null },
  at,
) => {
  await tablesOf<AccountTables>(trx)
    .insertInto('admin_activity')
    .values({ at: at.toISOString(), actor, action, summary, lead_id: leadId })
    .execute();
};

/** The activity log: who did what in the inbox and when. Written alongside each action; never edited. */
export function createActivityLog(storage: Pick<Storage, 'db' | 'write'>) {
  const { db } = storage;
  return {
    async record(activity: NewActivity, at: Date): Promise<void> {
      await storage.write.run((trx) => recordActivity(trx, activity, at));
    },

    /** Newest first, below the cursor (an id). */
    async page(
      cursor: number | undefined,
      limit: number,
    ): Promise<{ entries: AdminActivity[]; nextCursor: number | null }> {
      let query = tablesOf<AccountTables>(db)
        .selectFrom('admin_activity')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(limit + 1);
      if (cursor !== undefined) query = query.where('id', '<', cursor);
      const rows = await query.execute();
      const entries = rows.slice(0, limit);
      return { entries, nextCursor: rows.length > limit ? (entries.at(-1)?.id ?? null) : null };
    },
  };
}

export type ActivityLog = ReturnType<typeof createActivityLog>;
