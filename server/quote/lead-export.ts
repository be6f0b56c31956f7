import { quoteFields } from '../../common/quote-request.ts';
import type { LeadFile } from '../attachments/lead-files-read.ts';
import { toCsv } from '../cli/csv.ts';
import type { Lead } from './quote-tables.ts';

/**
 * The columns of an export: every field of the form, between the lead's own
 * columns, the reference its emails carry (e.g. "Q-7F3K9C") among them; then
 * the names of the files the visitor attached.
 */
const EXPORT_COLUMNS = [
  'id',
  'reference',
  'created_at',
  'status',
  'spam',
  ...quoteFields,
  'source_page',
] as const;

/** Leads as CSV (RFC 4180, formulas neutralised), for the command line and the inbox; their files' names joined by "; ". */
export function leadsCsv(
  leads: readonly Lead[],
  files: ReadonlyMap<number, readonly Pick<LeadFile, 'name'>[]> = new Map(),
): string {
  return toCsv(
    [...EXPORT_COLUMNS, 'attachments'],
    leads.map((lead) => [
      ...EXPORT_COLUMNS.map((column) => lead[column]),
      (files.get(lead.id) ?? []).map((file) => file.name).join('; '),
    ]),
  );
}
