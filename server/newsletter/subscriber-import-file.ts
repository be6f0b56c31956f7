import { parse } from 'csv-parse/sync';
import * as z from 'zod/mini';
import { emailAddressSchema } from '../../common/email-address.ts';
import { withoutBidiControls, withoutHiddenCharacters } from '../../common/hidden-characters.ts';

/** The columns an import file must have (others are ignored), in any order, named on its first line. */
const IMPORT_COLUMNS = ['email', 'consented_at', 'source'] as const;

/** One subscriber to import: a valid address, when and where they consented. */
export interface ImportedSubscriber {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  /** Trimmed and lower-cased, as sign-ups store it. */
  email: string;
  /** ISO 8601, UTC. */
  consentedAt: string;
  source: string;
}

/** A row that cannot be imported: its line and which column is wrong, never its content. */
export interface InvalidRow {
  line: number;
  reason: string;
}

/** The same rules as the footer's form (common/email-address.ts). */
const importEmail = emailAddressSchema({
  notText: 'invalid email',
  required: 'no email',
  tooLong: 'invalid email (too long)',
  invalid: 'invalid email',
  hidden: 'invalid email (hidden characters)',
});

const importSource = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'no source'),
    z.maxLength(200, 'source longer than 200 characters'),
    withoutHiddenCharacters('source with hidden characters'),
    withoutBidiControls('source with hidden characters'),
  );

/** A date (midnight UTC) or a date and time with its zone (Z or ±hh:mm). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

/**
 * No consent to an email list is older than email lists: a year before 1970 (0000 among them) is a
 * typing or export error, not a date.
 */
const EARLIEST_CONSENT = Date.parse('1970-01-01T00:00:00Z');

/**
 * The instant, or undefined for anything else: not ISO 8601, no such day (2026-02-30) or time
 * (25:00), before 1970, or later than now.
 */
function consentTime(text: string, now: Date): string | undefined {
  const value = text.trim();
  if (!ISO_DATE_TIME.test(value)) return undefined;
  const time = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time.getTime()) || time.getTime() > now.getTime()) return undefined;
  if (time.getTime() < EARLIEST_CONSENT) return undefined;
  // Date.parse rolls 2026-02-30 over to March: the day must be the one written.
  const day = value.slice(0, 10);
  const written = new Date(`${day}T12:00:00Z`);
  if (Number.isNaN(written.getTime()) || written.toISOString().slice(0, 10) !== day) return undefined;
  return time.toISOString();
}

/** Thrown for a file that is not a CSV of subscribers: no header, a column missing, broken quoting. */
export class ImportFileError extends Error {
  override name = 'ImportFileError';
}

const NEWLINES = /\r\n|\r|\n/g;

const lineBreaks = (text: string) => text.match(NEWLINES)?.length ?? 0;

/** A CSV record as csv-parse gives it with `info: true`: its fields and where it ends in the file. */
interface RecordWithLines {
  record: string[];
  /** The bytes read once the record and its line break were (csv-parse's own line count reads a quoted \r\n as two). */
  info: { bytes: number };
}

/**
 * The line each record starts on, counted in the file's own text: the line breaks before the
 * record's end, less those inside its quoted fields.
 */
function startLines(text: string, records: readonly RecordWithLines[]): number[] {
  const bytes = Buffer.from(text, 'utf8');
  let read = 0;
  let breaks = 0;
  return records.map(({ record, info }) => {
    const chunk = bytes.toString('utf8', read, info.bytes);
    read = info.bytes;
    const endLine = breaks + lineBreaks(chunk.replace(/(?:\r\n|\r|\n)$/, '')) + 1;
    breaks += lineBreaks(chunk);
    return endLine - record.reduce((inside, field) => inside + lineBreaks(field), 0);
  });
}

function hasLines(row: unknown): row is RecordWithLines {
  return typeof row === 'object' && row !== null && 'record' in row && 'info' in row;
}

/**
 * Reads an import file (RFC 4180 CSV, UTF-8 with or without a byte order
 * mark, a header line naming the columns): the rows to import, and the
 * invalid ones with their line and reason.
 */
export function readImportFile(
  text: string,
  now: Date,
): { rows: ImportedSubscriber[]; invalid: InvalidRow[] } {
  let records: RecordWithLines[];
  try {
    // With `info`, csv-parse gives each record with its line numbers; its types say string[][].
    const parsed: unknown[] = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    });
    records = parsed.filter(hasLines);
  } catch (error) {
    throw new ImportFileError(`not a readable CSV file: ${(error as Error).message}`);
  }
  const [header, ...body] = records;
  if (!header)
    throw new ImportFileError('the file is empty: it needs a header line email,consented_at,source');
  const names = header.record.map((name) => name.trim().toLowerCase());
  const missing = IMPORT_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length > 0) {
    throw new ImportFileError(
      `the header line has no column ${missing.map((name) => `"${name}"`).join(', ')} (it needs email, consented_at and source)`,
    );
  }
  const [emailAt, consentAt, sourceAt] = IMPORT_COLUMNS.map((column) => names.indexOf(column));
  const rows: ImportedSubscriber[] = [];
  const invalid: InvalidRow[] = [];
  const lines = startLines(text, records).slice(1);
  for (const [index, { record }] of body.entries()) {
    // A quoted field may span lines: the row is named by the line it starts on.
    const line = lines[index] ?? 0;
    if (record.length !== names.length) {
      invalid.push({ line, reason: `${record.length} fields, not ${names.length}` });
      continue;
    }
    const email = importEmail.safeParse(record[emailAt ?? 0]);
    const consentedAt = consentTime(record[consentAt ?? 0] ?? '', now);
    const source = importSource.safeParse(record[sourceAt ?? 0]);
    const reason = !email.success
      ? (email.error.issues[0]?.message ?? 'invalid email')
      : !consentedAt
        ? 'consented_at is not an ISO date or date and time (with its zone) in the past'
        : !source.success
          ? (source.error.issues[0]?.message ?? 'invalid source')
          : undefined;
    if (reason || !email.success || !consentedAt || !source.success) {
      invalid.push({ line, reason: reason ?? 'invalid' });
      continue;
    }
    rows.push({ line, email: email.data.toLowerCase(), consentedAt, source: source.data });
  }
  return { rows, invalid };
}
