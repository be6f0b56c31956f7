import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { api, staffMember } from '../test/admin-client.ts';
import { injectQuote } from '../test/form-request.ts';
import { manualClock, HOUR_MS } from '../test/manual-clock.ts';
import { REFUSED_URL_REASON } from '../test/fake-integration-services.ts';
import { testApp } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { LeadTables } from '../leads/quote-tables.ts';
import type { IntegrationTables } from './integration-tables.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

// The delivery side stands in (see fake-integration-services.ts): nothing leaves the machine.
vi.mock('./integration-services.ts', () => import('../test/fake-integration-services.ts'));

const SLACK_URL = 'https://hooks.slack.com/services/T0ABCDEF/B0GHIJKL/s3cr3tT0k3nXYZ4f2a';
const WEBHOOK_URL = 'https://crm.example.com/hooks/leads?token=w3bh00kT0k3n9q8r';

/** An app with a signed-in staff member and a clock the test moves. */
async function settings(env: Record<string, string> = {}) {
  const clock = manualClock(new Date().toISOString());
  const { app, config } = await testApp({ env, now: clock.now });
  const staff = await staffMember(app, config);
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) =>
    api(app, config, method, path, { cookie: staff.cookie, ...(body === undefined ? {} : { body }) });
  return { app, config, staff, call, clock };
}

async function activity(call: Awaited<ReturnType<typeof settings>>['call']) {
  return (await call('GET', '/activity')).json().entries as { action: string; summary: string; by: string }[];
}

/** An outbox row of an integration delivery, as the delivery side queues it. */
async function queueDelivery(
  app: FastifyInstance,
  values: {
    integrationId: number;
    leadId: number;
    status?: 'pending' | 'sent' | 'dead' | 'cancelled';
  } & Partial<{
    attempts: number;
    next_attempt_at: string;
    claimed_until: string | null;
    sent_at: string | null;
    last_error: string | null;
    event_type: 'lead.created' | 'lead.status_changed';
  }>,
) {
  const at = new Date().toISOString();
  const { integrationId, leadId, status = 'pending', event_type = 'lead.created', ...rest } = values;
  const row = await app.storage.write.run((trx) =>
    tablesOf<OutboxTables>(trx)
      .insertInto('outbox')
      .values({
        kind: 'integration',
        lane: 'integration',
        recipient: `integration-${integrationId}`,
        message_id: `<delivery-${Math.random()}@acme.test>`,
        status,
        attempts: 0,
        next_attempt_at: at,
        claimed_until: null,
        created_at: at,
        updated_at: at,
        owner_type: 'lead',
        owner_id: leadId,
        recipient_type: 'integration',
        recipient_id: integrationId,
        payload: JSON.stringify({ event: event_type, data: null }),
        ...rest,
      })
      .returning('id')
      .executeTakeFirstOrThrow(),
  );
  return row.id;
}

