/**
 * The server is killed (SIGKILL, no chance to clean up) in the middle of sending a campaign to a real
 * SMTP server. After a restart, the campaign finishes, and every recipient received it exactly once:
 * only an email accepted but not yet recorded when the process died may arrive twice, and then with
 * the same Message-ID, which mail programs drop as a duplicate.
 */
import { describe, expect, it, vi } from 'vitest';
import { readerEmails, seedConfirmedSubscribers } from '../test/confirmed-subscribers.ts';
import { openStores } from '../stores.ts';
import { startServer, stopServer } from '../test/server-process.ts';
import { fakeSite, tempDir } from '../test/temp-dir.ts';
import { testConfig, testSmtpSink } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from '../outbox/outbox-table.ts';

const RECIPIENTS = 400;
const KILL_AFTER = 150;

describe('kill -9 in the middle of a campaign', () => {
  it('sends to every recipient once across the crash and the restart', { timeout: 90_000 }, async () => {
    const sink = await testSmtpSink();
    const dir = tempDir();
    const config = testConfig({ SMTP_URL: sink.url }, dir);
    const stores = await openStores(config);
    let campaignId: number;
    try {
      await seedConfirmedSubscribers(stores.storage, readerEmails(RECIPIENTS));
      const campaign = await stores.campaigns.create(
        { subject: 'News', preheader: '', bodyMarkdown: 'Hello **readers**.' },
        'priya@acme.test',
      );
      campaignId = campaign.id;
      expect(await stores.campaigns.send(campaign.id, campaign.version)).toHaveProperty('campaign');
    } finally {
      await stores.close();
    }

    const env = {
      HOST: '127.0.0.1',
      PORT: '0',
      SITE_DIR: fakeSite(dir),
      SITE_URL: config.siteUrl,
      DATABASE_PATH: config.database.path,
      ...(config.database.url ? { DATABASE_URL: config.database.url } : {}),
      MAIL_DIR: config.mail.dir,
      BACKUP_DIR: config.backup.dir,
      MAIL_FROM: 'Acme Tech <quotes@acme.test>',
      SMTP_URL: sink.url,
      CAMPAIGN_RATE_PER_MINUTE: '0',
      OUTBOX_POLL_MS: '50',
    };
    const server = await startServer({ env });
    await vi.waitFor(() => expect(sink.messages.length).toBeGreaterThanOrEqual(KILL_AFTER), {
      timeout: 30_000,
    });
    server.child.kill('SIGKILL');
    expect((await server.exited).signal).toBe('SIGKILL');
    const beforeRestart = sink.messages.length;
    expect(beforeRestart).toBeLessThan(RECIPIENTS); // the kill came mid-send

    // The dead process's leases would run out after minutes (longer than any SMTP exchange); the test
    // lets that time pass at once instead of waiting for it.
    const after = await openStores(config);
    try {
      await after.storage.write.run((trx) =>
        tablesOf<OutboxTables>(trx)
          .updateTable('outbox')
          .set({ claimed_until: '2000-01-01T00:00:00.000Z' })
          .where('claimed_until', 'is not', null)
          .execute(),
      );
    } finally {
      await after.close();
    }

    const restarted = await startServer({ env });
    const check = await openStores(config);
    try {
      await vi.waitFor(
        async () => {
          expect((await check.campaigns.find(campaignId))?.status).toBe('sent');
        },
        { timeout: 40_000 },
      );
    } finally {
      await check.close();
    }
    expect((await stopServer(restarted)).code).toBe(0);

    const idsByRecipient = new Map<string, Set<string>>();
    for (const mail of sink.messages) {
      const to = (mail.to as { text: string }).text;
      const ids = idsByRecipient.get(to) ?? new Set<string>();
      ids.add(mail.messageId ?? '');
      idsByRecipient.set(to, ids);
    }
    expect(idsByRecipient.size).toBe(RECIPIENTS); // nobody missed
    for (const ids of idsByRecipient.values()) expect(ids.size).toBe(1); // never two different emails
    // At most the emails in flight when the process died came twice (with the same Message-ID).
    expect(sink.messages.length - RECIPIENTS).toBeLessThanOrEqual(50);
  });
});
