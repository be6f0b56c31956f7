import type { FastifyInstance } from 'fastify';
import { INBOX_PAGE_SIZE } from '../../common/inbox-paths.ts';
import { leadEndpoints } from '../../common/inbox-api/lead-endpoints.ts';
import type { LeadDetail, LeadSummary, TimelineEntry } from '../../common/inbox-api/lead-schemas.ts';
import { isDownloadable } from '../../common/attachments.ts';
import { leadStatusLabels } from '../../common/lead-domain.ts';
import { quoteFields } from '../../common/quote-request.ts';
import { leadFilesRead } from '../attachments/lead-files-read.ts';
import type { Storage } from '../db/database.ts';
import { removeMailFiles } from '../mail/mailer.ts';
import type { OutboxRepository } from '../outbox/outbox-repository.ts';
import { deliveryOf } from './lead-delivery.ts';
import { leadsCsv } from './lead-export.ts';
import type { LeadConversations, LeadDeliveries } from './lead-page-sources.ts';
import type { LeadRepository, LeadWithDelivery } from './lead-repository.ts';
import type { LeadEvent } from './quote-tables.ts';
import type { AccountRepository } from '../accounts/account-repository.ts';
import type { ActivityLog } from '../accounts/activity-log.ts';
import { ownerShown, staffNames } from '../accounts/staff-names.ts';
import { ApiProblem, notFound } from '../accounts/api-problem.ts';
import { shownEventText } from './delivery-event-text.ts';
import { type EndpointHandler, registerEndpoint } from '../accounts/register-endpoint.ts';

/** What the lead pages show of the integrations, in the inbox's words (integrations/lead-deliveries.ts). */
export interface LeadRoutesOptions {
  /** Where the leads' files are read from (their own database). */
  storage: Pick<Storage, 'db'>;
  leads: LeadRepository;
  outbox: OutboxRepository;
  /** What the integrations did with each lead's events, and those turned off (the composition's adapter). */
  leadDeliveries: LeadDeliveries;
  /** The leads' conversations: "New reply", and the CSV's figures. */
  conversations: LeadConversations;
  activity: ActivityLog;
  /** The staff's names: each lead's owner. */
  accounts: Pick<AccountRepository, 'emails'>;
  /** Where .eml files are (deleted with their lead). */
  mailDir: string;
  /** Wakes the outbox worker after an email was queued. */
  onQueued: () => void;
  now: () => Date;
}

const EXCERPT_LENGTH = 140;

function summary(
  { lead, notification }: LeadWithDelivery,
  newReply: boolean,
  names: ReadonlyMap<number, string>,
): LeadSummary {
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
    newReply,
    owner: ownerShown(lead.owner_id, names),
  };
}

function timelineEntry(event: LeadEvent): TimelineEntry {
  return {
    id: event.id,
    at: event.at,
    by: event.actor,
    kind: event.kind,
    ...(event.from_status ? { from: event.from_status } : {}),
    ...(event.to_status ? { to: event.to_status } : {}),
    ...(event.text !== null ? { text: shownEventText(event.text) } : {}),
  };
}

/** One lead as the inbox shows it: its fields, files, timeline and deliveries. */
function leadDetail(options: LeadRoutesOptions) {
  const { leads, leadDeliveries, storage } = options;
  const files = leadFilesRead(storage.db);
  return async function detail(id: number): Promise<LeadDetail> {
    const [found, deliveries, attachments] = await Promise.all([
      leads.detail(id),
      leadDeliveries.ofLead(id),
      files.ofLead(id),
    ]);
    if (!found) throw notFound('This lead');
    const [unread, names] = await Promise.all([
      options.conversations.unreadAmong([id]),
      staffNames(options.accounts),
    ]);
    return {
      ...summary(found, unread.has(id), names),
      reference: found.lead.reference,
      fields: Object.fromEntries(quoteFields.map((name) => [name, found.lead[name]])),
      sourcePage: found.lead.source_page,
      timeline: found.events.map(timelineEntry),
      deliveries,
      attachments: attachments.map(({ id: fileId, name, size, mediaType, scan }) => ({
        id: fileId,
        name,
        size,
        mediaType,
        scan,
      })),
    };
  };
}

