import type { FastifyInstance } from 'fastify';
import { seedConfirmedSubscribers } from '../test/confirmed-subscribers.ts';
import { describe, expect, it } from 'vitest';
import type { Config } from '../config/config.ts';
import { api, staffMember } from '../test/admin-client.ts';
import { listUnsubscribeLink, oneClickUnsubscribe } from '../test/newsletter-client.ts';
import { rawHeader, type SmtpSinkOptions } from '../test/smtp-sink.ts';
import { testApp, testSmtpSink } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { NewsletterTables } from './newsletter-tables.ts';

const draft = {
  subject: 'November news',
  preheader: 'Three things we shipped',
  bodyMarkdown: '# What is new\n\nRead [our blog](https://www.acme.test/blog).',
};

/** Confirmed subscribers, as an import would add them. */
const confirmedSubscribers = (app: FastifyInstance, emails: readonly string[]) =>
  seedConfirmedSubscribers(app.storage, emails, '2026-11-01T09:00:00.000Z');

/** An app sending to a real SMTP sink (no throttle unless given), with a signed-in staff member. */
async function sendingApp(
  env: Record<string, string> = {},
  sinkOptions: SmtpSinkOptions = {},
  clock: { now?: () => Date } = {},
) {
  const sink = await testSmtpSink(sinkOptions);
  const { app, config } = await testApp({
    env: { SMTP_URL: sink.url, CAMPAIGN_RATE_PER_MINUTE: '0', OUTBOX_MAX_ATTEMPTS: '3', ...env },
    ...clock,
  });
  const staff = await staffMember(app, config, 'priya@acme.test');
  const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    api(app, config, method, path, { cookie: staff.cookie, ...(body === undefined ? {} : { body }) });
  /** A new campaign sent at once; its reply. */
  const sendCampaign = async (subject = draft.subject) => {
    const created = (await call('POST', '/campaigns', { ...draft, subject })).json();
    const sent = await call('POST', `/campaigns/${created.id}/send`, { version: created.version });
    expect(sent.statusCode).toBe(200);
    return sent.json();
  };
  /** Runs the campaign lane until nothing is due, then the sender's pass. */
  const drain = async () => {
    while ((await app.campaignWorker.runOnce()) > 0);
    await app.campaignScheduler.runOnce();
  };
  return { app, config: config as Config, sink, call, sendCampaign, drain };
}

const recipientsOf = (sink: { messages: { to?: unknown }[] }) =>
  sink.messages.map((mail) => (mail.to as { text: string }).text).sort();

