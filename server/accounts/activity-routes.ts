import type { FastifyInstance } from 'fastify';
import { INBOX_PAGE_SIZE } from '../../common/inbox-paths.ts';
import { activityEndpoints } from '../../common/inbox-api/activity-endpoints.ts';
import type { ActivityLog } from './activity-log.ts';
import { registerEndpoint } from './register-endpoint.ts';

/** The activity log, newest first. */
export async function activityRoutes(app: FastifyInstance, { activity }: { activity: ActivityLog }) {
  registerEndpoint(app, activityEndpoints.list, async ({ query: { cursor } }) => {
    const page = await activity.page(cursor, INBOX_PAGE_SIZE);
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
