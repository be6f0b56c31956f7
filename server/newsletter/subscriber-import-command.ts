import { readFileSync } from 'node:fs';
import { UsageError, type CommandIo } from '../cli/cli-args.ts';
import { IMPORT_BATCH } from './subscriber-import.ts';
import { ImportFileError, readImportFile } from './subscriber-import-file.ts';
import type { SubscriberRepository } from './subscriber-repository.ts';

/** Invalid lines listed at most (the count says how many there are). */
const LISTED_INVALID = 100;

/**
 * `npm run subscribers -- import <file.csv>`: adds the valid rows in batches,
 * prints how many were added, skipped and invalid, and where the invalid ones
 * are (line and reason, never the row: it holds personal data). Exit code 0
 * when every row was read, 1 when some were invalid or the file could not be.
 */
export async function importFile(
  file: string | undefined,
  { subscribers, io, now }: { subscribers: SubscriberRepository; io: CommandIo; now: Date },
): Promise<number> {
  if (!file) throw new UsageError('subscribers import needs a file: import <file.csv>.');
  let read: ReturnType<typeof readImportFile>;
  try {
    read = readImportFile(readFileSync(file, 'utf8'), now);
  } catch (error) {
    const reason =
      error instanceof ImportFileError
        ? error.message
        : `cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
    io.err(`Nothing imported: ${file}: ${reason}.\n`);
    return 1;
  }
  const { rows, invalid } = read;
  let added = 0;
  let skipped = 0;
  for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
    const counts = await subscribers.importConfirmed(rows.slice(start, start + IMPORT_BATCH));
    added += counts.added;
    skipped += counts.skipped;
  }
  io.out(
    `Imported ${file}: ${added} added, ${skipped} skipped (already confirmed, unsubscribed, or twice in the file), ${invalid.length} invalid.\n`,
  );
  if (invalid.length === 0) return 0;
  const listed = invalid.slice(0, LISTED_INVALID).map(({ line, reason }) => `  line ${line}: ${reason}\n`);
  const more = invalid.length > LISTED_INVALID ? `  and ${invalid.length - LISTED_INVALID} more\n` : '';
  io.err(`Invalid rows, not imported:\n${listed.join('')}${more}`);
  return 1;
}
