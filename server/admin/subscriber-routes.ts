import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, SUBSCRIBER_VIEWS, type SubscriberList } from '../../common/admin-api.ts';
import { removeMailFiles } from '../mail/mailer.ts';
import type { Subscriber } from '../newsletter/newsletter-tables.ts';
import { subscribersCsv } from '../newsletter/subscriber-export.ts';
import type { SubscriberRepository } from '../newsletter/subscriber-repository.ts';
import type { ActivityLog } from './activity-log.ts';
import { signedIn } from './admin-guard.ts';
import { notFound, parse } from './api-problem.ts';
import { csvDownload } from './csv-download.ts';

export interface SubscriberRoutesOptions {
  subscribers: SubscriberRepository;
  activity: ActivityLog;
  mailDir: string;
  now: () => Date;
}

const listQuery = z.object({
  view: z.enum(SUBSCRIBER_VIEWS).default('all'),
  q: z.string().max(254).optional(),
  cursor: z.coerce.number().int().positive().optional(),
});
const idParams = z.object({ id: z.coerce.number().int().positive() });

const status = (view: (typeof SUBSCRIBER_VIEWS)[number]) => (view === 'all' ? undefined : view);

const summary = (subscriber: Subscriber): SubscriberList['subscribers'][number] => ({
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

  app.get('/subscribers', async (request): Promise<SubscriberList> => {
    const query = parse(listQuery, request.query);
    const [page, counts] = await Promise.all([
      subscribers.page({
        status: status(query.view),
        search: query.q,
        cursor: query.cursor,
        limit: ADMIN_PAGE_SIZE,
      }),
      subscribers.counts(),
    ]);
    return {
      subscribers: page.subscribers.map(summary),
      nextCursor: page.nextCursor === null ? null : String(page.nextCursor),
      counts,
    };
  });

  app.get('/subscribers/export.csv', async (request, reply) => {
    const { account } = signedIn(request);
    const query = parse(listQuery, request.query);
    const rows = await subscribers.all({ status: status(query.view), search: query.q });
    await activity.record(
      {
        actor: account.email,
        action: 'export',
        summary: `Exported ${rows.length} subscriber${rows.length === 1 ? '' : 's'} (${query.view}${query.q?.trim() ? ', with a search' : ''}) as CSV`,
      },
      now(),
    );
    return csvDownload(
      reply,
      `subscribers-${query.view}-${now().toISOString().slice(0, 10)}.csv`,
      subscribersCsv(rows),
    );
  });

  app.delete('/subscribers/:id', async (request, reply) => {
    const { account } = signedIn(request);
    const { id } = parse(idParams, request.params);
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
    return reply.code(204).send();
  });
}
