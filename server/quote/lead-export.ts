import { quoteFields } from '../../common/quote-request.ts';
import { toCsv } from '../cli/csv.ts';
import type { Lead } from './quote-tables.ts';

/** The columns of an export: every field of the form, between the lead's own columns. */
const EXPORT_COLUMNS = ['id', 'created_at', 'status', 'spam', ...quoteFields, 'source_page'] as const;

/** Leads as CSV (RFC 4180, formulas neutralised), for the command line and the inbox. */
export function leadsCsv(leads: readonly Lead[]): string {
  return toCsv(
    EXPORT_COLUMNS,
    leads.map((lead) => EXPORT_COLUMNS.map((column) => lead[column])),
  );
}
