import { quoteFields } from '../../common/quote-request.ts';
import { toCsv } from '../cli/csv.ts';
import type { Lead } from './quote-tables.ts';

/**
 * The columns of an export: every field of the form, between the lead's own
 * columns, the reference its emails carry (e.g. "Q-7F3K9C") among them.
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

/** Leads as CSV (RFC 4180, formulas neutralised), for the command line and the inbox. */
export function leadsCsv(leads: readonly Lead[]): string {
  return toCsv(
    EXPORT_COLUMNS,
    leads.map((lead) => EXPORT_COLUMNS.map((column) => lead[column])),
  );
}
