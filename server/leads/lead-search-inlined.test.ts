import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleQuote } from '../../common/quote-sample.ts';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';

/*
 * Every lead's insert computes its search words through lead_search_text and lead_search_fold
 * (quote-postgres-migrations.ts). Run as functions of their own, they cost PostgreSQL a sixth of its CPU
 * per quote; inlined, they are part of the statement's own expression.
 */
describe.skipIf(testDatabase !== 'postgres')("PostgreSQL's search words", () => {
  let stores: Awaited<ReturnType<typeof openStores>>;
  beforeAll(async () => {
    stores = await openStores(testConfig());
  });
  afterAll(() => stores.close());

  const plan = async (expression: ReturnType<typeof sql>) => {
    const { rows } = await sql<{ 'QUERY PLAN': string }>`explain (verbose, costs off)
      select ${expression} as words from quote_requests`.execute(stores.storage.db);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  };

  it('are worked out inside the statement that needs them, with no function called per row', async () => {
    const words = await plan(
      sql`to_tsvector('simple'::regconfig, lead_search_text(name || ' ' || email || ' ' || phone || ' ' || message))`,
    );
    expect(words).toContain('regexp_replace');
    expect(words).not.toMatch(/lead_search_(text|fold)\(/);
  });

  it('are the same words as before, and nothing for nothing', async () => {
    const { rows } = await sql<{ text: string | null; fold: string | null; none: string | null }>`select
        lead_search_text('José <b>Café</b>, priya@company.in: +91 98765') as text,
        lead_search_fold('ज़ोया ख़ान') as fold,
        lead_search_text(null) as none`.execute(stores.storage.db);
    expect(rows[0]).toEqual({
      text: 'Jose  b Cafe  b   priya company in   91 98765',
      fold: 'ज़ोया ख़ान'
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .normalize('NFC'),
      none: null,
    });
  });

  it('still find a lead just sent', async () => {
    const stored = await stores.leads.store({
      request: { ...sampleQuote(), name: 'Gurpreet Café', message: 'ਖੇਤੀ app for our dairy farm, please.' },
      sourcePage: '/contact',
      spam: false,
    });
    const { rows } = await sql<{ id: number }>`select id from quote_requests
      where search_words @@ to_tsquery('simple'::regconfig, lead_search_fold(${"'cafe':* & 'ਖੇਤੀ':*"}))`.execute(
      stores.storage.db,
    );
    expect(rows.map((row) => row.id)).toEqual([stored.id]);
  });
});
