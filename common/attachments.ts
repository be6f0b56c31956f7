/**
 * The quote form's attachments: what may be sent, the limits, and the words a visitor reads when a
 * file is refused. The browser checks a chosen file by its name and size before sending; the server
 * checks everything again, the type from the file's first bytes (server/attachments/).
 */

/** The form field, `multiple`. */
export const ATTACHMENT_FIELD = 'attachments';

export interface AttachmentLimits {
  /** Files per quote request. */
  maxFiles: number;
  /** Bytes per file. */
  maxFileBytes: number;
  /** Bytes of all the files of one request together. */
  maxTotalBytes: number;
}

const MB = 1024 * 1024;

/** The defaults (ATTACHMENT_MAX_FILES, ATTACHMENT_MAX_FILE_MB, ATTACHMENT_MAX_TOTAL_MB change them). */
export const DEFAULT_ATTACHMENT_LIMITS: AttachmentLimits = {
  maxFiles: 5,
  maxFileBytes: 10 * MB,
  maxTotalBytes: 25 * MB,
};

/** One accepted kind of file: the extensions that name it, and the type it is served as. */
export interface AttachmentKind {
  /** What a visitor calls it, e.g. "Word". */
  label: string;
  /** Lower-case, without the dot; the first is the usual one. */
  extensions: readonly string[];
  /** The media type it is stored and downloaded as. */
  mediaType: string;
  /** Plain text: checked as UTF-8 without NUL bytes, since text has no signature. */
  text?: boolean;
}

