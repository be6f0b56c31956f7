/**
 * The Settings shots of the inbox (integrations and the auto-reply), and integrations where other pages
 * show them (the inbox's banner, a lead's deliveries, the outbox). The settings API is answered in the
 * browser with fixed data, so each state shows whatever the server behind it has built.
 */
import type { Page, Route } from '@playwright/test';
import type { OutboxEmail } from '../../common/inbox-api/outbox-endpoints.ts';
import type { IntegrationDelivery } from '../../common/inbox-api/lead-schemas.ts';
import type { DeliveryAttempt, Integration } from '../../common/inbox-api/settings-endpoints.ts';
import { empty, type Shot } from './inbox-shot.ts';

/** A time this many minutes from now (before it when negative): recent deliveries read as today's ("12:03 pm"). */
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const attempt = (over: Partial<DeliveryAttempt>): DeliveryAttempt => ({
  id: 1,
  at: minutesFromNow(-20),
  event: 'lead.created',
  test: false,
  leadId: 12,
  statusCode: 200,
  durationMs: 143,
  ok: true,
  error: null,
  ...over,
});

const integrations: Integration[] = [
  {
    id: 3,
    kind: 'slack',
    maskedUrl: 'https://hooks.slack.com/services/T0…/…4f2a',
    enabled: true,
    disabledReason: null,
    createdAt: '2025-11-20T05:00:00.000Z',
    createdBy: 'meera@acme.example',
    previousSecretUntil: null,
    lastDelivery: attempt({ id: 41 }),
  },
  {
    id: 4,
    kind: 'webhook',
    maskedUrl: 'https://hooks.zapier.com/hooks/catch/…/…b9e1',
    enabled: true,
    disabledReason: null,
    createdAt: '2025-11-21T05:00:00.000Z',
    createdBy: 'arjun@acme.example',
    previousSecretUntil: minutesFromNow(22 * 60),
    lastDelivery: attempt({
      id: 40,
      statusCode: 503,
      durationMs: 2104,
      ok: false,
      error: 'The receiver answered 503 Service Unavailable.',
    }),
  },
  {
    id: 5,
    kind: 'teams',
    maskedUrl: 'https://prod-12.westeurope.logic.azure.com/workflows/…/…77c0',
    enabled: false,
    disabledReason: 'The receiver answered 410 Gone.',
    createdAt: '2025-11-02T05:00:00.000Z',
    createdBy: 'meera@acme.example',
    previousSecretUntil: null,
    lastDelivery: attempt({ id: 39, statusCode: 410, durationMs: 96, ok: false, error: '410 Gone' }),
  },
];

const autoReply = {
  enabled: true,
  text: 'Thank you for writing to Acme. One of our engineers will read your request and answer within one working day.\n\nIf it is urgent, call us on +91 80 4000 1234.',
  updatedAt: '2025-11-22T09:10:00.000Z',
  updatedBy: 'meera@acme.example',
};

const log: DeliveryAttempt[] = [
  attempt({ id: 42, test: true, leadId: null, at: minutesFromNow(-13), durationMs: 121 }),
  attempt({ id: 41 }),
  attempt({
    id: 38,
    at: minutesFromNow(-95),
    statusCode: null,
    durationMs: 10_000,
    ok: false,
    error: 'No answer within 10 seconds.',
  }),
];

const fulfil = (route: Route, json: unknown, status = 200) => route.fulfill({ status, json });

/** The settings API answered in the browser: the list (or none), the auto-reply, and what the buttons do. */
function settingsApi(list: Integration[]) {
  return async (page: Page) => {
    await page.route(/\/admin\/api\/settings\//, (route) => {
      const { pathname } = new URL(route.request().url());
      const path = pathname.replace('/admin/api/settings', '');
      const method = route.request().method();
      if (path === '/integrations' && method === 'GET') return fulfil(route, { integrations: list });
      if (path === '/integrations' && method === 'POST')
        return fulfil(route, {
          integration: integrations[1],
          url: 'https://hooks.zapier.com/hooks/catch/1234567/ab12cd/',
          secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        });
      if (/\/integrations\/\d+\/test$/.test(path))
        return fulfil(route, {
          delivery: attempt({ id: 43, test: true, leadId: null, at: minutesFromNow(-1) }),
        });
      if (/\/integrations\/\d+\/deliveries$/.test(path)) return fulfil(route, { deliveries: log });
      if (path === '/auto-reply' && method === 'GET') return fulfil(route, autoReply);
      if (path === '/assignment' && method === 'GET') return fulfil(route, { mode: 'turns' });
      if (path === '/auto-reply/preview')
        return fulfil(route, {
          subject: 'We have your request (Q-7F3K9C)',
          text: `${autoReply.text}\n\nYour reference: Q-7F3K9C\n\n— Acme Technologies`,
        });
      return fulfil(route, { error: 'not-found', message: 'Not in this shot.' }, 404);
    });
  };
}

