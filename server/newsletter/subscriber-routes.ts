import type { FastifyInstance } from 'fastify';
import { INBOX_PAGE_SIZE } from '../../common/inbox-paths.ts';
import { subscriberEndpoints, type SubscriberSummary } from '../../common/inbox-api/subscriber-endpoints.ts';
import type { SubscriberView } from '../../common/subscriber-domain.ts';
import { removeMailFiles } from '../mail/mailer.ts';
import type { Subscriber } from './newsletter-tables.ts';
import { subscribersCsv } from './subscriber-export.ts';
import type { SubscriberRepository } from './subscriber-repository.ts';
import type { ActivityLog } from '../accounts/activity-log.ts';
import { notFound } from '../accounts/api-problem.ts';
import { registerEndpoint } from '../accounts/register-endpoint.ts';

export interface SubscriberRoutesOptions {
  subscribers: SubscriberRepository;
  activity: ActivityLog;
  mailDir: string;
  now: () => Date;
}

const status = (view: SubscriberView) => (view === 'all' ? undefined : view);

const summary = (subscriber: Subscriber): SubscriberSummary => ({
  id: subscriber.id,
  email: subscriber.email,
  status: subscriber.status,
  createdAt: subscriber.created_at,
  confirmedAt: subscriber.confirmed_at,
  unsubscribedAt: subscriber.unsubscribed_at,
  sourcePage: subscriber.source_page,
});

/** The newsletter's list: views by status with counts, search, CSV export and removal. */
export async function subscriberRoutes(app: FastifyInstance, options: SubscriberRoutesOptions) {
  const { subscribers, activity, now } = options;

  registerEndpoint(app, subscriberEndpoints.list, async ({ query }) => {
    const [page, counts] = await Promise.all([
      subscribers.page({
        status: status(query.view),
        search: query.q,
        cursor: query.cursor,
        limit: INBOX_PAGE_SIZE,
      }),
      subscribers.counts(),
    ]);
    return {
      subscribers: page.subscribers.map(summary),
      nextCursor: page.nextCursor === null ? null : String(page.nextCursor),
      counts,
    };
  });

  registerEndpoint(app, subscriberEndpoints.exportCsv, async ({ query, staff: { account } }) => {
    const rows = await subscribers.all({ status: status(query.view), search: query.q });
    await activity.record(
      {
        actor: account.email,
        action: 'export',
        summary: `Exported ${rows.length} subscriber${rows.length === 1 ? '' : 's'} (${query.view}${query.q?.trim() ? ', with a search' : ''}) as CSV`,
      },
      now(),
    );
    return {
      fileName: `subscribers-${query.view}-${now().toISOString().slice(0, 10)}.csv`,
      csv: subscribersCsv(rows),
    };
  });

  registerEndpoint(app, subscriberEndpoints.remove, async ({ params: { id }, staff: { account } }) => {
    const removed = await subscribers.remove(id);
    if (removed.count === 0) throw notFound('This subscriber');
    const files = removeMailFiles(options.mailDir, removed.messageIds);
    await activity.record(
      {
        actor: account.email,
        action: 'subscriber-deleted',
        summary: `Removed subscriber #${id} and ${files} mail file${files === 1 ? '' : 's'}`,
      },
      now(),
    );
  });
}
