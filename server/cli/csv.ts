import { writeFileSync } from 'node:fs';
import type { CommandIo } from './cli-args.ts';

/** Characters that make a spreadsheet read a cell as a formula (or split it). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: formula injection neutralised (a leading = + - @ tab or CR
 * gets a single quote in front, OWASP's advice), then quoted with doubled
 * inner quotes.
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

function csvRow(values: readonly (string | number | null)[]): string {
  return values.map(csvCell).join(',');
}

/** RFC 4180 lines (CRLF), so Excel and LibreOffice read it alike. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null)[])[],
): string {
  return [csvRow(header), ...rows.map(csvRow)].map((line) => `${line}\r\n`).join('');
}

/** Writes the CSV to the file (readable by its owner only: it holds personal data), or to standard output. */
export function writeCsv(csv: string, file: string | undefined, io: CommandIo, what: string) {
  if (!file) {
    io.out(csv);
    return;
  }
  writeFileSync(file, csv, { mode: 0o600 });
  io.err(`Exported ${what} to ${file}.\n`);
}
