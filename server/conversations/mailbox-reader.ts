import type { ImapFlow } from 'imapflow';
import type { Storage } from '../db/database.ts';
import { checkAnswerFiles, type AnswerFiles, type AnswerFilesOptions } from './answer-files.ts';
import type { IncomingMail } from './incoming-mail.ts';
import { UnreadableMail, type MailParser, type ParsedMessage } from './mail-parser.ts';
import { holdsLease } from './mailbox-lease.ts';
import { matchLead } from './match-lead.ts';
import { keepOriginal, ORIGINAL_NAME, withOriginal } from './original-email.ts';
import { receiveMail } from './receive-mail.ts';
import type { StaffRecipient } from './store-incoming.ts';
import { recordUnreadable, unreadableMail, type MessageSummary } from './unreadable-mail.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { ConversationTables } from './conversation-tables.ts';

/** Messages read and written per transaction, at most. */
const BATCH = 50;
/** The bytes fetched per transaction, at most: a message larger than this is fetched on its own. */
const BATCH_BYTES = 4 * 1024 * 1024;
/** A message larger than this is not fetched at all: passed over as unreadable (MAX_MESSAGE_BYTES). */
const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;

export interface ReadOptions {
  storage: Pick<Storage, 'db' | 'write'>;
  mailbox: string;
  holder: string;
  now: () => Date;
  staff: () => Promise<readonly StaffRecipient[]>;
  mailDomain: string;
  /** IMAP_AUTHSERV_ID: whose Authentication-Results are trusted (sender-check.ts). */
  authservId?: string;
  /** How answers' files are checked (the quote form's limits and scanner). */
  files?: AnswerFilesOptions;
  /** Reads each message off the server's thread, within a time and a memory limit. */
  parser: MailParser;
  /** Messages larger than this are passed over unfetched: MAX_MESSAGE_BYTES. */
  maxMessageBytes?: number;
}

/**
 * One message read: the mail, and its files once checked (an answer of one of our leads only), with
 * its original when what is shown is not all of it; why it was passed over, if it was.
 */
interface ReadMessage {
  uid: number;
  mail: IncomingMail;
  files?: AnswerFiles;
  unreadable?: { size: number; reason: string };
}

export interface ReadResult {
  read: number;
  stored: number;
  /** The mailbox's UIDVALIDITY changed since the last read: everything was read again. */
  uidValidityChanged: boolean;
}

/** Where the last read stopped; 0 when the UIDVALIDITY is new (its UIDs mean other messages). */
async function startAfter(options: ReadOptions, uidValidity: string) {
  const state = await tablesOf<ConversationTables>(options.storage.db)
    .selectFrom('mailbox_state')
    .select(['uid_validity', 'last_uid'])
    .where('mailbox', '=', options.mailbox)
    .executeTakeFirst();
  const known = state?.uid_validity ?? '';
  if (known === uidValidity) return { lastUid: Number(state?.last_uid ?? 0), changed: false };
  return { lastUid: 0, changed: known !== '' };
}

/** Writes one batch and the new last UID together, only while this instance holds the lease. */
async function writeBatch(
  options: ReadOptions,
  batch: ReadMessage[],
  state: { uidValidity: string; lastUid: number },
): Promise<number> {
  const staff = await options.staff();
  const at = options.now();
  return options.storage.write.run(async (trx) => {
    if (!(await holdsLease(trx, { mailbox: options.mailbox, holder: options.holder, now: at })))
      throw new Error('the mailbox lease was lost: another instance watches the mailbox');
    let stored = 0;
    for (const { uid, mail, files, unreadable } of batch) {
      const received = await receiveMail(
        trx,
        mail,
        { at, staff, mailDomain: options.mailDomain, authservId: options.authservId },
        files,
      );
      if (received.stored) stored += 1;
      if (unreadable) {
        const { mailbox } = options;
        const record = { mailbox, uidValidity: state.uidValidity, leadId: received.leadId, mail, uid };
        await recordUnreadable(trx, at, { ...record, ...unreadable });
      }
    }
    await tablesOf<ConversationTables>(trx)
      .updateTable('mailbox_state')
      .set({ uid_validity: state.uidValidity, last_uid: state.lastUid, updated_at: at.toISOString() })
      .where('mailbox', '=', options.mailbox)
      .execute();
    return stored;
  });
}

