/**
 * The staff specs' sample inbox, written into the test server's database: a handful of leads in every
 * state, their notifications, one dead; newsletter subscribers; the activity log; and Meera's account.
 * Times are fixed around 23 Nov 2025, 4:15 pm in Asia/Kolkata, so the pages' times are known.
 */
import { newPasskeyKey, type PasskeyKey, type Row, seedAccount, type StaffDatabase } from './staff-seed.ts';

export const STAFF_EMAIL = 'meera@acme.example';
const NOTIFY = 'sales@acme.example';

const NOW = Date.parse('2025-11-23T10:45:00Z');
/** The time this many hours before the sample's "now". */
export const at = (hoursAgo: number) => new Date(NOW - hoursAgo * 3_600_000).toISOString();

type Delivery =
  | { state: 'none' }
  | { state: 'sent' | 'written'; at: string }
  | { state: 'dead'; at: string; lastError: string; attempts: number }
  | { state: 'pending'; attempts: number; nextAttemptAt: string; lastError: string | null };

export interface SampleLead {
  id: number;
  reference: string;
  hoursAgo: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  status: string;
  spam?: boolean;
  delivery: Delivery;
  /** Outbox id of the notification. */
  outboxId?: number;
  events?: Row[];
}

let messageIds = 0;
const messageId = () => `<seed-${Date.now()}-${++messageIds}@example.com>`;

function outboxRow(delivery: Exclude<Delivery, { state: 'none' }>, createdAt: string): Row {
  const base = { status: 'pending', attempts: 0, next_attempt_at: createdAt, last_error: null };
  switch (delivery.state) {
    case 'sent':
    case 'written':
      return {
        ...base,
        status: 'sent',
        sent_at: delivery.at,
        updated_at: delivery.at,
        delivered_via: delivery.state === 'written' ? 'file' : 'smtp',
      };
    case 'dead':
      return {
        ...base,
        status: 'dead',
        attempts: delivery.attempts,
        // The last try was due when it was made, and failed for good.
        next_attempt_at: delivery.at,
        last_error: delivery.lastError,
        updated_at: delivery.at,
      };
    case 'pending':
      return {
        ...base,
        attempts: delivery.attempts,
        next_attempt_at: delivery.nextAttemptAt,
        last_error: delivery.lastError,
        updated_at: createdAt,
      };
  }
}

export function seedLead(db: StaffDatabase, lead: SampleLead) {
  const createdAt = at(lead.hoursAgo);
  db.insert('quote_requests', {
    id: lead.id,
    reference: lead.reference,
    created_at: createdAt,
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    message: lead.message,
    source_page: '/',
    status: lead.status,
    spam: lead.spam ? 1 : 0,
    spam_at: lead.spam ? createdAt : null,
  });
  if (lead.delivery.state !== 'none') {
    db.insert('outbox', {
      ...(lead.outboxId ? { id: lead.outboxId } : {}),
      owner_type: 'lead',
      owner_id: lead.id,
      kind: 'notification',
      recipient: NOTIFY,
      message_id: messageId(),
      created_at: createdAt,
      ...outboxRow(lead.delivery, createdAt),
    });
  }
  for (const event of lead.events ?? []) db.insert('lead_events', { quote_request_id: lead.id, ...event });
}

export const SAMPLE_LEADS: SampleLead[] = [
  {
    id: 12,
    reference: 'Q-7F3K9C',
    hoursAgo: 1,
    name: 'Priya Sharma',
    email: 'priya@sharmatextiles.in',
    phone: '+91 98140 12345',
    message:
      'We need an online store for our textile shop in Ludhiana, with payments and delivery tracking.\nBudget around ₹4 lakh, launch before Diwali.',
    status: 'new',
    delivery: { state: 'dead', at: at(0.5), lastError: '550 5.1.1 Mailbox unavailable', attempts: 15 },
    outboxId: 31,
  },
  {
    id: 11,
    reference: 'Q-2M8QRT',
    hoursAgo: 5,
    name: 'Gurpreet Singh',
    email: 'gurpreet@punjabagro.example',
    phone: '',
    message: 'Looking for a digital marketing partner for our agro products: SEO and Google Ads.',
    status: 'new',
    delivery: {
      state: 'pending',
      attempts: 3,
      nextAttemptAt: at(-0.25),
      lastError: 'connect ETIMEDOUT 203.0.113.9:465',
    },
    outboxId: 29,
  },
  {
    id: 10,
    reference: 'Q-5HN4WA',
    hoursAgo: 26,
    name: 'Ananya Rao',
    email: 'ananya.rao@example.com',
    phone: '+91 99880 55221',
    message: 'Redesign of our clinic booking app (UI/UX), about 12 screens.',
    status: 'contacted',
    delivery: { state: 'sent', at: at(26) },
    events: [
      { at: at(20), actor: STAFF_EMAIL, kind: 'status', from_status: 'new', to_status: 'contacted' },
      { at: at(19), actor: STAFF_EMAIL, kind: 'note', text: 'Called her; she wants a quote by Friday.' },
    ],
  },
  {
    id: 9,
    reference: 'Q-9VB6XE',
    hoursAgo: 50,
    name: 'Rohit Verma',
    email: 'rohit@vermalogistics.example',
    phone: '+91 98765 43210',
    message: 'IT consulting for moving our fleet system to the cloud.',
    status: 'quoted',
    delivery: { state: 'written', at: at(50) },
  },
  {
    id: 8,
    reference: 'Q-4TGD1J',
    hoursAgo: 96,
    name: 'Simran Kaur',
    email: 'simran@kaurdesigns.example',
    phone: '',
    message: 'Website for an interior design studio.',
    status: 'won',
    delivery: { state: 'sent', at: at(96) },
  },
  {
    id: 7,
    reference: 'Q-8PS3KM',
    hoursAgo: 144,
    name: 'Arjun Nair',
    email: 'arjun.nair@example.org',
    phone: '',
    message: 'Mobile app idea, no budget yet.',
    status: 'lost',
    delivery: { state: 'sent', at: at(144) },
  },
  {
    id: 6,
    reference: 'Q-6ZC0YN',
    hoursAgo: 168,
    name: 'Cheap SEO',
    email: 'seo-offers@spam.example',
    phone: '',
    message: 'Buy backlinks now!!! Best prices.',
    status: 'new',
    spam: true,
    delivery: { state: 'none' },
    events: [{ at: at(168), actor: null, kind: 'spam' }],
  },
];

