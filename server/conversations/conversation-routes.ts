import type { FastifyInstance } from 'fastify';
import { conversationEndpoints } from '../../common/inbox-api/conversation-endpoints.ts';
import type { Conversations } from './conversation-repository.ts';
import { conversationEntries } from './conversation-view.ts';
import type { LeadRepository } from '../leads/lead-repository.ts';
import type { ActivityLog } from '../accounts/activity-log.ts';
import { ApiProblem, notFound } from '../accounts/api-problem.ts';
import { registerEndpoint } from '../accounts/register-endpoint.ts';

export interface ConversationRoutesOptions {
  leads: LeadRepository;
  conversations: Conversations;
  activity: ActivityLog;
  /** IMAP_URL is set: answers are read from the mailbox. */
  mailboxConnected: boolean;
  onQueued: () => void;
  now: () => Date;
}

const REFUSALS = {
  'spam-lead': 'This lead is marked as spam: mark it as not spam before you answer it.',
  'no-address': 'This lead gave no email address a reply can be sent to.',
} as const;

/** A lead's conversation: the request, notes, replies and answers in time order. */
function conversationOf({ leads, conversations, mailboxConnected }: ConversationRoutesOptions) {
  return async (id: number) => {
    const [found, thread] = await Promise.all([leads.detail(id), conversations.thread(id)]);
    if (!found) throw notFound('This lead');
    const notes = found.events.filter((event) => event.kind === 'note');
    return { entries: conversationEntries({ lead: found.lead, notes }, thread), mailboxConnected };
  };
}

/** The conversation of a lead: reading it, replying, marking answers read. */
export async function conversationRoutes(app: FastifyInstance, options: ConversationRoutesOptions) {
  const { conversations, activity, now } = options;
  const conversation = conversationOf(options);

  registerEndpoint(app, conversationEndpoints.show, async ({ params }) => conversation(params.id));

  registerEndpoint(app, conversationEndpoints.sendReply, async ({ params: { id }, body, staff }) => {
    const { account } = staff;
    const outcome = await conversations.sendReply({ leadId: id, text: body.text, actor: account.email });
    if ('refused' in outcome) {
      if (outcome.refused === 'not-found') throw notFound('This lead');
      throw new ApiProblem(409, outcome.refused, REFUSALS[outcome.refused]);
    }
    options.onQueued();
    await activity.record(
      { actor: account.email, action: 'reply-sent', summary: `Lead #${id}: sent a reply`, leadId: id },
      now(),
    );
    return conversation(id);
  });

  registerEndpoint(app, conversationEndpoints.markRead, async ({ params: { id } }) => {
    const found = await conversation(id);
    await conversations.markRead(id);
    return conversation(id).catch(() => found);
  });
}

/** Settings → Saved replies. */
export async function savedReplyRoutes(app: FastifyInstance, { conversations }: ConversationRoutesOptions) {
  const saved = conversations.savedReplies;
  const list = async () => ({
    savedReplies: (await saved.list()).map((row) => ({
      id: row.id,
      title: row.title,
      body: row.body,
      updatedAt: row.updated_at,
    })),
  });
  registerEndpoint(app, conversationEndpoints.savedReplies, list);
  registerEndpoint(app, conversationEndpoints.createSavedReply, async ({ body }) => {
    await saved.create(body);
    return list();
  });
  registerEndpoint(app, conversationEndpoints.updateSavedReply, async ({ params, body }) => {
    if (!(await saved.update(params.id, body))) throw notFound('This saved reply');
    return list();
  });
  registerEndpoint(app, conversationEndpoints.removeSavedReply, async ({ params }) => {
    if (!(await saved.remove(params.id))) throw notFound('This saved reply');
  });
}