/** Everything accepted; nothing else (no archive, executable, HTML or SVG). */
const ATTACHMENT_KINDS: readonly AttachmentKind[] = [
  { label: 'PDF', extensions: ['pdf'], mediaType: 'application/pdf' },
  {
    label: 'Word',
    extensions: ['docx'],
    mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  { label: 'Word', extensions: ['doc'], mediaType: 'application/msword' },
  {
    label: 'Excel',
    extensions: ['xlsx'],
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  { label: 'Excel', extensions: ['xls'], mediaType: 'application/vnd.ms-excel' },
  {
    label: 'PowerPoint',
    extensions: ['pptx'],
    mediaType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  { label: 'PowerPoint', extensions: ['ppt'], mediaType: 'application/vnd.ms-powerpoint' },
  { label: 'OpenDocument', extensions: ['odt'], mediaType: 'application/vnd.oasis.opendocument.text' },
  { label: 'OpenDocument', extensions: ['ods'], mediaType: 'application/vnd.oasis.opendocument.spreadsheet' },
  {
    label: 'OpenDocument',
    extensions: ['odp'],
    mediaType: 'application/vnd.oasis.opendocument.presentation',
  },
  { label: 'text', extensions: ['txt'], mediaType: 'text/plain', text: true },
  { label: 'CSV', extensions: ['csv'], mediaType: 'text/csv', text: true },
  { label: 'PNG', extensions: ['png'], mediaType: 'image/png' },
  { label: 'JPEG', extensions: ['jpg', 'jpeg'], mediaType: 'image/jpeg' },
  { label: 'WebP', extensions: ['webp'], mediaType: 'image/webp' },
];

/** The `accept` attribute of the file control: every accepted extension. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_KINDS.flatMap((kind) =>
  kind.extensions.map((extension) => `.${extension}`),
).join(',');

/** The kinds in a sentence: "PDF, Word, Excel, PowerPoint, OpenDocument, text, CSV, PNG, JPEG or WebP". */
export const ACCEPTED_KINDS_TEXT = new Intl.ListFormat('en-IN', { type: 'disjunction' }).format([
  ...new Set(ATTACHMENT_KINDS.map((kind) => kind.label)),
]);

/** The file's extension, lower-case without the dot ("" when it has none). */
function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** The accepted kind a file's name claims, if any. */
export function kindOfName(fileName: string): AttachmentKind | undefined {
  const extension = extensionOf(fileName);
  return ATTACHMENT_KINDS.find((kind) => kind.extensions.includes(extension));
}

/** A size as people read it: "820 bytes", "14 KB", "2.4 MB" (1 KB = 1,024 bytes). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} byte${bytes === 1 ? '' : 's'}`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / MB;
  return `${mb < 10 ? mb.toFixed(1).replace(/\.0$/, '') : Math.round(mb)} MB`;
}

/** Why one file, or the set of them, was refused. */
export type AttachmentProblem =
  | { reason: 'too-many'; limit: number }
  | { reason: 'total-too-large'; limit: number }
  | { reason: 'too-large'; file: string; limit: number }
  | { reason: 'empty'; file: string }
  | { reason: 'type'; file: string }
  | { reason: 'content'; file: string; kind: string }
  /** An Office file with macros (a vbaProject.bin; a .doc's or .xls's macro storage). */
  | { reason: 'macros'; file: string }
  /** An Office or OpenDocument zip no real document is: too many parts, an archive inside, a bomb. */
  | { reason: 'archive'; file: string; kind: string }
  | { reason: 'virus'; file: string }
  /** A file sent without a name: `position` is its place among the files sent, from 1. */
  | { reason: 'unnamed'; position: number }
  /** A file whose sent name could not be read (a line break in it): `file` is that name, cleaned. */
  | { reason: 'name'; file: string }
  /** A file sent in another field than the form's file field. */
  | { reason: 'field'; file: string };

/** "1st", "2nd", "3rd", "4th"… */
const ordinal = (n: number) => new Intl.PluralRules('en-IN', { type: 'ordinal' }).select(n);
const ORDINAL_SUFFIX: Record<Intl.LDMLPluralRule, string> = {
  one: 'st',
  two: 'nd',
  few: 'rd',
  other: 'th',
  zero: 'th',
  many: 'th',
};

/** "a" or "an" before a kind's label, as it is read aloud ("an Excel", "a PDF", "an OpenDocument"). */
const article = (label: string) => (/^[AEIOU]/i.test(label) ? 'an' : 'a');

/** What a visitor reads for each refusal; each one about a file names it. */
export function attachmentMessage(problem: AttachmentProblem): string {
  switch (problem.reason) {
    case 'too-many':
      return `Attach at most ${problem.limit} files.`;
    case 'total-too-large':
      return `The files together can be at most ${formatFileSize(problem.limit)}.`;
    case 'too-large':
      return `${problem.file} is larger than ${formatFileSize(problem.limit)}.`;
    case 'empty':
      return `${problem.file} is empty.`;
    case 'type':
      return `${problem.file} is not a file we accept. Attach ${ACCEPTED_KINDS_TEXT} files.`;
    case 'content':
      return `${problem.file} is not really ${article(problem.kind)} ${problem.kind} file, whatever its name says.`;
    case 'macros':
      return `${problem.file} contains macros, which we do not accept. Save it without them, or as a PDF, and attach it again.`;
    case 'archive':
      return `${problem.file} is not ${article(problem.kind)} ${problem.kind} file we can check: it holds too many parts, an archive, or parts far larger than the file itself. Save it again, or as a PDF, and attach it again.`;
    case 'virus':
      return `${problem.file} contains a virus, so we did not accept it.`;
    case 'unnamed':
      return `The ${problem.position}${ORDINAL_SUFFIX[ordinal(problem.position)]} file came without a name, so we could not keep it. Attach it again.`;
    case 'name':
      return `${problem.file} has a line break in its name, so we could not keep it. Rename the file and attach it again.`;
    case 'field':
      return `${problem.file} was not sent as an attachment of this form, so we could not keep it. Attach it again.`;
  }
}

/** A chosen file as the browser knows it before sending. */
export interface ChosenFile {
  name: string;
  size: number;
}

/**
 * What the browser can tell before sending: the set (count, total) and each file by its name and
 * size. The server checks all of this again, and the content too.
 */
export function checkChosenFiles(
  files: readonly ChosenFile[],
  limits: AttachmentLimits = DEFAULT_ATTACHMENT_LIMITS,
): { set: AttachmentProblem[]; byFile: (AttachmentProblem | undefined)[] } {
  const set: AttachmentProblem[] = [];
  if (files.length > limits.maxFiles) set.push({ reason: 'too-many', limit: limits.maxFiles });
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > limits.maxTotalBytes) set.push({ reason: 'total-too-large', limit: limits.maxTotalBytes });
  const byFile = files.map((file): AttachmentProblem | undefined => {
    if (!kindOfName(file.name)) return { reason: 'type', file: file.name };
    if (file.size === 0) return { reason: 'empty', file: file.name };
    if (file.size > limits.maxFileBytes) {
      return { reason: 'too-large', file: file.name, limit: limits.maxFileBytes };
    }
    return undefined;
  });
  return { set, byFile };
}

/** Where a stored file stands with the virus scanner. */
export const SCAN_STATES = ['clean', 'pending', 'not-scanned', 'infected'] as const;
export type ScanState = (typeof SCAN_STATES)[number];

/**
 * What staff read for each scan state. "not-scanned" is recorded when the file arrives, so it is said
 * in the past: a scanner set up since does not make it untrue.
 */
export const SCAN_STATE_LABELS: Record<ScanState, string> = {
  clean: 'Scanned, clean',
  pending: 'Not scanned yet',
  'not-scanned': 'Not scanned: no virus scanner was set up when it arrived',
  infected: 'Virus found: removed',
};

/** Whether staff may download a file in this state: never one that is waiting for its scan, or infected. */
export function isDownloadable(state: ScanState): boolean {
  return state === 'clean' || state === 'not-scanned';
}

/** What staff call a stored file's type: "PDF", "Word", "Text"; the media type itself if it is none of ours. */
export function kindLabelOf(mediaType: string): string {
  const label = ATTACHMENT_KINDS.find((kind) => kind.mediaType === mediaType)?.label ?? mediaType;
  return `${label.charAt(0).toUpperCase()}${label.slice(1)}`;
}
