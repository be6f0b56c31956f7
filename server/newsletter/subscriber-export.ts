import { toCsv } from '../cli/csv.ts';
import type { Subscriber } from './newsletter-tables.ts';

const EXPORT_COLUMNS = [
  'id',
  'email',
  'status',
  'created_at',
  'last_signup_at',
  'confirmed_at',
  'unsubscribed_at',
  'source_page',
  'consent_version',
  'consent_text',
] as const satisfies readonly (keyof Subscriber)[];

/** Subscribers as CSV, with the consent each gave (formulas neutralised), for the command line and the inbox. */
export function subscribersCsv(subscribers: readonly Subscriber[]): string {
  return toCsv(
    EXPORT_COLUMNS,
    subscribers.map((subscriber) => EXPORT_COLUMNS.map((column) => subscriber[column])),
  );
}