/** The note under a text that was cut. */
const CUT_NOTE = `[This email is too long to show here in full: download ${ORIGINAL_NAME} to read all of it.]`;

/**
 * A message as read (on the parser's thread), its files checked and scanned before the batch's
 * transaction: only a client's answer that matches a lead (a stranger's files are never written
 * anywhere). A text cut short keeps the original with the lead; a message the parser gives up on is
 * passed over as unreadable.
 */
async function readMessage(
  options: ReadOptions,
  summary: MessageSummary,
  source: Buffer,
  uidValidity: string,
) {
  const { uid } = summary;
  let parsed: ParsedMessage;
  try {
    parsed = await options.parser.parse(source);
  } catch (error) {
    if (!(error instanceof UnreadableMail)) throw error;
    return passOver(options, summary, error.message, { source, uidValidity });
  }
  const { mail, sha256 } = parsed;
  const checkFiles = mail.kind === 'answer' && mail.attachments.length > 0;
  if (!checkFiles && !mail.textCut) return { uid, mail };
  if ((await matchLead(options.storage.db, mail)) === undefined) return { uid, mail };
  const files = checkFiles ? await checkAnswerFiles(mail, { now: options.now, ...options.files }) : undefined;
  if (!mail.textCut) return { uid, mail, files };
  const original = await keepOriginal(source, { now: options.now, ...options.files }, sha256);
  return {
    uid,
    mail: { ...mail, body: `${mail.body}\n\n${CUT_NOTE}` },
    files: withOriginal(files, original),
  };
}

/** A message passed over: on its lead (with its original, when fetched) if its headers match one. */
async function passOver(
  options: ReadOptions,
  summary: MessageSummary,
  reason: string,
  { source, uidValidity }: { source: Buffer | undefined; uidValidity: string },
): Promise<ReadMessage> {
  const unreadable = { size: summary.size, reason };
  const bare = unreadableMail(summary, reason, { uidValidity, originalKept: false });
  if (!source || (await matchLead(options.storage.db, bare)) === undefined)
    return { uid: summary.uid, mail: bare, unreadable };
  const files = await keepOriginal(source, { now: options.now, ...options.files });
  const mail = unreadableMail(summary, reason, { uidValidity, originalKept: files.kept.length > 0 });
  return { uid: summary.uid, mail, files, unreadable };
}