describe('sending a campaign', () => {
  it(
    'fixes the recipients when it starts, sends each one email with its headers, and one-click unsubscribes at once',
    { timeout: 20_000 },
    async () => {
      const { app, call, sink, sendCampaign, drain } = await sendingApp();
      expect((await call('GET', '/campaigns/audience')).json()).toEqual({ confirmed: 0 });
      const empty = (await call('POST', '/campaigns', draft)).json();
      const refused = await call('POST', `/campaigns/${empty.id}/send`, { version: empty.version });
      expect(refused.json()).toMatchObject({ error: 'no-recipients' });

      await confirmedSubscribers(app, ['a@reader.test', 'b@reader.test', 'c@reader.test']);
      expect((await call('GET', '/campaigns/audience')).json()).toEqual({ confirmed: 3 });
      const stale = await call('POST', `/campaigns/${empty.id}/send`, { version: empty.version + 5 });
      expect(stale.json()).toMatchObject({ error: 'stale-version' });
      const campaign = await sendCampaign();
      expect(campaign).toMatchObject({ status: 'sending', slug: `november-news-${campaign.id}` });
      expect(campaign.progress).toMatchObject({ recipients: 3, sent: 0, waiting: 3 });
      // Subscribed after the start: not a recipient of this campaign.
      await confirmedSubscribers(app, ['late@reader.test']);
      await drain();

      expect(recipientsOf(sink)).toEqual(['a@reader.test', 'b@reader.test', 'c@reader.test']);
      const ids = new Set(sink.messages.map((mail) => mail.messageId));
      expect(ids.size).toBe(3);
      const links = new Set<string>();
      for (const mail of sink.messages) {
        expect(mail.subject).toBe('November news');
        const link = listUnsubscribeLink(rawHeader(mail, 'List-Unsubscribe'));
        links.add(link);
        expect(rawHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
        expect(rawHeader(mail, 'List-Id')).toMatch(/newsletter <newsletter\.www\.acme\.test>$/);
        expect(mail.html).toContain(`href="https://www.acme.test${link.replace(/&/g, '&amp;')}"`);
        expect(mail.text).toContain(`https://www.acme.test${link}`);
        expect(mail.html).toContain(`https://www.acme.test/newsletter/archive/november-news-${campaign.id}`);
        expect(mail.html).not.toContain('PLACEHOLDER');
      }
      expect(links.size).toBe(3); // each recipient their own link
      const done = (await call('GET', `/campaigns/${campaign.id}`)).json();
      expect(done).toMatchObject({ status: 'sent', recipients: 3, sent: 3, failed: 0 });
      expect(done.finishedAt).not.toBeNull();
      expect(done.progress).toMatchObject({ sent: 3, waiting: 0, failed: 0, secondsLeft: null });
      // Campaign mail stays out of the Outbox view (the notifications' lane).
      expect((await call('GET', '/outbox?status=pending')).json().counts).toEqual({ pending: 0, dead: 0 });

      const b = sink.messages.find((mail) => (mail.to as { text: string }).text === 'b@reader.test');
      const unsubscribed = await oneClickUnsubscribe(
        app,
        listUnsubscribeLink(rawHeader(b!, 'List-Unsubscribe')),
      );
      expect(unsubscribed.statusCode).toBeLessThan(300);
      expect((await call('GET', `/campaigns/${campaign.id}`)).json().progress.unsubscribedSince).toBe(1);

      const next = await sendCampaign('December news');
      expect(next.progress.recipients).toBe(3); // a, c and the later subscriber; not b
      sink.messages.length = 0;
      await drain();
      expect(recipientsOf(sink)).toEqual(['a@reader.test', 'c@reader.test', 'late@reader.test']);

      const log = (await call('GET', '/activity')).json().entries as { action: string; by: string }[];
      expect(log.filter((entry) => entry.action === 'campaign-send-started')).toHaveLength(2);
      expect(log.find((entry) => entry.action === 'campaign-send-started')?.by).toBe('priya@acme.test');
    },
  );

  it(
    'pauses, resumes and cancels: held emails wait, cancelled ones never go',
    { timeout: 20_000 },
    async () => {
      const { app, call, sink, sendCampaign, drain } = await sendingApp();
      await confirmedSubscribers(
        app,
        Array.from({ length: 120 }, (_, index) => `reader-${index}@reader.test`),
      );
      const campaign = await sendCampaign();
      await app.campaignWorker.runOnce(); // one batch of 50
      expect(sink.messages).toHaveLength(50);

      const paused = await call('POST', `/campaigns/${campaign.id}/pause`, {});
      expect(paused.json()).toMatchObject({ status: 'paused', pausedReason: null });
      expect(paused.json().progress).toMatchObject({ sent: 50, waiting: 70 });
      await drain();
      expect(sink.messages).toHaveLength(50);
      expect((await call('POST', `/campaigns/${campaign.id}/pause`, {})).json()).toMatchObject({
        error: 'wrong-status',
      });

      expect((await call('POST', `/campaigns/${campaign.id}/resume`, {})).json().status).toBe('sending');
      await app.campaignWorker.runOnce();
      expect(sink.messages).toHaveLength(100);
      const cancelled = await call('POST', `/campaigns/${campaign.id}/cancel`, {});
      expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
      await drain();
      expect(sink.messages).toHaveLength(100);
      expect(new Set(recipientsOf(sink)).size).toBe(100);
      expect((await call('GET', `/campaigns/${campaign.id}`)).json()).toMatchObject({
        status: 'cancelled',
        sent: 100,
        progress: { waiting: 0 },
      });
      const actions = ((await call('GET', '/activity')).json().entries as { action: string }[]).map(
        (entry) => entry.action,
      );
      expect(actions).toEqual(
        expect.arrayContaining(['campaign-paused', 'campaign-resumed', 'campaign-cancelled']),
      );
    },
  );

  it('marks a 5xx recipient bounced and never sends to it again; a temporary failure is retried', async () => {
    let tempFailures = 1;
    // The app's clock, standing still until moved past the retry's backoff (never waited for).
    const start = Date.now();
    let ahead = 0;
    const now = () => new Date(start + ahead);
    const { app, call, sink, sendCampaign, drain } = await sendingApp(
      {},
      {
        onRcptTo: (address) => {
          if (address === 'gone@reader.test') return { code: 550, message: 'No such user' };
          if (address === 'busy@reader.test' && tempFailures-- > 0)
            return { code: 451, message: 'Try later' };
          return undefined;
        },
      },
      { now },
    );
    await confirmedSubscribers(app, ['ok@reader.test', 'gone@reader.test', 'busy@reader.test']);
    const campaign = await sendCampaign();
    await app.campaignWorker.runOnce();
    const failures = (await call('GET', `/campaigns/${campaign.id}/failures`)).json();
    expect(failures.total).toBe(2);
    expect(failures.failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'gone@reader.test', bounced: true, retrying: false }),
        expect.objectContaining({ email: 'busy@reader.test', bounced: false, retrying: true }),
      ]),
    );
    ahead += 60_000; // past the backoff (10-40 ms in tests)
    await drain();
    expect(recipientsOf(sink)).toEqual(['busy@reader.test', 'ok@reader.test']);
    const done = (await call('GET', `/campaigns/${campaign.id}`)).json();
    expect(done).toMatchObject({ status: 'sent', sent: 2, failed: 1, progress: { bounced: 1 } });
    const subscribers = (await call('GET', '/subscribers?view=bounced')).json();
    expect(subscribers.subscribers.map((row: { email: string }) => row.email)).toEqual(['gone@reader.test']);

    // Retry failed leaves the bounced one alone; the next campaign does not go to it.
    expect((await call('POST', `/campaigns/${campaign.id}/retry-failed`, {})).json()).toEqual({ queued: 0 });
    expect((await sendCampaign('December news')).progress.recipients).toBe(2);
  });

  it(
    'pauses itself after 10 failures in a row and says why; Retry failed sends to them after the fix',
    { timeout: 20_000 },
    async () => {
      let down = true;
      const { app, call, sink, sendCampaign, drain } = await sendingApp(
        { OUTBOX_MAX_ATTEMPTS: '1' },
        { onRcptTo: () => (down ? { code: 451, message: 'Mailbox busy' } : undefined) },
      );
      await confirmedSubscribers(
        app,
        Array.from({ length: 30 }, (_, index) => `reader-${index}@reader.test`),
      );
      const campaign = await sendCampaign();
      await drain();
      const paused = (await call('GET', `/campaigns/${campaign.id}`)).json();
      expect(paused.status).toBe('paused');
      expect(paused.pausedReason).toMatch(/10 failed emails in a row.*Mailbox busy/);
      // The emails of the batch already taken were tried (4 at a time); the rest wait, held.
      expect(paused.failed).toBeGreaterThanOrEqual(10);
      expect(paused.progress.waiting).toBe(30 - paused.failed);
      const log = (await call('GET', '/activity')).json().entries as { action: string; by: string | null }[];
      expect(log.find((entry) => entry.action === 'campaign-paused')?.by).toBeNull();

      down = false;
      const retried = (await call('POST', `/campaigns/${campaign.id}/retry-failed`, {})).json();
      expect(retried.queued).toBe(paused.failed);
      await call('POST', `/campaigns/${campaign.id}/resume`, {});
      await drain();
      expect(new Set(recipientsOf(sink)).size).toBe(30);
      expect((await call('GET', `/campaigns/${campaign.id}`)).json()).toMatchObject({
        status: 'sent',
        sent: 30,
        failed: 0,
      });
    },
  );

  it('skips a recipient who is no longer confirmed when their email comes due, and still finishes', async () => {
    const { app, call, sink, sendCampaign, drain } = await sendingApp();
    await confirmedSubscribers(app, ['stays@reader.test', 'leaves@reader.test']);
    const campaign = await sendCampaign();
    await app.storage.write.run((trx) =>
      tablesOf<NewsletterTables>(trx)
        .updateTable('subscribers')
        .set({ status: 'unsubscribed', unsubscribed_at: new Date().toISOString() })
        .where('email', '=', 'leaves@reader.test')
        .execute(),
    );
    await drain();
    expect(recipientsOf(sink)).toEqual(['stays@reader.test']);
    expect((await call('GET', `/campaigns/${campaign.id}`)).json()).toMatchObject({
      status: 'sent',
      recipients: 2,
      sent: 1,
      failed: 0,
      progress: { unsubscribedSince: 1, waiting: 0 },
    });
  });

  it('schedules at a local time in ADMIN_TIME_ZONE, refuses the past, and unschedules', async () => {
    const { app, call } = await sendingApp({ ADMIN_TIME_ZONE: 'Asia/Kolkata' });
    await confirmedSubscribers(app, ['a@reader.test']);
    const created = (await call('POST', '/campaigns', draft)).json();
    const past = await call('POST', `/campaigns/${created.id}/schedule`, {
      version: created.version,
      at: '2020-01-01T09:00',
    });
    expect(past.json()).toMatchObject({ error: 'in-the-past' });
    const scheduled = await call('POST', `/campaigns/${created.id}/schedule`, {
      version: created.version,
      at: '2099-12-01T09:30',
    });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', scheduledAt: '2099-12-01T04:00:00.000Z' });
    await app.campaignScheduler.runOnce();
    expect((await call('GET', `/campaigns/${created.id}`)).json().status).toBe('scheduled');
    const draftAgain = await call('POST', `/campaigns/${created.id}/unschedule`, {});
    expect(draftAgain.json()).toMatchObject({ status: 'draft', scheduledAt: null });
  });
});
