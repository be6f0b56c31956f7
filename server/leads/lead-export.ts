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

/** A lead's conversation in figures (the conversations feature counts them; the inbox's export adds them). */
export interface ConversationColumns {
  messages: number;
  lastAnswerAt: string | null;
}

/**
 * Leads as CSV (RFC 4180, formulas neutralised), for the command line and the inbox; their files' names
 * joined by "; ". Given the conversations' figures, two more columns: the number of messages (replies
 * and what came back) and when the client last answered.
 */
export function leadsCsv(
  leads: readonly Lead[],
  files: ReadonlyMap<number, readonly Pick<LeadFile, 'name'>[]> = new Map(),
  conversations?: ReadonlyMap<number, ConversationColumns>,
): string {
  return toCsv(
    [...EXPORT_COLUMNS, 'attachments', ...(conversations ? ['messages', 'last_answer_at'] : [])],
    leads.map((lead) => {
      const figures = conversations?.get(lead.id);
      return [
        ...EXPORT_COLUMNS.map((column) => lead[column]),
        (files.get(lead.id) ?? []).map((file) => file.name).join('; '),
        ...(conversations ? [figures?.messages ?? 0, figures?.lastAnswerAt ?? ''] : []),
      ];
    }),
  );
}
