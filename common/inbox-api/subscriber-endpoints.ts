/** The newsletter's list: views by status with counts, search, CSV export and removal. */
import { z } from 'zod';
import { SUBSCRIBER_STATUSES, SUBSCRIBER_VIEWS } from '../subscriber-domain.ts';
import { csvFile, cursorQuery, endpoint, idParams, nextCursor, noContent } from './endpoint.ts';

const subscriberSummary = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  sourcePage: z.string(),
});
export type SubscriberSummary = z.infer<typeof subscriberSummary>;

const subscriberList = z.object({
  subscribers: z.array(subscriberSummary),
  nextCursor,
  counts: z.record(z.enum(SUBSCRIBER_VIEWS), z.number()),
});

const listQuery = z.object({
  view: z.enum(SUBSCRIBER_VIEWS).default('all'),
  q: z.string().max(254).optional(),
  cursor: cursorQuery,
});

export const subscriberEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/subscribers',
    access: 'staff',
    query: listQuery,
    reply: subscriberList,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/subscribers/export.csv',
    access: 'admin',
    query: listQuery.omit({ cursor: true }),
    reply: csvFile,
    replyAs: 'csv',
  }),
  /** The subscriber, its links, its emails and their .eml files. */
  remove: endpoint({
    method: 'DELETE',
    path: '/subscribers/:id',
    access: 'admin',
    params: idParams,
    reply: noContent,
    replyAs: 'no-content',
    errors: ['not-found'],
  }),
};