describe('Settings → Integrations', () => {
  it('needs a signed-in staff member', async () => {
    const { app, config } = await testApp();
    for (const [method, path] of [
      ['GET', '/settings/integrations'],
      ['POST', '/settings/integrations'],
      ['POST', '/settings/integrations/1/test'],
      ['DELETE', '/settings/integrations/1'],
      ['GET', '/settings/auto-reply'],
      ['POST', '/settings/auto-reply/preview'],
    ] as const) {
      const refused = await api(app, config, method, path, method === 'GET' ? {} : { body: {} });
      expect(refused.statusCode, path).toBe(401);
    }
  });

  it('adds a Slack integration: its URL is answered once, then only masked', async () => {
    const { call } = await settings();
    const added = await call('POST', '/settings/integrations', { kind: 'slack', url: SLACK_URL });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({
      url: SLACK_URL,
      secret: null,
      integration: {
        id: 1,
        kind: 'slack',
        enabled: true,
        disabledReason: null,
        createdBy: 'priya@acme.test',
        previousSecretUntil: null,
        lastDelivery: null,
      },
    });
    const list = await call('GET', '/settings/integrations');
    expect(list.json().integrations).toHaveLength(1);
    expect(list.json().integrations[0].maskedUrl).toBe('https://hooks.slack.com/…');
    expect(list.body).not.toContain('s3cr3t');
    expect(list.body).not.toContain('/services/');
    expect((await activity(call))[0]).toMatchObject({
      action: 'integration-added',
      by: 'priya@acme.test',
      summary: 'Added a Slack integration (#1)',
    });
  });

  it('refuses a URL the delivery side refuses, naming the URL field, and an empty one', async () => {
    const { call } = await settings();
    const refused = await call('POST', '/settings/integrations', {
      kind: 'webhook',
      url: 'https://private.example/hook',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'invalid-url',
      fields: { url: REFUSED_URL_REASON },
    });
    const empty = await call('POST', '/settings/integrations', { kind: 'slack', url: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ url: 'Enter the URL the integration posts to.' });
    const kind = await call('POST', '/settings/integrations', { kind: 'zapier', url: SLACK_URL });
    expect(kind.statusCode).toBe(400);
    expect(Object.keys(kind.json().fields)).toEqual(['kind']);
    expect((await call('GET', '/settings/integrations')).json().integrations).toEqual([]);
  });

  it('gives a webhook a whsec_ secret shown once, and rotates it: the old one signs for 24 more hours', async () => {
    const { app, call, clock } = await settings();
    const added = await call('POST', '/settings/integrations', { kind: 'webhook', url: WEBHOOK_URL });
    const { secret } = added.json() as { secret: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
    expect(added.json().integration.maskedUrl).toBe('https://crm.example.com/…');
    const list = await call('GET', '/settings/integrations');
    expect(list.body).not.toContain(secret.slice(6, 20));
    expect(list.body).not.toContain('token');

    clock.advance(HOUR_MS);
    const rotated = await call('POST', '/settings/integrations/1/rotate-secret', {});
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().secret as string;
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    const until = new Date(clock.now().getTime() + 24 * HOUR_MS).toISOString();
    expect(rotated.json().integration.previousSecretUntil).toBe(until);
    const stored = await tablesOf<IntegrationTables>(app.storage.db)
      .selectFrom('integrations')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ secret: next, previous_secret: secret, previous_secret_until: until });
    expect((await call('GET', '/settings/integrations')).body).not.toContain(next.slice(6, 20));
    // Once that time has passed, nothing more is said of the old secret.
    await app.storage.write.run((trx) =>
      tablesOf<IntegrationTables>(trx)
        .updateTable('integrations')
        .set({ previous_secret_until: clock.now().toISOString() })
        .execute(),
    );
    expect(
      (await call('GET', '/settings/integrations')).json().integrations[0].previousSecretUntil,
    ).toBeNull();
    expect((await activity(call))[0]).toMatchObject({
      action: 'integration-secret-rotated',
      summary: 'Webhook integration #1: rotated its signing secret',
    });

    await call('POST', '/settings/integrations', {
      kind: 'teams',
      url: 'https://prod.logic.azure.com/workflows/x',
    });
    const teams = await call('POST', '/settings/integrations/2/rotate-secret', {});
    expect(teams.statusCode).toBe(409);
    expect(teams.json().error).toBe('not-a-webhook');
    expect((await call('POST', '/settings/integrations/99/rotate-secret', {})).statusCode).toBe(404);
  });

  it('changes the URL (checked again, answered once), turns it off by staff and on again', async () => {
    const { app, call } = await settings();
    await call('POST', '/settings/integrations', { kind: 'slack', url: SLACK_URL });
    expect(await injectQuote(app)).toMatchObject({ statusCode: 200 });
    const waiting = await queueDelivery(app, { integrationId: 1, leadId: 1 });

    const refused = await call('POST', '/settings/integrations/1', { url: 'https://private.example/x' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid-url', fields: { url: expect.any(String) } });
    const newUrl = 'https://hooks.slack.com/services/T0ABCDEF/B0NEW/n3wT0k3nABCD9z9z';
    const changed = await call('POST', '/settings/integrations/1', { url: newUrl });
    expect(changed.json()).toMatchObject({
      url: newUrl,
      integration: { maskedUrl: 'https://hooks.slack.com/…' },
    });

    const off = await call('POST', '/settings/integrations/1', { enabled: false });
    expect(off.json()).toMatchObject({
      url: null,
      integration: { enabled: false, disabledReason: 'Turned off by priya@acme.test' },
    });
    // What waited for it is withdrawn; a staff action is no banner in the inbox.
    const row = await tablesOf<OutboxTables>(app.storage.db)
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', waiting)
      .executeTakeFirst();
    expect(row).toMatchObject({ status: 'cancelled' });
    expect((await call('GET', '/leads')).json().disabledIntegrations).toEqual([]);

    await app.storage.write.run((trx) =>
      tablesOf<IntegrationTables>(trx)
        .updateTable('integrations')
        .set({ failing_since: new Date().toISOString() })
        .execute(),
    );
    const on = await call('POST', '/settings/integrations/1', { enabled: true });
    expect(on.json().integration).toMatchObject({ enabled: true, disabledReason: null });
    const stored = await tablesOf<IntegrationTables>(app.storage.db)
      .selectFrom('integrations')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ enabled: 1, disabled_reason: null, failing_since: null, url: newUrl });

    expect((await activity(call)).slice(0, 3).map((entry) => entry.summary)).toEqual([
      'Slack integration #1: turned it on',
      'Slack integration #1: turned it off',
      'Slack integration #1: changed its URL',
    ]);
    expect((await call('POST', '/settings/integrations/7', { enabled: false })).statusCode).toBe(404);
  });

  it('sends a test event and keeps a delivery log of the latest 50 attempts, newest first', async () => {
    const { call } = await settings();
    await call('POST', '/settings/integrations', {
      kind: 'teams',
      url: 'https://broken.example.com/workflows/abc',
    });
    const tested = await call('POST', '/settings/integrations/1/test', {});
    expect(tested.statusCode).toBe(200);
    expect(tested.json().delivery).toMatchObject({
      event: 'lead.created',
      test: true,
      leadId: null,
      statusCode: 500,
      durationMs: 12,
      ok: false,
      error: 'The receiver answered 500 Internal Server Error.',
    });
    expect((await activity(call))[0]).toMatchObject({
      action: 'integration-tested',
      summary: 'Microsoft Teams integration #1: sent a test event (failed, HTTP 500)',
    });
    for (let index = 0; index < 55; index += 1) await call('POST', '/settings/integrations/1/test', {});
    const log = (await call('GET', '/settings/integrations/1/deliveries')).json().deliveries as {
      id: number;
    }[];
    expect(log).toHaveLength(50);
    expect(log[0]!.id).toBe(56);
    expect(log.map((entry) => entry.id)).toEqual([...log.map((entry) => entry.id)].sort((a, b) => b - a));
    expect((await call('GET', '/settings/integrations')).json().integrations[0].lastDelivery.id).toBe(56);
    expect((await call('POST', '/settings/integrations/9/test', {})).statusCode).toBe(404);
    expect((await call('GET', '/settings/integrations/9/deliveries')).statusCode).toBe(404);
  });

  it('removes an integration with its log and waiting deliveries', async () => {
    const { app, call } = await settings();
    await call('POST', '/settings/integrations', { kind: 'slack', url: SLACK_URL });
    await call('POST', '/settings/integrations/1/test', {});
    await injectQuote(app);
    await queueDelivery(app, { integrationId: 1, leadId: 1 });
    expect((await call('DELETE', '/settings/integrations/1')).statusCode).toBe(204);
    expect((await call('GET', '/settings/integrations')).json().integrations).toEqual([]);
    const left = await tablesOf<OutboxTables>(app.storage.db)
      .selectFrom('outbox')
      .select('id')
      .where('recipient_type', '=', 'integration')
      .execute();
    expect(left).toEqual([]);
    expect((await call('DELETE', '/settings/integrations/1')).statusCode).toBe(404);
    expect((await activity(call))[0]).toMatchObject({
      action: 'integration-removed',
      summary: 'Removed Slack integration #1',
    });
  });
});

