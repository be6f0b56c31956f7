/**
 * A stand-in for the inbox's JSON API (common/admin-api.ts), answered in the browser with page.route, for
 * the screenshots only (inbox-screenshots.ts): any server that sends the app shell will do. It is not the
 * server and differs from it in places (its error codes, cursors, search); the staff e2e specs run
 * against the real server instead (e2e/support/staff-test.ts).
 */
import type { Page, Request, Route } from '@playwright/test';
import { ADMIN_API, ADMIN_PAGE_SIZE } from '../../common/admin-api.ts';
import type { CeremonyOptions, Me, Passkey } from '../../common/inbox-api/account-endpoints.ts';
import type { ActivityEntry, ActivityList } from '../../common/inbox-api/activity-endpoints.ts';
import type { ApiError } from '../../common/inbox-api/endpoint.ts';
import {
  type Delivery,
  type LeadDetail,
  type LeadList,
  type LeadSummary,
  NOTE_MAX_LENGTH,
  type TimelineEntry,
} from '../../common/inbox-api/lead-schemas.ts';
import type { OutboxEmail, OutboxList } from '../../common/inbox-api/outbox-endpoints.ts';
import type { SubscriberList, SubscriberSummary } from '../../common/inbox-api/subscriber-endpoints.ts';
import { LEAD_STATUSES, LEAD_VIEWS, type LeadStatus, type LeadView } from '../../common/lead-domain.ts';
import { SUBSCRIBER_VIEWS, type SubscriberView } from '../../common/subscriber-domain.ts';
import { emptyQuoteValues } from '../../common/quote-request.ts';

/** Everything the fake inbox holds. Tests build one with sampleInbox() and change what they need. */
export interface FakeInbox {
  signedIn: boolean;
  me: Me;
  leads: LeadDetail[];
  outbox: OutboxEmail[];
  subscribers: SubscriberSummary[];
  activity: ActivityEntry[];
  /** Invitation tokens and whom they are for; a token not here is unknown (404). */
  invitations: Record<string, { email: string; state: 'open' | 'used' | 'expired' | 'withdrawn' }>;
  /** What POST /sign-in answers; a fake cannot check a signature, so tests choose. */
  signIn: 'accept' | 'unknown-passkey';
  /** Items per page of a list: the server's (ADMIN_PAGE_SIZE) unless a test wants fewer. */
  pageSize: number;
}

/** A call the pages made, for tests that check what was sent. */
interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export interface AdminApiMock {
  inbox: FakeInbox;
  calls: ApiCall[];
  /** The ceremony flows handed out by the options calls, in order (a ceremony must send its own back). */
  flows: string[];
  /** The calls to one path (and method). */
  callsTo: (method: string, path: string) => ApiCall[];
  /** Answers the next calls matching the method and path with this status and body instead (times: how many). */
  failNext: (
    method: string,
    path: string | RegExp,
    status: number,
    body?: Partial<ApiError>,
    times?: number,
  ) => void;
  /** Holds the next call matching the method and path until the returned function is called. */
  holdNext: (method: string, path: string | RegExp) => () => void;
}

const HOUR = 3_600_000;
/** A fixed "now", so times on the page are known: 23 Nov 2025, 4:15 pm in Asia/Kolkata. */
const NOW = Date.parse('2025-11-23T10:45:00Z');
const at = (hoursAgo: number) => new Date(NOW - hoursAgo * HOUR).toISOString();

const STAFF_EMAIL = 'meera@acme.example';

function lead(
  id: number,
  hoursAgo: number,
  name: string,
  email: string,
  phone: string,
  message: string,
  status: LeadStatus,
  delivery: Delivery,
  extra: Partial<LeadDetail> = {},
): LeadDetail {
  return {
    id,
    reference: `Q-${id.toString(32).toUpperCase().padStart(6, 'K')}`,
    createdAt: at(hoursAgo),
    name,
    email,
    phone,
    excerpt: (message.split('\n')[0] ?? '').slice(0, 140),
    status,
    spam: false,
    delivery,
    // Every field of the form; one the sample does not name (added later) was left empty.
    fields: { ...emptyQuoteValues, name, email, phone, message },
    sourcePage: '/',
    timeline: [],
    ...extra,
  };
}