/** The inbox's list: a page of a view (and search, "New reply", "Mine"), the counts and banners. */
function leadList(options: LeadRoutesOptions): EndpointHandler<typeof leadEndpoints.list> {
  const { leads, leadDeliveries, conversations } = options;
  return async ({ query, staff }) => {
    const unreadLeads = await conversations.unreadLeads();
    const only = query.newReply ? unreadLeads : undefined;
    const ownerId = query.mine ? staff.account.id : undefined;
    const [page, counts, deadNotifications, disabled, names] = await Promise.all([
      leads.page({
        view: query.view,
        search: query.q,
        cursor: query.cursor,
        limit: INBOX_PAGE_SIZE,
        only,
        ownerId,
      }),
      leads.counts(),
      leads.deadNotifications(),
      leadDeliveries.disabledBySystem(),
      staffNames(options.accounts),
    ]);
    const unread = new Set(unreadLeads);
    return {
      leads: page.items.map((item) => summary(item, unread.has(item.lead.id), names)),
      nextCursor: page.nextCursor === null ? null : String(page.nextCursor),
      counts,
      deadNotifications,
      newReplies: unreadLeads.length,
      disabledIntegrations: disabled,
    };
  };
}

/** The inbox's leads: the list with its views and search, the CSV, one lead, deleting one. */
export async function leadRoutes(app: FastifyInstance, options: LeadRoutesOptions) {
  const { leads, conversations, activity, now } = options;
  const detail = leadDetail(options);

  registerEndpoint(app, leadEndpoints.list, leadList(options));

  registerEndpoint(app, leadEndpoints.exportCsv, async ({ query, staff: { account } }) => {
    const only = query.newReply ? await conversations.unreadLeads() : undefined;
    const ownerId = query.mine ? account.id : undefined;
    const rows = await leads.all({ view: query.view, search: query.q, only, ownerId });
    // The view and whether there was a search, never its words: the log outlives a Delete request.
    const ids = rows.map((lead) => lead.id);
    const what = `${rows.length} lead${rows.length === 1 ? '' : 's'} (${query.view}${query.q?.trim() ? ', with a search' : ''})`;
    await activity.record(
      { actor: account.email, action: 'export', summary: `Exported ${what} as CSV` },
      now(),
    );
    return {
      fileName: `leads-${query.view}-${now().toISOString().slice(0, 10)}.csv`,
      csv: leadsCsv(rows, await leads.filesOf(ids), await conversations.figuresOf(ids)),
    };
  });

  registerEndpoint(app, leadEndpoints.detail, async ({ params }) => detail(params.id));

  const files = leadFilesRead(options.storage.db);
  registerEndpoint(app, leadEndpoints.downloadAttachment, async ({ params }) => {
    const found = await files.download(params.id, params.attachmentId);
    if (!found) throw notFound('This file');
    const { file, content } = found;
    if (!isDownloadable(file.scan)) {
      throw new ApiProblem(
        409,
        'not-downloadable',
        file.scan === 'infected'
          ? `${file.name} cannot be downloaded: the virus scanner found a virus in it.`
          : `${file.name} cannot be downloaded yet: the virus scanner has not checked it. Try again later.`,
      );
    }
    return { fileName: file.name, mediaType: file.mediaType, size: file.size, content };
  });

  registerEndpoint(app, leadEndpoints.remove, async ({ params: { id }, staff }) => {
    const { account } = staff;
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
  });
}

/** What staff do with a lead: its status, a note, spam or not, its notification sent again. */
export async function leadWorkRoutes(app: FastifyInstance, options: LeadRoutesOptions) {
  const { leads, activity, now } = options;
  const detail = leadDetail(options);

  registerEndpoint(app, leadEndpoints.setStatus, async ({ params: { id }, body: { status }, staff }) => {
    const { account } = staff;
    const changed = await leads.setStatus(id, status, account.email);
    if (!changed) throw notFound('This lead');
    if (changed.from !== status) {
      // The integrations were told of it (lead.status_changed): their worker looks now.
      options.onQueued();
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

  registerEndpoint(app, leadEndpoints.addNote, async ({ params: { id }, body: { text }, staff }) => {
    const { account } = staff;
    if (!(await leads.addNote(id, text, account.email))) throw notFound('This lead');
    await activity.record(
      { actor: account.email, action: 'note-added', summary: `Lead #${id}: added a note`, leadId: id },
      now(),
    );
    return detail(id);
  });

  registerEndpoint(app, leadEndpoints.setSpam, async ({ params: { id }, body: { spam }, staff }) => {
    const { account } = staff;
    const changed = await leads.setSpam(id, spam, account.email);
    if (!changed) throw notFound('This lead');
    // Not spam may also have queued the integrations' lead.created.
    if (changed.queued || !spam) options.onQueued();
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

  registerEndpoint(app, leadEndpoints.retry, async ({ params: { id }, staff }) => {
    const { account } = staff;
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
}
