import type { LeadFile } from '../attachments/lead-files-intake.ts';

const MB = 1024 * 1024;

/** Megabytes, to one decimal below 10 (2.4 MB), whole above (2,048 MB). */
function megabytes(bytes: number): string {
  const value = bytes / MB;
  return `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-IN')} MB`;
}

/**
 * The lead's timeline entry when its files were not kept: which files, and why, in staff words (the
 * day's limit is ATTACHMENT_DAILY_MB, set by whoever runs the site).
 */
export function filesNotKeptText(
  files: readonly Pick<LeadFile, 'name' | 'size'>[],
  capBytes: number,
): string {
  const bytes = files.reduce((sum, file) => sum + file.size, 0);
  const names = files.map((file) => file.name).join(', ');
  const these = files.length === 1 ? 'The file' : `The ${files.length} files`;
  return `${these} sent with this request (${names}, ${megabytes(bytes)}) ${files.length === 1 ? 'was' : 'were'} not kept: the website had already stored its limit of ${megabytes(capBytes)} of files for today (UTC). The visitor was told; ask them to send the files again.`;
}
