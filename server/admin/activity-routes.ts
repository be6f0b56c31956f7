import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, type ActivityList } from '../../common/admin-api.ts';
import type { ActivityLog } from './activity-log.ts';
import { parse } from './api-problem.ts';

const listQuery = z.object({ cursor: z.coerce.number().int().positive().optional() });

/** The activity log, newest first. */
export async function activityRoutes(app: FastifyInstance, { activity }: { activity: ActivityLog }) {
  app.get('/activity', async (request): Promise<ActivityList> => {
    const { cursor } = parse(listQuery, request.query);
    const page = await activity.page(cursor, ADMIN_PAGE_SIZE);
    return {
      entries: page.entries.map((entry) => ({
        id: entry.id,
        at: entry.at,
        by: entry.actor,
        action: entry.action,
        summary: entry.summary,
        leadId: entry.lead_id,
      })),
      nextCursor: page.nextCursor === null ? null : String(page.nextCursor),
    };
  });
}
