import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_ATTACHMENT_LIMITS,
  formatFileSize,
  type AttachmentLimits,
  type AttachmentProblem,
} from '../../common/attachments.ts';
import { checkLeadFiles, type LeadFile } from '../attachments/lead-files-intake.ts';
import { cleanFileName } from '../forms/upload-name.ts';
import type { VirusScanner } from '../security/virus-scanner.ts';
import type { IncomingMail } from './incoming-mail.ts';

/** How an answer's files are checked: the quote form's limits, checks and scanner (none: not scanned). */
export interface AnswerFilesOptions {
  scanner?: VirusScanner | undefined;
  limits?: AttachmentLimits;
  now?: () => Date;
}

/** An answer's files after the checks: those to keep with the lead, and a sentence for each refused. */
export interface AnswerFiles {
  kept: LeadFile[];
  refused: string[];
  /** Removes the files' copies on disk (once stored, or not). */
  cleanup(): Promise<void>;
}

/** Why a file was not kept, after "<name> was not kept: ". */
function reasonOf(problem: AttachmentProblem): string {
  switch (problem.reason) {
    case 'type':
      return 'not a file we accept';
    case 'empty':
      return 'it is empty';
    case 'content':
      return `not really ${/^[AEIOU]/i.test(problem.kind) ? 'an' : 'a'} ${problem.kind} file`;
    case 'macros':
      return 'it contains macros';
    case 'archive':
      return 'it holds too many parts, an archive, or parts far larger than itself';
    case 'virus':
      return 'it contains a virus';
    case 'too-large':
      return `larger than ${formatFileSize(problem.limit)}`;
    case 'too-many':
      return `more than ${problem.limit} files on one message`;
    case 'total-too-large':
      return `the files together would be more than ${formatFileSize(problem.limit)}`;
    // The quote form's own (upload-parts.ts); a mail's files are read otherwise.
    case 'unnamed':
    case 'name':
      return 'its name could not be read';
    case 'field':
      return 'not sent as an attachment';
  }
}

/** The limits of one message, in the order the files came: past one, that file is refused. */
function overLimit(
  size: number,
  counted: { files: number; bytes: number },
  limits: AttachmentLimits,
): AttachmentProblem | undefined {
  if (counted.files >= limits.maxFiles) return { reason: 'too-many', limit: limits.maxFiles };
  if (size > limits.maxFileBytes) return { reason: 'too-large', file: '', limit: limits.maxFileBytes };
  if (counted.bytes + size > limits.maxTotalBytes)
    return { reason: 'total-too-large', limit: limits.maxTotalBytes };
  return undefined;
}

/**
 * Checks an answer's files as the quote form's are checked (checkLeadFiles: the type from the
 * content, then the scan), each on its own: a refused file does not cost the others. The limits of
 * ATTACHMENT_MAX_* hold per message. Each file waits in a folder of its own until it is stored.
 */
export async function checkAnswerFiles(
  mail: Pick<IncomingMail, 'attachments'>,
  { scanner, limits = DEFAULT_ATTACHMENT_LIMITS, now = () => new Date() }: AnswerFilesOptions,
): Promise<AnswerFiles> {
  const folder = mail.attachments.length > 0 ? await mkdtemp(join(tmpdir(), 'answer-files-')) : undefined;
  const cleanup = async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  };
  const kept: LeadFile[] = [];
  const refused: string[] = [];
  const counted = { files: 0, bytes: 0 };
  try {
    for (const [index, attachment] of mail.attachments.entries()) {
      const name = cleanFileName(attachment.name);
      const size = attachment.content.length;
      const limit = overLimit(size, counted, limits);
      if (limit) {
        refused.push(`${name} was not kept: ${reasonOf(limit)}.`);
        continue;
      }
      const path = join(folder ?? tmpdir(), String(index));
      await writeFile(path, attachment.content);
      const sha256 = createHash('sha256').update(attachment.content).digest('hex');
      const check = await checkLeadFiles([{ name, path, size, sha256 }], scanner, now);
      if (!check.ok) {
        refused.push(...check.problems.map((problem) => `${name} was not kept: ${reasonOf(problem)}.`));
        continue;
      }
      kept.push(...check.files);
      counted.files += 1;
      counted.bytes += size;
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { kept, refused, cleanup };
}