describe('integration deliveries in the inbox', () => {
  it('lists a dead delivery in the Outbox view by its integration, never its URL, and retries it', async () => {
    const { app, call } = await settings();
    // The lead comes first: a lead stored after the integration would queue a delivery of its own.
    await injectQuote(app);
    await call('POST', '/settings/integrations', { kind: 'slack', url: SLACK_URL });
    const dead = await queueDelivery(app, {
      integrationId: 1,
      leadId: 1,
      status: 'dead',
      attempts: 10,
      last_error: 'The receiver answered 503.',
    });
    const list = await call('GET', '/outbox?status=dead');
    expect(list.json().counts).toEqual({ pending: 1, dead: 1 }); // the notification waits
    expect(list.json().emails).toEqual([
      expect.objectContaining({ id: dead, recipient: 'Slack integration #1', status: 'dead', leadId: 1 }),
    ]);
    expect(list.body).not.toContain('hooks.slack.com');
    expect((await call('POST', `/outbox/${dead}/retry`, {})).statusCode).toBe(204);
    expect((await call('GET', '/outbox?status=pending')).json().counts).toEqual({ pending: 2, dead: 0 });

    await app.storage.write.run((trx) =>
      tablesOf<OutboxTables>(trx)
        .updateTable('outbox')
        .set({ status: 'dead' })
        .where('id', '=', dead)
        .execute(),
    );
    expect((await call('POST', '/outbox/retry-dead', {})).json()).toEqual({ retried: 1 });
    // /readyz counts the emails alone.
    const ready = await app.inject({ url: '/readyz', remoteAddress: '127.0.0.1' });
    expect(ready.json().outbox).toMatchObject({ pending: 1, dead: 0 });
  });

  it("shows each integration's delivery on the lead's page, oldest first, in its state", async () => {
    const { app, call } = await settings();
    await injectQuote(app); // before the integrations: these deliveries are the test's own
    await call('POST', '/settings/integrations', { kind: 'slack', url: SLACK_URL });
    await call('POST', '/settings/integrations', { kind: 'webhook', url: WEBHOOK_URL });
    const later = new Date(Date.now() + 35 * 60_000).toISOString();
    const sentAt = new Date(Date.now() - 60_000).toISOString();
    await queueDelivery(app, { integrationId: 1, leadId: 1, status: 'sent', attempts: 1, sent_at: sentAt });
    await queueDelivery(app, {
      integrationId: 2,
      leadId: 1,
      attempts: 2,
      next_attempt_at: later,
      last_error: 'The receiver answered 502.',
    });
    await queueDelivery(app, {
      integrationId: 2,
      leadId: 1,
      claimed_until: later,
      event_type: 'lead.status_changed',
    });
    await queueDelivery(app, {
      integrationId: 1,
      leadId: 1,
      status: 'dead',
      attempts: 10,
      last_error: 'Timed out',
    });
    await queueDelivery(app, { integrationId: 2, leadId: 1, status: 'cancelled' });
    const lead = (await call('GET', '/leads/1')).json();
    expect(lead.deliveries).toEqual([
      {
        integrationId: 1,
        kind: 'slack',
        event: 'lead.created',
        state: 'delivered',
        deliveredAt: sentAt,
        nextAttemptAt: null,
        attempts: 1,
        lastError: null,
      },
      {
        integrationId: 2,
        kind: 'webhook',
        event: 'lead.created',
        state: 'waiting',
        deliveredAt: null,
        nextAttemptAt: later,
        attempts: 2,
        lastError: 'The receiver answered 502.',
      },
      {
        integrationId: 2,
        kind: 'webhook',
        event: 'lead.status_changed',
        state: 'sending',
        deliveredAt: null,
        nextAttemptAt: null,
        attempts: 0,
        lastError: null,
      },
      {
        integrationId: 1,
        kind: 'slack',
        event: 'lead.created',
        state: 'dead',
        deliveredAt: null,
        nextAttemptAt: null,
        attempts: 10,
        lastError: 'Timed out',
      },
      {
        integrationId: 2,
        kind: 'webhook',
        event: 'lead.created',
        state: 'cancelled',
        deliveredAt: null,
        nextAttemptAt: null,
        attempts: 0,
        lastError: null,
      },
    ]);
    expect(JSON.stringify(lead)).not.toContain('hooks.slack.com');
  });

  it('names integrations the system turned off in the lead list, not those staff turned off', async () => {
    const { app, call } = await settings();
    for (const kind of ['slack', 'webhook', 'teams'])
      await call('POST', '/settings/integrations', {
        kind,
        url: `https://${kind}.example.com/hook/abcdefghijkl`,
      });
    await call('POST', '/settings/integrations/3', { enabled: false });
    const gone = 'Turned off: the receiver answered 410 Gone.';
    await app.storage.write.run((trx) =>
      tablesOf<IntegrationTables>(trx)
        .updateTable('integrations')
        .set({ enabled: 0, disabled_reason: gone })
        .where('id', '=', 2)
        .execute(),
    );
    expect((await call('GET', '/leads')).json().disabledIntegrations).toEqual([
      { id: 2, kind: 'webhook', reason: gone },
    ]);
  });
});

