import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';

/**
 * Each table and its one owner: the folder of server/ that alone creates, alters, indexes and triggers
 * it. The others read it through what the owner exports (docs/migrations.md).
 */
const TABLE_OWNERS: Readonly<Record<string, string>> = {
  quote_requests: 'quote',
  lead_events: 'quote',
  lead_counts: 'quote',
  auto_reply: 'quote',
  lead_attachments: 'attachments',
  attachment_chunks: 'attachments',
  attachment_upload_days: 'attachments',
  lead_messages: 'conversations',
  mailbox_state: 'conversations',
  unreadable_mail: 'conversations',
  saved_replies: 'conversations',
  outbox: 'outbox',
  outbox_throttle: 'outbox',
  mail_drop: 'outbox',
  subscribers: 'newsletter',
  subscriber_tokens: 'newsletter',
  campaigns: 'newsletter',
  integrations: 'integrations',
  integration_deliveries: 'integrations',
  admin_accounts: 'admin',
  admin_passkeys: 'admin',
  admin_sessions: 'admin',
  admin_invitations: 'admin',
  admin_ceremonies: 'admin',
  admin_activity: 'admin',
  lead_assignment: 'admin',
  staff_digests: 'admin',
  visit_days: 'visits',
  visit_pages: 'visits',
  visit_sources: 'visits',
  visit_salts: 'visits',
  job_runs: 'jobs',
};

/** Where emails are kept without SMTP_URL on PostgreSQL; on SQLite they are .eml files. */
const ONLY_ON_POSTGRES = ['mail_drop'];

/**
 * Shipped before the rule, so never edited (a shipped migration is never changed): a migration file
 * and the table of another owner it touches. The list only shrinks; a new entry fails review.
 */
const SHIPPED_BEFORE_THE_RULE = [
  'newsletter/campaign-migrations.ts outbox',
  'newsletter/newsletter-migrations.ts outbox',
  'newsletter/newsletter-postgres-migrations.ts outbox',
  'integrations/integration-migrations.ts outbox',
  'quote/quote-migrations.ts outbox',
  'quote/quote-postgres-migrations.ts outbox',
  'quote/dashboard-migrations.ts visit_pages',
  'quote/dashboard-migrations.ts visit_sources',
];

/** The tables a migration's code creates, alters, indexes, drops or triggers, through Kysely or SQL. */
export function touchedTables(source: string): string[] {
  const patterns = [
    /\.(?:createTable|alterTable|dropTable|dropIndex)\(\s*'([a-z_]+)'/g,
    /\.on\(\s*'([a-z_]+)'\s*\)/g,
    /\b(?:create\s+table|alter\s+table|drop\s+table)\s+(?:if\s+(?:not\s+)?exists\s+)?"?([a-z_]+)/gi,
    /\bcreate\s+(?:unique\s+)?index\s+(?:if\s+not\s+exists\s+)?[a-z_]+\s+on\s+"?([a-z_]+)/gi,
    /\bcreate\s+(?:or\s+replace\s+)?(?:constraint\s+)?trigger\s+[a-z_]+[\s\S]{0,200}?\bon\s+"?([a-z_]+)/gi,
  ];
  const found = patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] ?? ''));
  return [...new Set(found.map((table) => table.toLowerCase()))].sort();
}

function migrationFiles(): string[] {
  return readdirSync('server', { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) =>
      readdirSync(join('server', folder.name))
        .filter((name) => /migrations\.ts$/.test(name))
        .map((name) => `${folder.name}/${name}`),
    );
}

describe('every table', () => {
  it('has one owner, on this database as on the other', async () => {
    const stores = await openStores(testConfig());
    try {
      const tables = (await stores.storage.db.introspection.getTables())
        .map((table) => table.name)
        .filter((name) => !name.startsWith('kysely_') && !name.startsWith('quote_requests_search'));
      const expected = Object.keys(TABLE_OWNERS).filter(
        (table) => testDatabase === 'postgres' || !ONLY_ON_POSTGRES.includes(table),
      );
      expect([...tables].sort()).toEqual(expected.sort());
    } finally {
      await stores.close();
    }
  });

  it("is created, altered, indexed and triggered by its owner's migrations only", () => {
    const trespasses = migrationFiles().flatMap((file) => {
      const owner = file.split('/')[0];
      return touchedTables(readFileSync(join('server', file), 'utf8'))
        .filter((table) => table in TABLE_OWNERS && TABLE_OWNERS[table] !== owner)
        .map((table) => `${file} ${table}`);
    });
    expect(trespasses.filter((entry) => !SHIPPED_BEFORE_THE_RULE.includes(entry))).toEqual([]);
    // The frozen list holds only what is still there.
    expect(SHIPPED_BEFORE_THE_RULE.filter((entry) => !trespasses.includes(entry))).toEqual([]);
  });
});

describe('the reading of a migration', () => {
  it('finds the tables touched through Kysely or SQL', () => {
    const source = `
      await db.schema.alterTable('outbox').addColumn('x', 'text').execute();
      await db.schema.createIndex('a_b').on('quote_requests').column('b').execute();
      await sql\`create unique index outbox_campaign_recipient on outbox (campaign_id)\`.execute(db);
      await sql\`create trigger lead_counts_insert after insert on quote_requests begin select 1; end\`.execute(db);
      await sql\`ALTER TABLE "subscribers" ADD COLUMN y text\`.execute(db);`;
    expect(touchedTables(source)).toEqual(['outbox', 'quote_requests', 'subscribers']);
  });
});
