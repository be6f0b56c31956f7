/**
 * A lead's conversation (docs/conversations.md): what the lead's page shows in time order (the request,
 * replies sent, answers received, notes), sending a reply through the outbox, marking answers read, and
 * the saved replies staff insert into the Reply field (Settings → Saved replies).
 */
import { z } from 'zod';
import { SCAN_STATES } from '../attachments.ts';
import { DMARC_RESULTS, MESSAGE_KINDS, REPLY_MAX_LENGTH } from '../conversation.ts';
import { endpoint, idParams, noContent } from './endpoint.ts';

/**
 * What became of a reply's email: waiting (queued or retried: attempts and the last error), sent,
 * kept (no SMTP_URL: written, not sent), dead (given up: the last error), cancelled (withdrawn).
 */
const replyDelivery = z.object({
  state: z.enum(['waiting', 'sent', 'kept', 'dead', 'cancelled']),
  attempts: z.number(),
  lastError: z.string().nullable(),
});
export type ReplyDelivery = z.infer<typeof replyDelivery>;

const conversationEntry = z.discriminatedUnion('type', [
  /** The visitor's request, from the quote form. */
  z.object({ type: z.literal('request'), at: z.string(), name: z.string(), text: z.string() }),
  /** A note of staff: internal, never sent. */
  z.object({
    type: z.literal('note'),
    id: z.number(),
    at: z.string(),
    by: z.string().nullable(),
    text: z.string(),
  }),
  /** A reply sent (out), or what came back (in): an answer, an automatic reply, a delivery report. */
  z.object({
    type: z.literal('message'),
    id: z.number(),
    at: z.string(),
    direction: z.enum(['out', 'in']),
    kind: z.enum(MESSAGE_KINDS),
    authorName: z.string(),
    authorEmail: z.string(),
    subject: z.string(),
    text: z.string(),
    /** What it quoted, folded behind "Show quoted text"; '' when none. */
    quotedText: z.string(),
    /** An answer nobody has opened yet: false. Always true for what was sent. */
    read: z.boolean(),
    /** A reply a delivery report named: when it came ("Not delivered"); null otherwise. */
    bouncedAt: z.string().nullable(),
    /** What came in: the DMARC result the company's mail server wrote; null when none is trusted or sent. */
    senderDmarc: z.enum(DMARC_RESULTS).nullable(),
    /** What came in (not a delivery report): from the lead's own address or not; null otherwise. */
    fromLead: z.boolean().nullable(),
    /** A reply's email as the outbox holds it; null for what came in. */
    delivery: replyDelivery.nullable(),
    /** The files an answer brought, kept with the lead (downloaded as the lead's other files). */
    files: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        size: z.number(),
        mediaType: z.string(),
        scan: z.enum(SCAN_STATES),
      }),
    ),
    /**
     * The website's word on the files an answer brought, one line each ("setup.exe was not kept: it
     * contains a virus."): shown beside the message, never as the client's text.
     */
    fileNotes: z.array(z.string()),
  }),
]);
export type ConversationEntry = z.infer<typeof conversationEntry>;

const conversation = z.object({
  entries: z.array(conversationEntry),
  /** IMAP_URL is set: answers are read from the company mailbox and shown here. */
  mailboxConnected: z.boolean(),
});
export type Conversation = z.infer<typeof conversation>;

/** The one check of a reply, on the page before it is sent and on the server. */
const newReply = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Write your reply first.')
    .max(REPLY_MAX_LENGTH, `A reply can be at most ${REPLY_MAX_LENGTH.toLocaleString('en-IN')} characters.`),
});

const savedReply = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type SavedReplyEntry = z.infer<typeof savedReply>;

const savedReplyInput = z.object({
  title: z.string().trim().min(1, 'Give it a title.').max(100, 'A title can be at most 100 characters.'),
  body: z
    .string()
    .trim()
    .min(1, 'Write the text.')
    .max(REPLY_MAX_LENGTH, `The text can be at most ${REPLY_MAX_LENGTH.toLocaleString('en-IN')} characters.`),
});

const savedReplies = z.object({ savedReplies: z.array(savedReply) });

export const conversationEndpoints = {
  show: endpoint({
    method: 'GET',
    path: '/leads/:id/conversation',
    access: 'staff',
    params: idParams,
    reply: conversation,
    errors: ['not-found'],
  }),
  /** Queues the reply (first reply to a New lead: Contacted). A spam lead is answered only once not spam. */
  sendReply: endpoint({
    method: 'POST',
    path: '/leads/:id/replies',
    access: 'staff',
    params: idParams,
    body: newReply,
    reply: conversation,
    errors: ['not-found', 'spam-lead', 'no-address'],
  }),
  /** The lead's answers have been seen: its "New reply" clears. */
  markRead: endpoint({
    method: 'POST',
    path: '/leads/:id/conversation/read',
    access: 'staff',
    params: idParams,
    reply: conversation,
    errors: ['not-found'],
  }),
  savedReplies: endpoint({ method: 'GET', path: '/saved-replies', access: 'staff', reply: savedReplies }),
  createSavedReply: endpoint({
    method: 'POST',
    path: '/saved-replies',
    access: 'admin',
    body: savedReplyInput,
    reply: savedReplies,
  }),
  updateSavedReply: endpoint({
    method: 'POST',
    path: '/saved-replies/:id',
    access: 'admin',
    params: idParams,
    body: savedReplyInput,
    reply: savedReplies,
    errors: ['not-found'],
  }),
  removeSavedReply: endpoint({
    method: 'DELETE',
    path: '/saved-replies/:id',
    access: 'admin',
    params: idParams,
    reply: noContent,
    replyAs: 'no-content',
    errors: ['not-found'],
  }),
};