describe('Settings → Auto-reply', () => {
  it('is read, saved (in the activity log) and previewed with a sample reference', async () => {
    const { call } = await settings({ ACK_EMAIL: 'true' });
    const seeded = (await call('GET', '/settings/auto-reply')).json();
    expect(seeded).toMatchObject({ enabled: true, updatedAt: null, updatedBy: null });
    expect(seeded.text).toMatch(/^Hello,\n\nThank you for contacting /);

    const saved = await call('POST', '/settings/auto-reply', {
      enabled: false,
      text: '  Thanks! We reply within one working day.  ',
    });
    expect(saved.json()).toMatchObject({
      enabled: false,
      text: 'Thanks! We reply within one working day.',
      updatedBy: 'priya@acme.test',
      updatedAt: expect.any(String),
    });
    expect((await call('GET', '/settings/auto-reply')).json()).toEqual(saved.json());
    expect((await activity(call))[0]).toMatchObject({
      action: 'auto-reply-changed',
      summary: 'Auto-reply: turned it off, changed its text (off)',
    });

    const empty = await call('POST', '/settings/auto-reply', { enabled: true, text: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ text: 'Write the text of the auto-reply.' });
    expect(
      (await call('POST', '/settings/auto-reply', { enabled: true, text: 'x'.repeat(2001) })).statusCode,
    ).toBe(400);

    const preview = await call('POST', '/settings/auto-reply/preview', { text: 'We got it.\n\nTalk soon.' });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().subject).toMatch(/^We received your quote request – /);
    expect(preview.json().text).toMatch(/^We got it\.\n\nTalk soon\.\n\nYour reference: Q-7F3K9C\n/);
    expect(preview.json().text).toContain('If that was not you, please ignore it.');
    expect((await call('POST', '/settings/auto-reply/preview', { text: '' })).statusCode).toBe(400);
  });

  it('lets staff find a lead by the reference its auto-reply gives', async () => {
    const { app, call } = await settings();
    await injectQuote(app, { name: 'First Lead' });
    await injectQuote(app, { name: 'Second Lead' });
    const [, second] = await tablesOf<LeadTables>(app.storage.db)
      .selectFrom('quote_requests')
      .select('reference')
      .orderBy('id')
      .execute();
    for (const query of [second!.reference, second!.reference.toLowerCase(), ` ${second!.reference} `]) {
      const found = await call('GET', `/leads?q=${encodeURIComponent(query)}`);
      expect(found.json().leads.map((lead: { name: string }) => lead.name)).toEqual(['Second Lead']);
    }
  });
});
