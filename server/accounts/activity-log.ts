import type { ActivityAction } from '../../common/inbox-api/activity-endpoints.ts';
import type { Storage } from '../db/database.ts';
import type { AdminActivity } from './admin-tables.ts';

export interface NewActivity {
  actor: string | null;
  action: ActivityAction;
  summary: string;
  leadId?: number | null;
}

/** The activity log: who did what in the inbox and when. Written alongside each action; never edited. */
export function createActivityLog(storage: Pick<Storage, 'db' | 'write'>) {
  const { db } = storage;
  return {
    async record({ actor, action, summary, leadId = null }: NewActivity, at: Date): Promise<void> {
      await storage.write.run((trx) =>
        trx
          .insertInto('admin_activity')
          .values({ at: at.toISOString(), actor, action, summary, lead_id: leadId })
          .execute(),
      );
    },

    /** Newest first, below the cursor (an id). */
    async page(
      cursor: number | undefined,
      limit: number,
    ): Promise<{ entries: AdminActivity[]; nextCursor: number | null }> {
      let query = db
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
