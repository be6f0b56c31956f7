/**
 * A lead's conversation, as the inbox words it: what each kind of message is called, and the
 * placeholders of saved replies. Constants and pure functions only (no zod), so any side may import it.
 */

/** The kinds of message of a conversation besides the request and the notes (server: lead_messages.kind). */
export const MESSAGE_KINDS = ['reply', 'answer', 'auto-reply', 'bounce'] as const;
export type MessageKindName = (typeof MESSAGE_KINDS)[number];

export const messageKindLabels: Record<MessageKindName, string> = {
  reply: 'Reply',
  answer: 'Answer',
  'auto-reply': 'Automatic reply',
  bounce: 'Delivery report',
};

/** The longest reply staff may send, in characters. */
export const REPLY_MAX_LENGTH = 20_000;

/** A saved reply's text for one lead: {name} becomes the lead's name, {reference} its reference. */
export function fillSavedReply(body: string, lead: { name: string; reference: string }): string {
  return body.replaceAll('{name}', lead.name).replaceAll('{reference}', lead.reference);
}

/** The subject of every reply about a lead: the reference is always in it. */
export function replySubject(reference: string): string {
  return `Re: Your quote request ${reference}`;
}
