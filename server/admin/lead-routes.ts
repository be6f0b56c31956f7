import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  LEAD_STATUSES,
  LEAD_VIEWS,
  leadStatusLabels,
  NOTE_MAX_LENGTH,
  type LeadDetail,
  type LeadList,
  type LeadSummary,
} from '../../common/admin-api.ts';
import { quoteFields } from '../../common/quote-request.ts';
import { removeMailFiles } from '../mail/mailer.ts';
import type { OutboxRepository } from '../outbox/outbox-repository.ts';
import { deliveryOf } from '../quote/lead-delivery.ts';
import { leadsCsv } from '../quote/lead-export.ts';
import type { LeadRepository, LeadWithDelivery } from '../quote/lead-repository.ts';
import type { LeadEvent } from '../quote/quote-tables.ts';
import type { ActivityLog } from './activity-log.ts';
import { signedIn } from './admin-guard.ts';
import { ApiProblem, notFound, parse } from './api-problem.ts';
import { csvDownload } from './csv-download.ts';

export interface LeadRoutesOptions {
  leads: LeadRepository;
  outbox: OutboxRepository;
  activity: ActivityLog;
  /** Where .eml files are (deleted with their lead). */
  mailDir: string;
  /** Wakes the outbox worker after an email was queued. */
  onQueued: () => void;
  now: () => Date;
}

const EXCERPT_LENGTH = 140;

const cursor = z.coerce.number().int().positive().optional();
const listQuery = z.object({
  view: z.enum(LEAD_VIEWS).default('all'),
  q: z.string().max(200).optional(),
  cursor,
});
const idParams = z.object({ id: z.coerce.number().int().positive() });
const statusBody = z.object({ status: z.enum(LEAD_STATUSES) });
const noteBody = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Write something first.')
    .max(NOTE_MAX_LENGTH, `A note can be at most ${NOTE_MAX_LENGTH.toLocaleString('en-IN')} characters.`),
});
const spamBody = z.object({ spam: z.boolean() });

function summary({ lead, notification }: LeadWithDelivery): LeadSummary {
  const excerpt = lead.message.replace(/\s+/g, ' ').trim();
  return {
    id: lead.id,
    createdAt: lead.created_at,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    excerpt: excerpt.length > EXCERPT_LENGTH ? `${excerpt.slice(0, EXCERPT_LENGTH - 1)}…` : excerpt,
    status: lead.status,
    spam: lead.spam === 1,
    delivery: deliveryOf(notification),
  };
}

function timelineEntry(event: LeadEvent): LeadDetail['timeline'][number] {
  return {
    id: event.id,
    at: event.at,
    by: event.actor,
    kind: event.kind,
    ...(event.from_status ? { from: event.from_status } : {}),
    ...(event.to_status ? { to: event.to_status } : {}),
    ...(event.text !== null ? { text: event.text } : {}),
  };
}

