import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database-tables.ts';
import type { IncomingMail } from './incoming-mail.ts';
import { ORIGINAL_NAME } from './original-email.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';

/** What the IMAP server says of a message before it is fetched (FETCH RFC822.SIZE ENVELOPE). */
export interface MessageSummary {
  uid: number;
  /** RFC822.SIZE, in bytes. */
  size: number;
  envelope?:
    | {
        date?: Date;
        subject?: string;
        messageId?: string;
        inReplyTo?: string;
        from?: { name?: string; address?: string }[];
      }
    | undefined;
  /** The References header's lines, as fetched. */
  headers?: Buffer | undefined;
}

/** A message passed over, as the mailbox's health shows it. */
export interface UnreadableMessage {
  uid: number;
  size: number;
  from: string;
  subject: string;
  reason: string;
  /** The lead it is on (with its original attached), if it was matched to one. */
  leadId: number | null;
  at: string;
}

const MESSAGE_ID = /^<[^>\s]+>$/;

/**
 * A message that could not be read, as the conversation keeps it: what the server's ENVELOPE and the
 * References header say of it (enough to match its lead), and instead of its text why it was not
 * read, and where to find it. Its Message-ID is the envelope's, else one made from its place in the
 * mailbox, the same on every read.
 */
export function unreadableMail(
  summary: MessageSummary,
  reason: string,
  { uidValidity, originalKept }: { uidValidity: string; originalKept: boolean },
): IncomingMail {
  const envelope = summary.envelope ?? {};
  const from = envelope.from?.[0];
  const where = originalKept
    ? `The original is attached: download ${ORIGINAL_NAME} to open it in your mail program.`
    : 'Open it in the company mailbox.';
  const references = (summary.headers?.toString('latin1').match(/<[^<>\s]+>/g) ?? []).filter((id) =>
    MESSAGE_ID.test(id),
  );
  return {
    messageId:
      envelope.messageId && MESSAGE_ID.test(envelope.messageId.trim())
        ? envelope.messageId.trim()
        : `<unreadable.${uidValidity}.${summary.uid}@mailbox.invalid>`,
    inReplyTo: envelope.inReplyTo?.trim().match(/<[^<>\s]+>/)?.[0] ?? null,
    references,
    fromAddress: (from?.address ?? '').toLowerCase(),
    fromName: from?.name ?? '',
    subject: envelope.subject ?? '',
    date: envelope.date,
    body: `This email could not be read here: ${reason}. ${where}`,
    quoted: '',
    textCut: false,
    kind: 'answer',
    bouncedIds: [],
    attachments: [],
    // Its headers were not read: no mail server's sender check to trust (sender-check.ts).
    authenticationResults: [],
  };
}

/** Records a message passed over (once per mailbox, UIDVALIDITY and UID), in the batch's transaction. */
export async function recordUnreadable(
  trx: Transaction<Database>,
  at: Date,
  record: { mailbox: string; uidValidity: string; leadId: number | undefined; mail: IncomingMail } & Pick<
    UnreadableMessage,
    'uid' | 'size' | 'reason'
  >,
) {
  await tablesOf<ConversationTables>(trx)
    .insertInto('unreadable_mail')
    .values({
      mailbox: record.mailbox,
      uid_validity: record.uidValidity,
      uid: record.uid,
      size: record.size,
      from_address: record.mail.fromAddress,
      subject: record.mail.subject.slice(0, 500),
      reason: record.reason,
      quote_request_id: record.leadId ?? null,
      created_at: at.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(['mailbox', 'uid_validity', 'uid']).doNothing())
    .execute();
}

/** How many messages of the mailbox were passed over, and the latest few. */
export async function unreadableOf(
  db: Kysely<Database>,
  mailbox: string,
  latest = 5,
): Promise<{ count: number; latest: UnreadableMessage[] }> {
  const [count, rows] = await Promise.all([
    tablesOf<ConversationTables>(db)
      .selectFrom('unreadable_mail')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('mailbox', '=', mailbox)
      .executeTakeFirst(),
    tablesOf<ConversationTables>(db)
      .selectFrom('unreadable_mail')
      .selectAll()
      .where('mailbox', '=', mailbox)
      .orderBy('id', 'desc')
      .limit(latest)
      .execute(),
  ]);
  return {
    count: Number(count?.count ?? 0),
    latest: rows.map((row) => ({
      uid: Number(row.uid),
      size: Number(row.size),
      from: row.from_address,
      subject: row.subject,
      reason: row.reason,
      leadId: row.quote_request_id === null ? null : Number(row.quote_request_id),
      at: row.created_at,
    })),
  };
}
