import { createReadStream } from 'node:fs';
import type { Transaction } from 'kysely';
import type { AttachmentProblem, ScanState } from '../../common/attachments.ts';
import type { Database } from '../db/database-tables.ts';
import type { ReceivedFile } from '../forms/upload-parser.ts';
import type { VirusScanner } from '../security/virus-scanner.ts';
import { databaseContent } from './attachment-content.ts';
import { checkAttachmentType } from './attachment-type.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { AttachmentTables } from './attachment-tables.ts';

/** A received file that passed every check, with what its row records. */
export interface LeadFile extends ReceivedFile {
  /** From its content (common/attachments.ts ATTACHMENT_KINDS), never the browser's word. */
  mediaType: string;
  scan: ScanState;
  /** The scanner's answer when it could not scan (pending), for the logs and the rescans. */
  scanResult: string | null;
  scannedAt: string | null;
}

export type FilesCheck =
  | { ok: true; files: LeadFile[] }
  /** `viruses`: the scanner's name for each virus found (for the activity log), in the files' order. */
  | { ok: false; problems: AttachmentProblem[]; viruses?: string[] };

/**
 * How long the scan of one request's files may take in all (not each): past it, the files not yet
 * scanned are kept "pending" (pending-scans.ts scans them later) and the visitor gets the answer.
 * The quote form counts it from the request's start, upload included: the page gives up at 20 s.
 */
export const REQUEST_SCAN_DEADLINE_MS = 15_000;

export interface ScanOptions {
  /** Aborted when the request's client is gone: the scan stops, and checkLeadFiles rejects with its reason. */
  signal?: AbortSignal | undefined;
  /** The one deadline of the whole scan (REQUEST_SCAN_DEADLINE_MS). */
  deadlineMs?: number;
}

/**
 * A file's content, opened only when the reader starts reading it: no stream ever exists without the
 * reader's error listener (a file removed under it is the reader's error, never the process's).
 */
async function* fileContent(path: string): AsyncIterable<Buffer> {
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) yield chunk;
}

const pendingFile = (file: LeadFile, reason: string): LeadFile => ({
  ...file,
  scan: 'pending',
  scanResult: reason,
});

/**
 * Scans each file (one at a time: clamd takes them in turn) under one deadline for them all; a virus
 * is a problem naming its file. Down, slow or refusing: the file is kept pending, and so are the
 * files left when the deadline passes. Rejects (with the signal's reason) once `signal` is aborted.
 */
async function scanFiles(
  files: readonly LeadFile[],
  scanner: VirusScanner,
  now: () => Date,
  { signal, deadlineMs = REQUEST_SCAN_DEADLINE_MS }: ScanOptions,
): Promise<FilesCheck> {
  const problems: AttachmentProblem[] = [];
  const viruses: string[] = [];
  const scanned: LeadFile[] = [];
  const deadline = new AbortController();
  const reason = `the files' scan took longer than ${deadlineMs} ms`;
  const timer = setTimeout(() => deadline.abort(new Error(reason)), Math.max(0, deadlineMs));
  if (deadlineMs <= 0) deadline.abort(new Error(reason));
  const stop = signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal;
  try {
    for (const file of files) {
      signal?.throwIfAborted();
      if (deadline.signal.aborted) {
        scanned.push(pendingFile(file, reason));
        continue;
      }
      const verdict = await scanner.scan(fileContent(file.path), stop);
      signal?.throwIfAborted();
      const at = now().toISOString();
      if (verdict.outcome === 'infected') {
        problems.push({ reason: 'virus', file: file.name });
        viruses.push(verdict.signature);
      } else if (verdict.outcome === 'clean') scanned.push({ ...file, scan: 'clean', scannedAt: at });
      // Down, slow or refusing: kept, and scanned again when the scanner is back (pending-scans.ts).
      else scanned.push(pendingFile(file, verdict.reason));
    }
  } finally {
    clearTimeout(timer);
  }
  return problems.length > 0 ? { ok: false, problems, viruses } : { ok: true, files: scanned };
}

/**
 * The checks of a quote request's files before anything is stored: each one's type from its
 * content (checkAttachmentType), every problem found, not only the first; then, if all of them
 * pass, the virus scan (without a scanner: "not-scanned"), under one deadline (ScanOptions).
 */
export async function checkLeadFiles(
  files: readonly ReceivedFile[],
  scanner: VirusScanner | undefined,
  now: () => Date = () => new Date(),
  scan: ScanOptions = {},
): Promise<FilesCheck> {
  const problems: AttachmentProblem[] = [];
  const checked: LeadFile[] = [];
  for (const file of files) {
    scan.signal?.throwIfAborted();
    const type = await checkAttachmentType(file);
    if (!type.ok) problems.push(type.problem);
    else
      checked.push({
        ...file,
        mediaType: type.kind.mediaType,
        scan: 'not-scanned',
        scanResult: null,
        scannedAt: null,
      });
  }
  if (problems.length > 0) return { ok: false, problems };
  return scanner ? scanFiles(checked, scanner, now, scan) : { ok: true, files: checked };
}

/**
 * Stores a lead's files in its transaction: a row each, in the order sent, and the content
 * streamed from the upload folder into the database in chunks. A file whose bytes are not all
 * there any more (the folder was cleaned under it) fails the transaction: no lead without its files.
 */
export async function storeLeadFiles(
  trx: Transaction<Database>,
  leadId: number,
  files: readonly LeadFile[],
  at: Date,
  /** Files that came later (an answer's): after the lead's others, and the message that brought them. */
  { firstPosition = 0, leadMessageId = null }: { firstPosition?: number; leadMessageId?: number | null } = {},
): Promise<void> {
  const content = databaseContent(trx);
  for (const [index, file] of files.entries()) {
    const position = firstPosition + index;
    const row = await tablesOf<AttachmentTables>(trx)
      .insertInto('lead_attachments')
      .values({
        quote_request_id: leadId,
        position,
        name: file.name,
        size: file.size,
        media_type: file.mediaType,
        sha256: file.sha256,
        scan: file.scan,
        scan_result: file.scanResult,
        scanned_at: file.scannedAt,
        scan_claimed_until: null,
        created_at: at.toISOString(),
        lead_message_id: leadMessageId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const written = await content.write(trx, row.id, fileContent(file.path));
    if (written !== file.size) throw new Error(`${file.name}: ${written} of ${file.size} bytes stored`);
  }
}

/** Files that came later with a message (an answer's): stored after the lead's others, naming the message. */
export async function storeMessageFiles(
  trx: Transaction<Database>,
  leadId: number,
  files: readonly LeadFile[],
  at: Date,
  leadMessageId: number,
): Promise<void> {
  const last = await tablesOf<AttachmentTables>(trx)
    .selectFrom('lead_attachments')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('quote_request_id', '=', leadId)
    .executeTakeFirst();
  const firstPosition =
    last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
  await storeLeadFiles(trx, leadId, files, at, { firstPosition, leadMessageId });
}