/** Writes a batch, then removes its files' copies on disk, stored or not. */
async function writeAndClean(
  options: ReadOptions,
  batch: ReadMessage[],
  state: { uidValidity: string; lastUid: number },
) {
  try {
    return await writeBatch(options, batch, state);
  } finally {
    await Promise.all(batch.map((message) => message.files?.cleanup()));
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** What the server says of these messages before any is fetched: size, envelope, References. */
async function summaries(client: ImapFlow, uids: readonly number[]): Promise<MessageSummary[]> {
  const found: MessageSummary[] = [];
  const query = { uid: true, size: true, envelope: true, headers: ['references'] };
  for await (const message of client.fetch(uids.join(','), query, { uid: true }))
    found.push({
      uid: message.uid,
      size: message.size ?? 0,
      envelope: message.envelope,
      headers: message.headers,
    });
  return found.sort((a, b) => a.uid - b.uid);
}

/** The messages in groups of at most BATCH messages and BATCH_BYTES (a larger message alone). */
function groups(found: readonly MessageSummary[], maxMessageBytes: number): MessageSummary[][] {
  const all: MessageSummary[][] = [];
  let group: MessageSummary[] = [];
  let bytes = 0;
  for (const summary of found) {
    const size = summary.size > maxMessageBytes ? 0 : summary.size;
    if (group.length > 0 && (group.length >= BATCH || bytes + size > BATCH_BYTES)) {
      all.push(group);
      group = [];
      bytes = 0;
    }
    group.push(summary);
    bytes += size;
  }
  if (group.length > 0) all.push(group);
  return all;
}

/** Fetches a group's messages (not those too large) and reads each; a message gone meanwhile is skipped. */
async function readGroup(
  client: ImapFlow,
  options: ReadOptions,
  group: readonly MessageSummary[],
  uidValidity: string,
): Promise<ReadMessage[]> {
  const maxBytes = options.maxMessageBytes ?? MAX_MESSAGE_BYTES;
  const wanted = group.filter((summary) => summary.size <= maxBytes).map((summary) => summary.uid);
  const sources = new Map<number, Buffer>();
  if (wanted.length > 0)
    for await (const message of client.fetch(wanted.join(','), { uid: true, source: true }, { uid: true }))
      if (message.source) sources.set(message.uid, message.source);
  const batch: ReadMessage[] = [];
  try {
    for (const summary of group) {
      const source = sources.get(summary.uid);
      sources.delete(summary.uid);
      if (summary.size > maxBytes) {
        const reason = `it is too large to read here (${megabytes(summary.size)}; the most is ${megabytes(maxBytes)})`;
        batch.push(await passOver(options, summary, reason, { source: undefined, uidValidity }));
      } else if (source) batch.push(await readMessage(options, summary, source, uidValidity));
    }
  } catch (error) {
    await Promise.all(batch.map((read) => read.files?.cleanup()));
    throw error;
  }
  return batch;
}

/**
 * Reads what is new in the open mailbox (opened read-only: BODY.PEEK, no flag is ever set), after the
 * last UID handled. First the sizes (RFC822.SIZE): messages are fetched in batches of at most 50 and
 * 4 MB (a larger one on its own; one over maxMessageBytes not at all), each read on the parser's
 * thread; each batch's answers and the new last UID are written together, so a restart goes on where
 * it stopped, and a crash mid-batch reads the batch again (stored once anyway). A message that cannot
 * be read is recorded as unreadable and passed over: the last UID always moves on.
 */
export async function readNewMessages(client: ImapFlow, options: ReadOptions): Promise<ReadResult> {
  const opened = client.mailbox;
  if (!opened) throw new Error('no mailbox is open');
  const uidValidity = String(opened.uidValidity);
  const { lastUid, changed } = await startAfter(options, uidValidity);
  const result: ReadResult = { read: 0, stored: 0, uidValidityChanged: changed };
  if (opened.exists === 0) {
    if (changed) await writeBatch(options, [], { uidValidity, lastUid });
    return result;
  }
  // "N:*" names the last message even when its UID is below N.
  const found = await client.search({ uid: `${lastUid + 1}:*` }, { uid: true });
  const uids = (found || []).filter((uid) => uid > lastUid).sort((a, b) => a - b);
  for (let i = 0; i < uids.length; i += BATCH) {
    const slice = uids.slice(i, i + BATCH);
    const sliceEnd = slice[slice.length - 1] ?? lastUid;
    const all = groups(await summaries(client, slice), options.maxMessageBytes ?? MAX_MESSAGE_BYTES);
    if (all.length === 0) await writeBatch(options, [], { uidValidity, lastUid: sliceEnd });
    for (const [index, group] of all.entries()) {
      const batch = await readGroup(client, options, group, uidValidity);
      const last = index === all.length - 1 ? sliceEnd : (group[group.length - 1]?.uid ?? lastUid);
      result.stored += await writeAndClean(options, batch, { uidValidity, lastUid: last });
      result.read += batch.length;
    }
  }
  if (uids.length === 0 && changed) await writeBatch(options, [], { uidValidity, lastUid });
  return result;
}