const SAMPLE_SUBSCRIBERS: Row[] = [
  {
    id: 2,
    email: 'vikram@example.org',
    status: 'unsubscribed',
    created_at: at(480),
    confirmed_at: at(478),
    unsubscribed_at: at(48),
    source_page: '/about',
  },
  {
    id: 3,
    email: 'neha.gupta@example.com',
    status: 'confirmed',
    created_at: at(72),
    confirmed_at: at(71),
    unsubscribed_at: null,
    source_page: '/',
  },
  {
    id: 4,
    email: 'kabir@example.net',
    status: 'pending',
    created_at: at(3),
    confirmed_at: null,
    unsubscribed_at: null,
    source_page: '/services',
  },
];

function seedSubscribers(db: StaffDatabase, subscribers = SAMPLE_SUBSCRIBERS) {
  for (const subscriber of subscribers) {
    db.insert('subscribers', {
      ...subscriber,
      last_signup_at: subscriber.created_at ?? null,
      consent_version: '1',
      consent_text: 'Send me the newsletter.',
    });
  }
}

/** The newsletter confirmation to kabir@example.net, not sent yet after two failures. */
function seedPendingConfirmation(db: StaffDatabase) {
  db.insert('outbox', {
    id: 30,
    owner_type: 'subscriber',
    owner_id: 4,
    kind: 'confirmation',
    recipient: 'kabir@example.net',
    message_id: messageId(),
    status: 'pending',
    attempts: 2,
    next_attempt_at: at(-0.1),
    last_error: '421 4.7.0 Try again later',
    created_at: at(3),
    updated_at: at(3),
  });
}

const SAMPLE_ACTIVITY: Row[] = [
  { at: at(960), actor: STAFF_EMAIL, action: 'account-created', summary: 'Account created', lead_id: null },
  {
    at: at(30),
    actor: null,
    action: 'sign-in-failed',
    summary: 'A sign-in with an unknown passkey',
    lead_id: null,
  },
  {
    at: at(20),
    actor: STAFF_EMAIL,
    action: 'status-changed',
    summary: 'Lead #10: New → Contacted',
    lead_id: 10,
  },
  { at: at(19), actor: STAFF_EMAIL, action: 'note-added', summary: 'Lead #10: note added', lead_id: 10 },
  { at: at(2), actor: STAFF_EMAIL, action: 'sign-in', summary: 'Signed in', lead_id: null },
];

export interface SampleStaff {
  accountId: number;
  /** The passkeys' keys, for the virtual authenticator. */
  laptop: PasskeyKey;
  phone: PasskeyKey;
}

/** Meera's account, with a laptop passkey (used 2 hours ago) and a phone passkey (never used). */
export function seedStaff(db: StaffDatabase, { onePasskey = false } = {}): SampleStaff {
  const laptop = newPasskeyKey();
  const phone = newPasskeyKey();
  const accountId = seedAccount(db, STAFF_EMAIL, [
    { key: laptop, name: 'MacBook (iCloud Keychain)', createdAt: at(960), lastUsedAt: at(2) },
    ...(onePasskey ? [] : [{ key: phone, name: 'Pixel 8', createdAt: at(288), lastUsedAt: null }]),
  ]);
  return { accountId, laptop, phone };
}

/** Everything above: leads, subscribers, the outbox, the activity log and Meera. */
export function seedSampleInbox(db: StaffDatabase): SampleStaff {
  const staff = seedStaff(db);
  for (const lead of SAMPLE_LEADS) seedLead(db, lead);
  seedSubscribers(db);
  seedPendingConfirmation(db);
  for (const entry of SAMPLE_ACTIVITY) db.insert('admin_activity', entry);
  return staff;
}
