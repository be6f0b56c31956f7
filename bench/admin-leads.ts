/**
 * The leads bench:admin seeds, the same on SQLite and PostgreSQL: as the
 * quote form makes them, each with its notification (most sent, some dead).
 */
import { randomInt } from 'node:crypto';
import { LEAD_STATUSES } from '../common/admin-api.ts';
import { quoteFields } from '../common/quote-request.ts';
import { sampleQuote } from '../common/quote-sample.ts';

const FIRST = [
  'Priya',
  'Ravi',
  'Anita',
  'Jaspreet',
  'Harpreet',
  'Amit',
  'Neha',
  'Gurpreet',
  'Simran',
  'Vikram',
];
const LAST = ['Sharma', 'Kumar', 'Gill', 'Singh', 'Kaur', 'Verma', 'Mehta', 'Arora', 'Bansal', 'Sethi'];
const WORDS = [
  'website',
  'shop',
  'app',
  'marketing',
  'design',
  'booking',
  'clinic',
  'dairy',
  'textile',
  'school',
  'payments',
  'catalogue',
  'redesign',
  'SEO',
  'campaign',
  'logo',
  'budget',
  'launch',
  'Ludhiana',
  'export',
];
const pick = <T>(list: readonly T[]) => list[randomInt(list.length)] as T;

/** A column per field of the form: the fields searched by here get varied values, any other the sample's. */
export const LEAD_COLUMNS = [
  'reference',
  'created_at',
  ...quoteFields,
  'source_page',
  'status',
  'spam',
  'spam_at',
];

interface BenchLead {
  lead: Record<string, string | number | null>;
  /** The notification's status, or undefined for spam (never emailed). */
  notification: 'sent' | 'dead' | undefined;
  at: string;
}

/** The index-th of `count` leads, one a minute up to now. */
export function benchLead(index: number, count: number): BenchLead {
  const at = new Date(Date.now() - (count - index) * 60_000).toISOString();
  const first = pick(FIRST);
  const last = pick(LAST);
  const spam = randomInt(50) === 0 ? 1 : 0;
  const message = Array.from({ length: 12 }, () => pick(WORDS)).join(' ');
  return {
    lead: {
      ...sampleQuote({
        name: `${first} ${last}`,
        email: `${first.toLowerCase()}.${last.toLowerCase()}${index}@example.in`,
        phone: `+91 9${String(randomInt(1e9)).padStart(9, '0')}`,
        message,
      }),
      reference: `Q-${index.toString(32).toUpperCase().padStart(6, '0')}`, // unique, as the server's are
      created_at: at,
      source_page: '/',
      status: pick(LEAD_STATUSES),
      spam,
      spam_at: spam ? at : null,
    },
    notification: spam ? undefined : randomInt(500) === 0 ? 'dead' : 'sent',
    at,
  };
}