/** The inbox's leads: the list with its views and search, one lead, and what staff do with it. */
export async function leadRoutes(app: FastifyInstance, options: LeadRoutesOptions) {
  const { leads, activity, now } = options;

  async function detail(id: number): Promise<LeadDetail> {
    const found = await leads.detail(id);
    if (!found) throw notFound('This lead');
    return {
      ...summary(found),
      reference: found.lead.reference,
      fields: Object.fromEntries(quoteFields.map((name) => [name, found.lead[name]])),
      sourcePage: found.lead.source_page,
      timeline: found.events.map(timelineEntry),
    };
  }

  app.get('/leads', async (request): Promise<LeadList> => {
    const query = parse(listQuery, request.query);
    const [page, counts, deadNotifications] = await Promise.all([
      leads.page({ view: query.view, search: query.q, cursor: query.cursor, limit: ADMIN_PAGE_SIZE }),
      leads.counts(),
      leads.deadNotifications(),
    ]);
    return {
      leads: page.items.map(summary),
      nextCursor: page.nextCursor === null ? null : String(page.nextCursor),
      counts,
      deadNotifications,
    };
  });

  app.get('/leads/export.csv', async (request, reply) => {
    const { account } = signedIn(request);
    const query = parse(listQuery, request.query);
    const rows = await leads.all({ view: query.view, search: query.q });
    // The view and whether there was a search, never its words: the log outlives a Delete request.
    const what = `${rows.length} lead${rows.length === 1 ? '' : 's'} (${query.view}${query.q?.trim() ? ', with a search' : ''})`;
    await activity.record(
      { actor: account.email, action: 'export', summary: `Exported ${what} as CSV` },
      now(),
    );
    return csvDownload(reply, `leads-${query.view}-${now().toISOString().slice(0, 10)}.csv`, leadsCsv(rows));
  });

  app.get('/leads/:id', async (request) => detail(parse(idParams, request.params).id));

  app.post('/leads/:id/status', async (request) => {
    const { account } = signedIn(request);
    const { id } = parse(idParams, request.params);
    const { status } = parse(statusBody, request.body);
    const changed = await leads.setStatus(id, status, account.email);
    if (!changed) throw notFound('This lead');
    if (changed.from !== status) {
      await activity.record(
        {
          actor: account.email,
          action: 'status-changed',
          summary: `Lead #${id}: ${leadStatusLabels[changed.from]} → ${leadStatusLabels[status]}`,
          leadId: id,
        },
        now(),
      );
    }
    return detail(id);
  });

  app.post('/leads/:id/notes', async (request) => {
    const { account } = signedIn(request);
    const { id } = parse(idParams, request.params);
    const { text } = parse(noteBody, request.body);
    if (!(await leads.addNote(id, text, account.email))) throw notFound('This lead');
    await activity.record(
      { actor: account.email, action: 'note-added', summary: `Lead #${id}: added a note`, leadId: id },
      now(),
    );
    return detail(id);
  });

  app.post('/leads/:id/spam', async (request) => {
    const { account } = signedIn(request);
    const { id } = parse(idParams, request.params);
    const { spam } = parse(spamBody, request.body);
    const changed = await leads.setSpam(id, spam, account.email);
    if (!changed) throw notFound('This lead');
    if (changed.queued) options.onQueued();
    await activity.record(
      {
        actor: account.email,
        action: 'spam-changed',
        summary: `Lead #${id}: ${spam ? 'marked as spam' : `not spam${changed.queued ? ', notification queued' : ''}`}`,
        leadId: id,
      },
      now(),
    );
    return detail(id);
  });

  app.post('/leads/:id/retry', async (request) => {
    const { account } = signedIn(request);
    const { id } = parse(idParams, request.params);
    const retried = await leads.retryNotification(id, account.email);
    if (!retried) throw notFound('This lead');
    if (!retried.queued) {
      throw new ApiProblem(
        409,
        'not-dead',
        'Nothing to retry: only a notification that could not be delivered can be sent again, and this one is waiting, being sent, sent or withdrawn.',
      );
    }
    options.onQueued();
    await activity.record(
      {
        actor: account.email,
        action: 'email-retried',
        summary: `Lead #${id}: sent the notification again`,
        leadId: id,
      },
      now(),
    );
    return detail(id);
  });

  app.delete('/leads/:id', async (request, reply) => {
    const { account } = signedIn(request);
    const { id } = parse(idParams, request.params);
    const removed = await leads.remove(id);
    if (removed.ids.length === 0) throw notFound('This lead');
    const files = removeMailFiles(options.mailDir, removed.messageIds);
    await activity.record(
      {
        actor: account.email,
        action: 'lead-deleted',
        summary: `Deleted lead #${id} with ${removed.outboxRows} email${removed.outboxRows === 1 ? '' : 's'} and ${files} mail file${files === 1 ? '' : 's'}`,
        leadId: id,
      },
      now(),
    );
    return reply.code(204).send();
  });
}