/** A server response changed in the browser before the page reads it. */
async function rewrite(page: Page, pattern: RegExp, change: (body: Record<string, unknown>) => unknown) {
  await page.route(pattern, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: change(body) });
  });
}

const leadDeliveries: IntegrationDelivery[] = [
  {
    integrationId: 3,
    kind: 'slack',
    event: 'lead.created',
    state: 'delivered',
    deliveredAt: minutesFromNow(-20),
    nextAttemptAt: null,
    attempts: 1,
    lastError: null,
  },
  {
    integrationId: 4,
    kind: 'webhook',
    event: 'lead.created',
    state: 'waiting',
    deliveredAt: null,
    nextAttemptAt: minutesFromNow(12),
    attempts: 2,
    lastError: 'The receiver answered 503 Service Unavailable.',
  },
  {
    integrationId: 5,
    kind: 'teams',
    event: 'lead.created',
    state: 'dead',
    deliveredAt: null,
    nextAttemptAt: null,
    attempts: 10,
    lastError: '410 Gone',
  },
];

export const settingsShots: Shot[] = [
  { name: 'settings', path: '/admin/settings', before: settingsApi(integrations) },
  { name: 'settings-empty', path: '/admin/settings', seed: empty, before: settingsApi([]) },
  {
    name: 'settings-added',
    path: '/admin/settings',
    before: settingsApi(integrations),
    then: async (page) => {
      const form = page.getByRole('region', { name: 'Add integration' });
      await form
        .getByRole('textbox', { name: 'URL' })
        .fill('https://hooks.zapier.com/hooks/catch/1234567/ab12cd/');
      await form.getByRole('button', { name: 'Add integration' }).click();
      await page.getByRole('region', { name: /Copy this now/ }).waitFor();
      // Its heading takes the focus a moment later, which scrolls the page: the shot waits for that.
      await page.waitForFunction(() => document.activeElement?.textContent?.startsWith('Copy this now'));
    },
  },
  {
    name: 'settings-test-and-log',
    path: '/admin/settings',
    before: settingsApi(integrations),
    then: async (page) => {
      await page.getByRole('button', { name: 'Send test event to Slack #3' }).click();
      await page.getByText(/Test event delivered/).waitFor();
      await page.getByText('Delivery log of Slack #3').click();
      await page.getByRole('table', { name: 'Delivery log of Slack #3' }).waitFor();
    },
  },
  {
    name: 'settings-rotate-dialog',
    path: '/admin/settings',
    before: settingsApi(integrations),
    then: async (page) => {
      await page.getByRole('button', { name: 'Rotate secret of Webhook (JSON) #4' }).click();
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'settings-preview',
    path: '/admin/settings',
    before: settingsApi(integrations),
    then: async (page) => {
      await page.getByRole('button', { name: 'Preview' }).click();
      await page.getByRole('region', { name: 'Preview' }).waitFor();
    },
  },
  {
    name: 'inbox-integration-off',
    path: '/admin',
    before: (page) =>
      rewrite(page, /\/admin\/api\/leads(\?.*)?$/, (body) => ({
        ...body,
        disabledIntegrations: [{ id: 5, kind: 'teams', reason: 'The receiver answered 410 Gone.' }],
      })),
  },
  {
    name: 'lead-integrations',
    path: '/admin/leads/10',
    before: (page) =>
      rewrite(page, /\/admin\/api\/leads\/\d+$/, (body) => ({ ...body, deliveries: leadDeliveries })),
  },
  {
    name: 'outbox-integration',
    path: '/admin/outbox',
    before: (page) =>
      rewrite(page, /\/admin\/api\/outbox(\?.*)?$/, (body) => ({
        ...body,
        emails: [
          {
            id: 90,
            kind: 'integration',
            recipient: 'Slack integration #3',
            integrationKind: 'slack',
            status: 'dead',
            attempts: 10,
            nextAttemptAt: minutesFromNow(-45),
            lastError: 'The receiver answered 500 Internal Server Error.',
            createdAt: minutesFromNow(-300),
            leadId: 10,
          } satisfies OutboxEmail,
          ...(body.emails as unknown[]),
        ],
      })),
  },
];