/** A realistic inbox: a handful of leads in every state, one dead notification, subscribers, activity. */
export function sampleInbox(): FakeInbox {
  const passkeys: Passkey[] = [
    { id: 'pk-laptop', name: 'MacBook (iCloud Keychain)', createdAt: at(24 * 40), lastUsedAt: at(2) },
    { id: 'pk-phone', name: 'Pixel 8', createdAt: at(24 * 12), lastUsedAt: null },
  ];
  const leads: LeadDetail[] = [
    lead(
      12,
      1,
      'Priya Sharma',
      'priya@sharmatextiles.in',
      '+91 98140 12345',
      'We need an online store for our textile shop in Ludhiana, with payments and delivery tracking.\nBudget around ₹4 lakh, launch before Diwali.',
      'new',
      { state: 'dead', at: at(0.5), lastError: '550 5.1.1 Mailbox unavailable', outboxId: 31 },
    ),
    lead(
      11,
      5,
      'Gurpreet Singh',
      'gurpreet@punjabagro.example',
      '',
      'Looking for a digital marketing partner for our agro products: SEO and Google Ads.',
      'new',
      {
        state: 'pending',
        attempts: 3,
        nextAttemptAt: at(-0.25),
        lastError: 'connect ETIMEDOUT 203.0.113.9:465',
      },
    ),
    lead(
      10,
      26,
      'Ananya Rao',
      'ananya.rao@example.com',
      '+91 99880 55221',
      'Redesign of our clinic booking app (UI/UX), about 12 screens.',
      'contacted',
      { state: 'sent', at: at(26) },
      {
        timeline: [
          { id: 3, at: at(20), by: STAFF_EMAIL, kind: 'status', from: 'new', to: 'contacted' },
          {
            id: 4,
            at: at(19),
            by: STAFF_EMAIL,
            kind: 'note',
            text: 'Called her; she wants a quote by Friday.',
          },
        ],
      },
    ),
    lead(
      9,
      50,
      'Rohit Verma',
      'rohit@vermalogistics.example',
      '+91 98765 43210',
      'IT consulting for moving our fleet system to the cloud.',
      'quoted',
      { state: 'written', at: at(50) },
    ),
    lead(
      8,
      24 * 4,
      'Simran Kaur',
      'simran@kaurdesigns.example',
      '',
      'Website for an interior design studio.',
      'won',
      { state: 'sent', at: at(24 * 4) },
    ),
    lead(7, 24 * 6, 'Arjun Nair', 'arjun.nair@example.org', '', 'Mobile app idea, no budget yet.', 'lost', {
      state: 'sent',
      at: at(24 * 6),
    }),
    lead(
      6,
      24 * 7,
      'Cheap SEO',
      'seo-offers@spam.example',
      '',
      'Buy backlinks now!!! Best prices.',
      'new',
      { state: 'none' },
      {
        spam: true,
        timeline: [{ id: 1, at: at(24 * 7), by: null, kind: 'spam' }],
      },
    ),
  ];
  const outbox: OutboxEmail[] = [
    {
      id: 31,
      kind: 'notification',
      recipient: 'sales@acme.example',
      status: 'dead',
      attempts: 15,
      nextAttemptAt: at(0.5),
      lastError: '550 5.1.1 Mailbox unavailable',
      createdAt: at(1),
      leadId: 12,
    },
    {
      id: 30,
      kind: 'confirmation',
      recipient: 'kabir@example.net',
      status: 'pending',
      attempts: 2,
      nextAttemptAt: at(-0.1),
      lastError: '421 4.7.0 Try again later',
      createdAt: at(3),
      leadId: null,
    },
    {
      id: 29,
      kind: 'notification',
      recipient: 'sales@acme.example',
      status: 'pending',
      attempts: 3,
      nextAttemptAt: at(-0.25),
      lastError: 'connect ETIMEDOUT 203.0.113.9:465',
      createdAt: at(5),
      leadId: 11,
    },
  ];
  const subscribers: SubscriberSummary[] = [
    {
      id: 4,
      email: 'kabir@example.net',
      status: 'pending',
      createdAt: at(3),
      confirmedAt: null,
      unsubscribedAt: null,
      sourcePage: '/services',
    },
    {
      id: 3,
      email: 'neha.gupta@example.com',
      status: 'confirmed',
      createdAt: at(24 * 3),
      confirmedAt: at(24 * 3 - 1),
      unsubscribedAt: null,
      sourcePage: '/',
    },
    {
      id: 2,
      email: 'vikram@example.org',
      status: 'unsubscribed',
      createdAt: at(24 * 20),
      confirmedAt: at(24 * 20 - 2),
      unsubscribedAt: at(24 * 2),
      sourcePage: '/about',
    },
  ];
  const activity: ActivityEntry[] = [
    { id: 5, at: at(2), by: STAFF_EMAIL, action: 'sign-in', summary: 'Signed in', leadId: null },
    {
      id: 4,
      at: at(19),
      by: STAFF_EMAIL,
      action: 'note-added',
      summary: 'Lead #10: note added',
      leadId: 10,
    },
    {
      id: 3,
      at: at(20),
      by: STAFF_EMAIL,
      action: 'status-changed',
      summary: 'Lead #10: New → Contacted',
      leadId: 10,
    },
    {
      id: 2,
      at: at(30),
      by: null,
      action: 'sign-in-failed',
      summary: 'A sign-in with an unknown passkey',
      leadId: null,
    },
    {
      id: 1,
      at: at(24 * 40),
      by: STAFF_EMAIL,
      action: 'account-created',
      summary: 'Account created',
      leadId: null,
    },
  ];
  return {
    signedIn: true,
    me: { email: STAFF_EMAIL, timeZone: 'Asia/Kolkata', passkeys, verifiedUntil: null },
    leads,
    outbox,
    subscribers,
    activity,
    invitations: {
      'good-token': { email: 'dev@acme.example', state: 'open' },
      'used-token': { email: 'dev@acme.example', state: 'used' },
      'replaced-token': { email: 'dev@acme.example', state: 'withdrawn' },
    },
    signIn: 'accept',
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** An empty inbox: no leads, nothing in the outbox. */
export function emptyInbox(): FakeInbox {
  return { ...sampleInbox(), leads: [], outbox: [], subscribers: [], activity: [] };
}

function summaryOf(detail: LeadDetail): LeadSummary {
  const { id, createdAt, name, email, phone, excerpt, status, spam, delivery } = detail;
  return { id, createdAt, name, email, phone, excerpt, status, spam, delivery };
}

function inView(view: LeadView, detail: LeadDetail): boolean {
  if (view === 'spam') return detail.spam;
  return !detail.spam && (view === 'all' || detail.status === view);
}

function matchesWords(q: string, ...texts: string[]): boolean {
  const haystack = texts.join(' ').toLowerCase();
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

function pageOf<T>(
  items: T[],
  cursor: string | null,
  size: number,
): { items: T[]; nextCursor: string | null } {
  const start = cursor ? Number(atob(cursor)) : 0;
  const end = start + size;
  return { items: items.slice(start, end), nextCursor: end < items.length ? btoa(String(end)) : null };
}

function ceremonyOptions(
  kind: 'authentication' | 'registration',
  flows: string[],
  me: Me,
  email = me.email,
): CeremonyOptions {
  const challenge = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  const flow = `flow-${challenge.slice(0, 8)}`;
  flows.push(flow);
  if (kind === 'authentication') {
    return {
      flow,
      options: {
        challenge,
        rpId: 'localhost',
        allowCredentials: [],
        userVerification: 'required',
        timeout: 60_000,
      },
    };
  }
  return {
    flow,
    options: {
      challenge,
      rp: { id: 'localhost', name: 'Acme Tech Solutions inbox' },
      user: { id: Buffer.from(email).toString('base64url'), name: email, displayName: email },
      pubKeyCredParams: [
        { type: 'public-key', alg: -7 },
        { type: 'public-key', alg: -257 },
      ],
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
      excludeCredentials: [],
      timeout: 60_000,
    },
  };
}

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
const error = (
  route: Route,
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
) => json(route, status, { error: code, message, ...(fields ? { fields } : {}) } satisfies ApiError);
const noContent = (route: Route) => route.fulfill({ status: 204, body: '' });

function bodyOf(request: Request): Record<string, unknown> {
  const text = request.postData();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

let nextId = 100;

/** Answers every /admin/api call of the page from the fake inbox. */
export async function mockAdminApi(page: Page, inbox: FakeInbox = sampleInbox()): Promise<AdminApiMock> {
  const calls: ApiCall[] = [];
  const flows: string[] = [];
  const overrides: {
    method: string;
    path: string | RegExp;
    status: number;
    body: Partial<ApiError>;
    times: number;
  }[] = [];
  const holds: { method: string; path: string | RegExp; release: Promise<void> }[] = [];
  const matches = (pattern: string | RegExp, path: string) =>
    typeof pattern === 'string' ? pattern === path : pattern.test(path);

  const leadById = (id: number) => inbox.leads.find((each) => each.id === id);
  const addTimeline = (detail: LeadDetail, entry: Omit<TimelineEntry, 'id' | 'at' | 'by'>) => {
    detail.timeline.push({ id: nextId++, at: new Date().toISOString(), by: inbox.me.email, ...entry });
  };
  const deadCount = () => inbox.outbox.filter((email) => email.status === 'dead').length;
  const deadNotifications = () =>
    inbox.outbox.filter(
      (email) =>
        email.status === 'dead' &&
        email.kind === 'notification' &&
        inbox.leads.some((detail) => detail.id === email.leadId && !detail.spam),
    ).length;

  async function answer(
    route: Route,
    method: string,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ) {
    const signedOutPaths = [
      '/sign-in/options',
      '/sign-in',
      '/invitation',
      '/invitation/options',
      '/invitation/accept',
    ];
    if (!inbox.signedIn && !signedOutPaths.includes(path)) {
      return error(route, 401, 'unauthenticated', 'Please sign in.');
    }
    const leadMatch = /^\/leads\/(\d+)(?:\/(status|notes|spam|retry))?$/.exec(path);

    if (method === 'GET' && path === '/me') return json(route, 200, inbox.me);

    if (method === 'GET' && path === '/leads') {
      const view = (LEAD_VIEWS as readonly string[]).includes(query.get('view') ?? '')
        ? (query.get('view') as LeadView)
        : 'all';
      const q = query.get('q') ?? '';
      const sorted = [...inbox.leads].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
      const found = sorted.filter(
        (each) =>
          inView(view, each) && matchesWords(q, each.name, each.email, each.phone, each.fields.message ?? ''),
      );
      const { items, nextCursor } = pageOf(found, query.get('cursor'), inbox.pageSize);
      const counts = Object.fromEntries(
        LEAD_VIEWS.map((each) => [each, inbox.leads.filter((detail) => inView(each, detail)).length]),
      ) as Record<LeadView, number>;
      return json(route, 200, {
        leads: items.map(summaryOf),
        nextCursor,
        counts,
        deadNotifications: deadNotifications(),
      } satisfies LeadList);
    }

    if (leadMatch) {
      const detail = leadById(Number(leadMatch[1]));
      if (!detail)
        return error(route, 404, 'not-found', 'There is no lead with this number. It may have been deleted.');
      const action = leadMatch[2];
      if (method === 'GET' && !action) return json(route, 200, detail);
      if (method === 'DELETE' && !action) {
        inbox.leads = inbox.leads.filter((each) => each !== detail);
        inbox.outbox = inbox.outbox.filter((email) => email.leadId !== detail.id);
        return noContent(route);
      }
      if (method === 'POST' && action === 'status') {
        const status = body.status as LeadStatus;
        if (!LEAD_STATUSES.includes(status)) return error(route, 400, 'invalid', 'Choose a status.');
        if (status !== detail.status)
          addTimeline(detail, { kind: 'status', from: detail.status, to: status });
        detail.status = status;
        return json(route, 200, detail);
      }
      if (method === 'POST' && action === 'notes') {
        const text = typeof body.text === 'string' ? body.text.trim() : '';
        if (!text || text.length > NOTE_MAX_LENGTH) {
          return error(route, 400, 'invalid', 'The note is empty or too long.', {
            text: 'Write a note first.',
          });
        }
        addTimeline(detail, { kind: 'note', text });
        return json(route, 200, detail);
      }
      if (method === 'POST' && action === 'spam') {
        detail.spam = body.spam === true;
        addTimeline(detail, { kind: detail.spam ? 'spam' : 'not-spam' });
        if (detail.spam && (detail.delivery.state === 'pending' || detail.delivery.state === 'dead')) {
          // Withdrawn: nobody is emailed about spam.
          detail.delivery = { state: 'none' };
          inbox.outbox = inbox.outbox.filter(
            (email) => email.leadId !== detail.id || email.kind !== 'notification',
          );
        }
        if (!detail.spam && detail.delivery.state === 'none') {
          detail.delivery = {
            state: 'pending',
            attempts: 0,
            nextAttemptAt: new Date().toISOString(),
            lastError: null,
          };
        }
        return json(route, 200, detail);
      }
      if (method === 'POST' && action === 'retry') {
        if (detail.delivery.state !== 'dead')
          return error(route, 409, 'not-dead', 'This notification is not dead.');
        const { outboxId } = detail.delivery;
        detail.delivery = {
          state: 'pending',
          attempts: 0,
          nextAttemptAt: new Date().toISOString(),
          lastError: null,
        };
        inbox.outbox = inbox.outbox.map((email) =>
          email.id === outboxId ? { ...email, status: 'pending', attempts: 0 } : email,
        );
        addTimeline(detail, { kind: 'retry' });
        return json(route, 200, detail);
      }
    }

    if (method === 'GET' && path === '/outbox') {
      const status = query.get('status');
      const emails = inbox.outbox.filter((email) => !status || email.status === status);
      return json(route, 200, {
        emails,
        counts: {
          pending: inbox.outbox.filter((email) => email.status === 'pending').length,
          dead: deadCount(),
        },
      } satisfies OutboxList);
    }
    const outboxRetry = /^\/outbox\/(\d+)\/retry$/.exec(path);
    if (method === 'POST' && outboxRetry) {
      const email = inbox.outbox.find((each) => each.id === Number(outboxRetry[1]));
      if (!email) return error(route, 404, 'not-found', 'This email is no longer in the outbox.');
      email.status = 'pending';
      email.attempts = 0;
      return noContent(route);
    }
    if (method === 'POST' && path === '/outbox/retry-dead') {
      const dead = inbox.outbox.filter((email) => email.status === 'dead');
      for (const email of dead) email.status = 'pending';
      return json(route, 200, { retried: dead.length });
    }

    if (method === 'GET' && path === '/subscribers') {
      const view = (SUBSCRIBER_VIEWS as readonly string[]).includes(query.get('view') ?? '')
        ? (query.get('view') as SubscriberView)
        : 'all';
      const q = query.get('q') ?? '';
      const found = inbox.subscribers.filter(
        (each) => (view === 'all' || each.status === view) && matchesWords(q, each.email),
      );
      const { items, nextCursor } = pageOf(found, query.get('cursor'), inbox.pageSize);
      const counts = Object.fromEntries(
        SUBSCRIBER_VIEWS.map((each) => [
          each,
          inbox.subscribers.filter((subscriber) => each === 'all' || subscriber.status === each).length,
        ]),
      ) as Record<SubscriberView, number>;
      return json(route, 200, { subscribers: items, nextCursor, counts } satisfies SubscriberList);
    }
    const subscriber = /^\/subscribers\/(\d+)$/.exec(path);
    if (method === 'DELETE' && subscriber) {
      inbox.subscribers = inbox.subscribers.filter((each) => each.id !== Number(subscriber[1]));
      return noContent(route);
    }

    if (method === 'GET' && path === '/activity') {
      const { items, nextCursor } = pageOf(inbox.activity, query.get('cursor'), inbox.pageSize);
      return json(route, 200, { entries: items, nextCursor } satisfies ActivityList);
    }

    if (method === 'POST' && path === '/sign-in/options')
      return json(route, 200, ceremonyOptions('authentication', flows, inbox.me));
    if (method === 'POST' && path === '/sign-in') {
      if (inbox.signIn === 'unknown-passkey') {
        return error(route, 401, 'unknown-passkey', 'This passkey is not registered for the inbox.');
      }
      inbox.signedIn = true;
      return json(route, 200, inbox.me);
    }
    if (method === 'POST' && path.startsWith('/invitation')) {
      const invitation = inbox.invitations[String(body.token)];
      if (!invitation) return error(route, 404, 'not-found', 'This invitation link is not known.');
      if (invitation.state === 'withdrawn') {
        return error(route, 410, 'invitation-withdrawn', 'This invitation link was replaced by a newer one.');
      }
      if (invitation.state !== 'open') {
        return error(route, 410, 'gone', 'This invitation has been used or has expired.');
      }
      if (path === '/invitation') return json(route, 200, { email: invitation.email });
      if (path === '/invitation/options') {
        return json(route, 200, ceremonyOptions('registration', flows, inbox.me, invitation.email));
      }
      if (path === '/invitation/accept') {
        invitation.state = 'used';
        inbox.signedIn = true;
        inbox.me = {
          ...inbox.me,
          email: invitation.email,
          passkeys: [
            { id: 'pk-new', name: 'Chromium', createdAt: new Date().toISOString(), lastUsedAt: null },
          ],
        };
        return json(route, 200, inbox.me);
      }
    }
    if (method === 'POST' && (path === '/sign-out' || path === '/sign-out-everywhere')) {
      inbox.signedIn = false;
      return noContent(route);
    }
    if (method === 'POST' && (path === '/passkeys/options' || path === '/verify/options')) {
      return json(
        route,
        200,
        ceremonyOptions(path === '/verify/options' ? 'authentication' : 'registration', flows, inbox.me),
      );
    }
    if (method === 'POST' && path === '/passkeys') {
      const added: Passkey = {
        id: `pk-${nextId++}`,
        name: 'Chromium on Linux',
        createdAt: new Date().toISOString(),
        lastUsedAt: null,
      };
      inbox.me = { ...inbox.me, passkeys: [...inbox.me.passkeys, added] };
      return json(route, 200, inbox.me);
    }
    if (method === 'POST' && path === '/verify') {
      inbox.me = { ...inbox.me, verifiedUntil: new Date(Date.now() + 5 * 60_000).toISOString() };
      return json(route, 200, inbox.me);
    }
    const passkey = /^\/passkeys\/([\w-]+)$/.exec(path);
    if (method === 'DELETE' && passkey) {
      const verified = inbox.me.verifiedUntil !== null && Date.parse(inbox.me.verifiedUntil) > Date.now();
      if (!verified) return error(route, 403, 'verify', 'Confirm it is you with a passkey first.');
      if (inbox.me.passkeys.length <= 1) {
        return error(
          route,
          409,
          'last-passkey',
          'This is your only passkey: add another one before removing it.',
        );
      }
      inbox.me = { ...inbox.me, passkeys: inbox.me.passkeys.filter((each) => each.id !== passkey[1]) };
      return json(route, 200, inbox.me);
    }

    return error(route, 404, 'not-found', `The fake API has no ${method} ${path}.`);
  }

  await page.route(`**${ADMIN_API}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname.slice(ADMIN_API.length);
    const method = request.method();
    const body = bodyOf(request);
    calls.push({ method, path, query: url.searchParams, body });
    const hold = holds.find((each) => each.method === method && matches(each.path, path));
    if (hold) {
      holds.splice(holds.indexOf(hold), 1);
      await hold.release;
    }
    const override = overrides.find((each) => each.method === method && matches(each.path, path));
    if (override) {
      override.times--;
      if (override.times <= 0) overrides.splice(overrides.indexOf(override), 1);
      return json(route, override.status, {
        error: override.body.error ?? `http-${override.status}`,
        message: override.body.message ?? 'The server could not do this.',
        ...override.body,
      });
    }
    return answer(route, method, path, url.searchParams, body);
  });

  return {
    inbox,
    calls,
    flows,
    callsTo: (method, path) => calls.filter((call) => call.method === method && call.path === path),
    failNext: (method, path, status, body = {}, times = 1) => {
      overrides.push({ method, path, status, body, times });
    },
    holdNext: (method, path) => {
      let release: () => void = () => {};
      holds.push({ method, path, release: new Promise<void>((resolve) => (release = resolve)) });
      return () => release();
    },
  };
}

/**
 * Makes the browser say it cannot offer passkeys in a field's suggestions (no conditional mediation), as
 * some browsers do. Chromium's virtual authenticator answers such a request at once, which would sign in
 * before a test presses the button.
 */
export async function withoutPasskeyAutofill(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
      value: async () => false,
    });
  });
}
