import type { ImapFlow } from 'imapflow';
import type { Storage } from '../db/database.ts';
import { checkAnswerFiles, type AnswerFiles, type AnswerFilesOptions } from './answer-files.ts';
import { parseIncomingMail, type IncomingMail } from './incoming-mail.ts';
import { holdsLease } from './mailbox-lease.ts';
import { matchLead } from './match-lead.ts';
import { receiveMail } from './receive-mail.ts';
import type { StaffRecipient } from './store-incoming.ts';

/** Messages read and written per transaction. */
const BATCH = 50;

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
}

/** One message read: the mail, and its files once checked (an answer of one of our leads only). */
interface ReadMessage {
  uid: number;
  mail: IncomingMail;
  files?: AnswerFiles;
}

export interface ReadResult {
  read: number;
  stored: number;
  /** The mailbox's UIDVALIDITY changed since the last read: everything was read again. */
  uidValidityChanged: boolean;
}

/** Where the last read stopped; 0 when the UIDVALIDITY is new (its UIDs mean other messages). */
async function startAfter(options: ReadOptions, uidValidity: string) {
  const state = await options.storage.db
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
    for (const { mail, files } of batch) {
      const received = await receiveMail(
        trx,
        mail,
        { at, staff, mailDomain: options.mailDomain, authservId: options.authservId },
        files,
      );
      if (received.stored) stored += 1;
    }
    await trx
      .updateTable('mailbox_state')
      .set({ uid_validity: state.uidValidity, last_uid: state.lastUid, updated_at: at.toISOString() })
      .where('mailbox', '=', options.mailbox)
      .execute();
    return stored;
  });
}

/**
 * A message as read, its files checked and scanned before the batch's transaction: only a client's
 * answer that matches a lead (a stranger's files are never written anywhere).
 */
async function readMessage(options: ReadOptions, uid: number, source: Buffer): Promise<ReadMessage> {
  const mail = await parseIncomingMail(source);
  if (mail.kind !== 'answer' || mail.attachments.length === 0) return { uid, mail };
  if ((await matchLead(options.storage.db, mail)) === undefined) return { uid, mail };
  return { uid, mail, files: await checkAnswerFiles(mail, { now: options.now, ...options.files }) };
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

/**
 * Reads what is new in the open mailbox (opened read-only: BODY.PEEK, no flag is ever set), after the
 * last UID handled, in batches: each batch's answers and the new last UID are written together, so a
 * restart goes on where it stopped, and a crash mid-batch reads the batch again (stored once anyway).
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
    const batch: ReadMessage[] = [];
    try {
      for await (const message of client.fetch(slice.join(','), { uid: true, source: true }, { uid: true })) {
        if (message.source) batch.push(await readMessage(options, message.uid, message.source));
      }
    } catch (error) {
      await Promise.all(batch.map((read) => read.files?.cleanup()));
      throw error;
    }
    const last = slice[slice.length - 1] ?? lastUid;
    result.stored += await writeAndClean(options, batch, { uidValidity, lastUid: last });
    result.read += batch.length;
  }
  if (uids.length === 0 && changed) await writeBatch(options, [], { uidValidity, lastUid });
  return result;
}
