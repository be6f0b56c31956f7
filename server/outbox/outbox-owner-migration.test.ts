import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { migratedTo } from '../test/migrated-to.ts';
import { tempDir } from '../test/temp-dir.ts';
import { testConfig } from '../test/test-app.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { OutboxTables } from './outbox-table.ts';

const PREVIOUS = '2026-11-28-630-lead-counts';
const AT = '2026-11-20T10:00:00.000Z';

const opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

/**
 * The previous release's rows, one per lane and owner: a lead's notification, an integration's
 * delivery of a status change, a subscriber's confirmation, a campaign's email to a subscriber and
 * its test email.
 */
async function previousRelease(db: Parameters<NonNullable<Parameters<typeof migratedTo>[2]>>[0]) {
  await sql`insert into quote_requests (id, created_at, reference, name, email, phone, message, source_page,
      status, spam) values (7, ${AT}, 'Q-AAAAAA', 'Priya', 'priya@company.in', '', 'A shop.', '/', 'new', 0)`.execute(
    db,
  );
  await sql`insert into subscribers (id, email, status, created_at, last_signup_at, source_page,
      consent_version, consent_text) values (5, 'ravi@traders.in', 'confirmed', ${AT}, ${AT}, '/', 'v1', 'Yes.')`.execute(
    db,
  );
  await sql`insert into campaigns (id, subject, preheader, body_markdown, status, created_by, created_at,
      updated_at) values (3, 'News', '', 'Hi', 'sending', 'priya@acme.test', ${AT}, ${AT})`.execute(db);
  await sql`insert into integrations (id, kind, url, secret, enabled, created_by, created_at, updated_at)
      values (2, 'slack', 'https://hooks.slack.com/services/T/B/x', null, 1, 'priya@acme.test', ${AT}, ${AT})`.execute(
    db,
  );
  const row = (id: number, owners: string, kind: string, lane: string) =>
    sql.raw(`(${id}, ${owners}, '${kind}', '${lane}', 'to@acme.test', '<m${id}@acme.test>', 'sent', 1,
      '${AT}', '${AT}', '${AT}')`);
  await sql`insert into outbox (id, quote_request_id, subscriber_id, campaign_id, integration_id, event_type,
      event_data, kind, lane, recipient, message_id, status, attempts, next_attempt_at, created_at, updated_at)
    values ${sql.join([
      row(41, '7, null, null, null, null, null', 'notification', 'mail'),
      row(
        42,
        `7, null, null, 2, 'lead.status_changed', '{"from":"new","to":"won"}'`,
        'integration',
        'integration',
      ),
      row(43, 'null, 5, null, null, null, null', 'confirmation', 'mail'),
      row(44, 'null, 5, 3, null, null, null', 'campaign', 'campaign'),
      row(45, 'null, null, 3, null, null, null', 'campaign-test', 'mail'),
    ])}`.execute(db);
}

describe(`the outbox owners migration, on ${testDatabase}`, () => {
  it('keeps every row, with the same owner, recipient and event, in the generic columns', async () => {
    const config = testConfig({}, tempDir());
    await migratedTo(config.database, PREVIOUS, previousRelease);
    const stores = await openStores(config);
    opened.push(stores);
    const rows = await tablesOf<OutboxTables>(stores.storage.db)
      .selectFrom('outbox')
      .select(['id', 'kind', 'owner_type', 'owner_id', 'recipient_type', 'recipient_id', 'payload'])
      .orderBy('id')
      .execute();
    expect(rows.map((row) => ({ ...row, payload: row.payload && JSON.parse(row.payload) }))).toEqual([
      {
        id: 41,
        kind: 'notification',
        owner_type: 'lead',
        owner_id: 7,
        recipient_type: null,
        recipient_id: null,
        payload: null,
      },
      {
        id: 42,
        kind: 'integration',
        owner_type: 'lead',
        owner_id: 7,
        recipient_type: 'integration',
        recipient_id: 2,
        payload: { event: 'lead.status_changed', data: { from: 'new', to: 'won' } },
      },
      {
        id: 43,
        kind: 'confirmation',
        owner_type: 'subscriber',
        owner_id: 5,
        recipient_type: null,
        recipient_id: null,
        payload: null,
      },
      {
        id: 44,
        kind: 'campaign',
        owner_type: 'campaign',
        owner_id: 3,
        recipient_type: 'subscriber',
        recipient_id: 5,
        payload: null,
      },
      {
        id: 45,
        kind: 'campaign-test',
        owner_type: 'campaign',
        owner_id: 3,
        recipient_type: null,
        recipient_id: null,
        payload: null,
      },
    ]);
    // The lead's page still shows its delivery, and new rows take ids after the old ones.
    expect((await stores.integrations.ofLead(7)).map((row) => [row.integrationId, row.event])).toEqual([
      [2, 'lead.status_changed'],
    ]);
    expect(await stores.campaigns.stats.figures([3])).toEqual(
      new Map([[3, expect.objectContaining({ sent: 1 })]]),
    );
  });

  it('needs an owner for every row and lets a campaign send one email per recipient', async () => {
    const stores = await openStores(testConfig({}, tempDir()));
    opened.push(stores);
    const email = (id: number, owner: { owner_type?: string; owner_id?: number }) =>
      sql`insert into outbox (${sql.raw(Object.keys(owner).join(', ') + (Object.keys(owner).length ? ',' : ''))}
          kind, lane, recipient, message_id, status, attempts, next_attempt_at, created_at, updated_at,
          recipient_type, recipient_id)
        values (${sql.join([...Object.values(owner), 'campaign', 'campaign', 'a@b.in', `<${id}@acme.test>`, 'pending', 0, AT, AT, AT, 'subscriber', 5])})`.execute(
        stores.storage.db,
      );
    await email(1, { owner_type: 'campaign', owner_id: 3 });
    await expect(email(2, { owner_type: 'campaign', owner_id: 3 })).rejects.toThrow(/unique/i);
    await expect(email(3, {})).rejects.toThrow(/not.null/i);
  });
});
