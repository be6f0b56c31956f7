import type { ConversationEntry, ReplyDelivery } from '../../common/inbox-api/conversation-endpoints.ts';
import type { OutboxRow } from '../outbox/outbox-table.ts';
import type { ThreadMessage } from './conversation-repository.ts';

/** What the conversation shows of the request and the notes (the quote feature's rows). */
export interface RequestAndNotes {
  lead: { created_at: string; name: string; message: string };
  notes: readonly { id: number; at: string; actor: string | null; text: string | null }[];
}

/** What became of a reply's email, from its outbox row. */
function replyDelivery(row: OutboxRow): ReplyDelivery {
  const state =
    row.status === 'sent'
      ? row.delivered_via === 'file' || row.delivered_via === 'database'
        ? 'kept'
        : 'sent'
      : row.status === 'dead' || row.status === 'cancelled'
        ? row.status
        : 'waiting';
  return { state, attempts: row.attempts, lastError: row.last_error };
}

function messageEntry({ message, email, files }: ThreadMessage): ConversationEntry {
  return {
    type: 'message',
    id: message.id,
    at: message.created_at,
    direction: message.direction,
    kind: message.kind,
    authorName: message.author_name,
    authorEmail: message.author_email,
    subject: message.subject,
    text: message.body_text,
    quotedText: message.quoted_text,
    read: message.direction === 'out' || message.read_at !== null,
    bouncedAt: message.bounced_at,
    senderDmarc: message.sender_dmarc,
    fromLead: message.sender_is_lead === null ? null : Number(message.sender_is_lead) === 1,
    delivery: message.direction === 'out' && email ? replyDelivery(email) : null,
    files,
    fileNotes: message.file_notes === '' ? [] : message.file_notes.split('\n'),
  };
}

/**
 * The conversation as the lead's page shows it: the request first, then replies, answers and notes in
 * time order (a note and a message at the same instant: the note first).
 */
export function conversationEntries({ lead, notes }: RequestAndNotes, thread: readonly ThreadMessage[]) {
  const request: ConversationEntry = {
    type: 'request',
    at: lead.created_at,
    name: lead.name,
    text: lead.message,
  };
  const later: ConversationEntry[] = [
    ...notes.map((note): ConversationEntry => ({
      type: 'note',
      id: note.id,
      at: note.at,
      by: note.actor,
      text: note.text ?? '',
    })),
    ...thread.map(messageEntry),
  ];
  // A stable sort: notes keep their order, then messages theirs, where times are equal.
  later.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return [request, ...later];
}
