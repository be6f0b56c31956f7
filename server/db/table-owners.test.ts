import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../../scripts/lib/table-owners.ts';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';

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
  'leads/quote-migrations.ts outbox',
  'leads/quote-postgres-migrations.ts outbox',
  'leads/dashboard-migrations.ts visit_pages',
  'leads/dashboard-migrations.ts visit_sources',
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
