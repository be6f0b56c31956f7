import type { Generated, Selectable } from 'kysely';
import type { DmarcResult } from '../../common/conversation.ts';

/** What one message of a lead's conversation is (common/conversation.ts words them for staff). */
type LeadMessageKind =
  /** A staff member's reply, sent from the inbox through the outbox. */
  | 'reply'
  /** The client's answer, read from the company mailbox (IMAP_URL). */
  | 'answer'
  /** An automatic answer (out of office, Auto-Submitted): shown, never counted as the client's answer. */
  | 'auto-reply'
  /** A delivery report (DSN) about one of our replies: that reply was not delivered. */
  | 'bounce';

/**
 * One message of a lead's conversation besides the request itself (quote_requests) and the notes
 * (lead_events): replies out, answers in. Deleted with the lead (on delete cascade).
 */
interface LeadMessagesTable {
  id: Generated<number>;
  quote_request_id: number;
  direction: 'out' | 'in';
  kind: LeadMessageKind;
  /** The Message-ID, with its angle brackets: ours for a reply, the sender's for what came in. */
  message_id: string;
  /** The message it answers (In-Reply-To), if any. */
  in_reply_to: string | null;
  /** The thread's Message-IDs before it (References), space-separated; '' when none. */
  references: string;
  /** Who wrote it: the staff account's email for a reply, the From address for what came in. */
  author_email: string;
  /** The display name: the staff member's name, or the From name. */
  author_name: string;
  subject: string;
  /** The new text (plain text; an HTML-only mail converted, never HTML). */
  body_text: string;
  /** What the message quoted (folded behind "Show quoted text"); '' when none. */
  quoted_text: string;
  /**
   * The server's word on an answer's files, one line each ("setup.exe was not kept: it contains a
   * virus."), shown beside the message, never in the client's text; '' when none (2026-11-29-745).
   */
  file_notes: Generated<string>;
  /** When it was sent (a reply: queued) or received (the Date header, else when it was read). */
  created_at: string;
  /** An answer that no one has opened yet: null; then when it was first seen on the lead's page. */
  read_at: string | null;
  /** A reply a bounce named: when the bounce arrived; null otherwise. */
  bounced_at: string | null;
  /**
   * What came in: the DMARC result the company's mail server wrote in its Authentication-Results
   * (IMAP_AUTHSERV_ID's; sender-check.ts): 'fail' is shown as "Sender not verified". Null: none to trust.
   */
  sender_dmarc: DmarcResult | null;
  /** An answer or automatic reply: 1 from the lead's own address, 0 from another; null otherwise. */
  sender_is_lead: number | null;
}

/** Where the mailbox watcher stands: one row per mailbox (its IMAP_URL without the password). */
interface MailboxStateTable {
  mailbox: string;
  uid_validity: string;
  /** The highest UID read and handled; the next pass starts after it. */
  last_uid: number;
  updated_at: string;
  /** The instance that watches the mailbox (one at a time), until lease_expires_at (2026-11-28-721). */
  lease_holder: string | null;
  lease_expires_at: string | null;
}

/**
 * A message of the mailbox the watcher could not read and passed over (unreadable-mail.ts): what the
 * mailbox's health shows staff. A lead's is also on its conversation, with the original attached.
 */
interface UnreadableMailTable {
  id: Generated<number>;
  mailbox: string;
  uid_validity: string;
  uid: number;
  /** RFC822.SIZE, in bytes. */
  size: number;
  /** From the IMAP server's ENVELOPE: '' when it has none. */
  from_address: string;
  subject: string;
  /** Why, in staff words: "it is too large to read here (62 MB; the most is 40 MB)". */
  reason: string;
  /** The lead it was matched to (its headers), if any. */
  quote_request_id: number | null;
  created_at: string;
}

/** Settings → Saved replies: texts staff insert into the Reply field ({name} and {reference} filled in). */
interface SavedRepliesTable {
  id: Generated<number>;
  title: string;
  body: string;
  created_at: string;
  updated_at: string;
}

export type LeadMessage = Selectable<LeadMessagesTable>;
export type SavedReply = Selectable<SavedRepliesTable>;

/** The conversations' tables: only this folder views the database with them (docs/decisions/061-table-types-owned-by-their-feature.md). */
export interface ConversationTables {
  lead_messages: LeadMessagesTable;
  mailbox_state: MailboxStateTable;
  unreadable_mail: UnreadableMailTable;
  saved_replies: SavedRepliesTable;
}
