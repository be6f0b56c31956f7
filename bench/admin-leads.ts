/**
 * The leads bench:admin seeds, the same on SQLite and PostgreSQL: as the
 * quote form makes them, each with its notification (most sent, some dead),
 * spread over 13 months (the dashboard's 12 months and more), from the site's
 * pages, and most of them answered by staff (a status change: the first
 * contact the dashboard times).
 */
import { randomInt } from 'node:crypto';
import { type LEAD_STATUSES } from '../common/inbox-paths.ts';
import { sampleQuote } from '../common/quote-sample.ts';
import { LEAD_COLUMNS as INBOX_LEAD_COLUMNS } from '../server/leads/lead-inbox.ts';

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

/** Who answers the leads (lead_events.actor). */
export const BENCH_STAFF = 'bench@example.com';

/** The site's pages a form is sent from (bench:admin's visits are counted on the same 20). */
export const BENCH_PAGES = [
  '/',
  '/services',
  '/contact',
  '/about',
  '/pricing',
  '/work',
  ...Array.from({ length: 14 }, (_, i) => `/blog/post-${i + 1}`),
];

/** How far back the leads go: 13 months, so that "12 months" and the months before it have leads. */
const SPAN_MS = 396 * 24 * 60 * 60_000;

/** Most leads are worked: new 30%, contacted 25%, quoted 20%, won 10%, lost 15%. */
const STATUS_SHARES = [
  ['new', 30],
  ['contacted', 25],
  ['quoted', 20],
  ['won', 10],
  ['lost', 15],
] as const satisfies readonly (readonly [(typeof LEAD_STATUSES)[number], number])[];
function pickStatus(): (typeof LEAD_STATUSES)[number] {
  let roll = randomInt(100);
  for (const [status, share] of STATUS_SHARES) {
    if (roll < share) return status;
    roll -= share;
  }
  return 'new';
}

interface BenchLead {
  lead: Record<string, string | number | null>;
  /** The notification's status, or undefined for spam (never emailed). */
  notification: 'sent' | 'dead' | undefined;
  at: string;
  /** The staff member's first answer (a status change), when the lead was answered. */
  answeredAt: string | undefined;
}

/** The index-th of `count` leads, evenly over 13 months up to now. */
export function benchLead(index: number, count: number): BenchLead {
  const created = Date.now() - Math.round(((count - index) * SPAN_MS) / count);
  const at = new Date(created).toISOString();
  const status = pickStatus();
  // Worked leads were answered, within minutes to days; a few new ones have a note already.
  const answered = status !== 'new' || randomInt(10) === 0;
  const firstContactMs = answered ? 5 * 60_000 + randomInt(3 * 24 * 60) * 60_000 : null;
  const first = pick(FIRST);
  const last = pick(LAST);
  // One in 50, at fixed places: bench:admin's "one lead" (a third of the way) is never spam, which the
  // server's start deletes once it is older than SPAM_RETENTION_DAYS (a random choice made it 404 one run in 50).
  const spam = index % 50 === 49 ? 1 : 0;
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
      source_page: pick(BENCH_PAGES),
      status,
      spam,
      spam_at: spam ? at : null,
      first_contact_ms: firstContactMs,
    },
    notification: spam ? undefined : randomInt(500) === 0 ? 'dead' : 'sent',
    at,
    answeredAt: firstContactMs === null ? undefined : new Date(created + firstContactMs).toISOString(),
  };
}

/**
 * The columns the bench writes: the inbox's own list (lead-inbox.ts), those its leads have. The rest is
 * the database's (the id, the phone's digits) or the team's seeds' (admin-owners.ts, admin-follow-ups.ts).
 * A column per field of the form: the fields searched by here get varied values, any other the sample's.
 */
export const LEAD_COLUMNS = INBOX_LEAD_COLUMNS.filter((column) => column in benchLead(0, 1).lead);
