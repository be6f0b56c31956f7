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

/** The DMARC results (RFC 8601) the company's mail server may write of what came in. */
export const DMARC_RESULTS = ['pass', 'fail', 'none', 'temperror', 'permerror'] as const;
export type DmarcResult = (typeof DMARC_RESULTS)[number];

/**
 * What the conversation says of a message whose sender is in doubt, in staff words: it failed the sender
 * check (DMARC, as the company's mail server wrote it), or it came from another address than the lead's.
 */
export function senderDoubts(message: {
  senderDmarc: DmarcResult | null;
  fromLead: boolean | null;
  authorEmail: string;
}): string[] {
  return [
    ...(message.senderDmarc === 'fail'
      ? ['Sender not verified: this mail failed the sender check (DMARC), so it may not be from who it says.']
      : []),
    ...(message.fromLead === false
      ? [`Sent from another address than the lead's: ${message.authorEmail || 'no address'}.`]
      : []),
  ];
}

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
