import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { LeadFile } from '../attachments/lead-files-intake.ts';
import type { AnswerFiles, AnswerFilesOptions } from './answer-files.ts';

/** The name the original message is kept under, with the lead's files. */
export const ORIGINAL_NAME = 'original-email.eml';

/**
 * A message as it came (its raw bytes), to keep with its lead when what the conversation shows of it is
 * not all of it: its text cut, or not read at all. Scanned as the answers' files are (an infected one is
 * not kept, and said so); without a scanner, "not scanned". Downloaded, never shown.
 */
export async function keepOriginal(
  raw: Buffer,
  { scanner, now = () => new Date() }: Pick<AnswerFilesOptions, 'scanner' | 'now'> = {},
  /** Its SHA-256, when the parser's thread has it already. */
  sha256 = createHash('sha256').update(raw).digest('hex'),
): Promise<AnswerFiles> {
  const verdict = scanner ? await scanner.scan(Readable.from([raw])) : undefined;
  if (verdict?.outcome === 'infected')
    return {
      kept: [],
      refused: [`${ORIGINAL_NAME} was not kept: it contains a virus.`],
      cleanup: async () => {},
    };
  const folder = await mkdtemp(join(tmpdir(), 'original-email-'));
  const path = join(folder, ORIGINAL_NAME);
  await writeFile(path, raw);
  const file: LeadFile = {
    name: ORIGINAL_NAME,
    path,
    size: raw.length,
    sha256,
    mediaType: 'message/rfc822',
    scan: verdict ? (verdict.outcome === 'clean' ? 'clean' : 'pending') : 'not-scanned',
    scanResult: verdict?.outcome === 'unavailable' ? verdict.reason : null,
    scannedAt: verdict?.outcome === 'clean' ? now().toISOString() : null,
  };
  return { kept: [file], refused: [], cleanup: () => rm(folder, { recursive: true, force: true }) };
}

/** An answer's files and its original together (the original after the files). */
export function withOriginal(files: AnswerFiles | undefined, original: AnswerFiles): AnswerFiles {
  if (!files) return original;
  return {
    kept: [...files.kept, ...original.kept],
    refused: [...files.refused, ...original.refused],
    cleanup: async () => {
      await Promise.all([files.cleanup(), original.cleanup()]);
    },
  };
}
