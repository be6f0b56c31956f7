import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateQuoteRequest } from '../../common/quote-request.ts';
import { sampleQuote } from '../../common/quote-sample.ts';
import { openStores } from '../stores.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';

/*
 * One table of searches, run on SQLite (the node project) and again on
 * PostgreSQL (the postgres project): the same leads, the same searches, the
 * same leads found. SQLite's FTS5 index and PostgreSQL's tsvector and trigram
 * index are built differently (lead-search.ts, quote-postgres-migrations.ts); this
 * is what holds them to one behaviour.
 */

const LEADS = [
  {
    name: 'राहुल शर्मा',
    email: 'rahul@dukaan.in',
    phone: '+91 98765 43210',
    message: 'हमें वेबसाइट चाहिए for our kirana store.',
  },
  {
    name: 'ਗੁਰਪ੍ਰੀਤ ਸਿੰਘ',
    email: 'gurpreet@farm.in',
    phone: '(0161) 245-6789',
    message: 'ਖੇਤੀ app and booking for our dairy farm.',
  },
  {
    name: 'Priya Sharma',
    email: 'priya@company.in',
    phone: '+91 91234 56780',
    message: 'An online shop for sarees; budget 1.5 lakh (see https://old-shop.example/home).',
  },
  // Typed with the nukta as a letter of its own (U+095B): stored in NFC, as ज and the nukta mark.
  { name: '\u095Bोया ख़ान', email: 'zoya@studio.in', phone: '98111 22233', message: 'Logo <b>redesign</b>.' },
  { name: 'José Café', email: 'jose@cafe.example', phone: '+91 99887 76655', message: 'Menu, C++ & SEO.' },
  { name: 'ＡＣＭＥ Traders', email: 'acme@traders.in', phone: '0172 500 6000', message: 'Catalogue app.' },
] as const;

type Name = (typeof LEADS)[number]['name'];
const [rahul, gurpreet, priya, zoya, jose, acme] = LEADS.map((lead) => lead.name) as Name[] as [
  Name,
  Name,
  Name,
  Name,
  Name,
  Name,
];
const zoyaAsStored = zoya.normalize('NFC');

const SEARCHES: [query: string, found: string[]][] = [
  // Names in Devanagari and Gurmukhi, by a whole word or its start.
  ['राहुल', [rahul]],
  ['राहु', [rahul]],
  ['शर्मा', [rahul]],
  ['ਗੁਰਪ੍ਰੀਤ', [gurpreet]],
  ['ਗੁਰਪ੍ਰੀ ਸਿੰਘ', [gurpreet]],
  // A nukta typed either way.
  ['\u095Bोया', [zoyaAsStored]],
  ['\u091C\u093Cोया', [zoyaAsStored]],
  ['ख़ान', [zoyaAsStored]],
  // Words of the message, in any order, and its punctuation taken as a space.
  ['वेबसाइट', [rahul]],
  ['dairy ਖੇਤੀ', [gurpreet]],
  ['sarees budget', [priya]],
  ['lakh 1.5', [priya]],
  ['old-shop', [priya]],
  ['redesign', [zoyaAsStored]],
  ['seo c', [jose]],
  ['app', [acme, gurpreet]],
  // An email, whole, in part, or by its start.
  ['priya@company', [priya]],
  ['priya@company.in', [priya]],
  ['company', [priya]],
  // Accents of Latin letters ignored, full-width letters found as typed.
  ['jose cafe', [jose]],
  ['CAFÉ', [jose]],
  ['ＡＣＭＥ', [acme]],
  ['ａｃｍｅ', [acme]],
  // A phone number, written three ways, and a run of its digits.
  ['9876543210', [rahul]],
  ['+919876543210', [rahul]],
  ['09876543210', [rahul]],
  ['+91 98765-43210', [rahul]],
  ['2456789', [gurpreet]],
  ['0161 245 6789', [gurpreet]],
  ['5006000', [acme]],
  ['98765', [rahul]],
  // Nothing.
  ['nobody', []],
  ['rahul priya', []],
  ['"; DROP TABLE quote_requests; --', []],
  ["' & | ! : * ( )", []],
  ['@@ -- ""', []],
];

describe(`one table of searches, on ${testDatabase}`, () => {
  let stores: Awaited<ReturnType<typeof openStores>>;
  const references = new Map<string, string>();

  beforeAll(async () => {
    stores = await openStores(testConfig());
    for (const fields of LEADS) {
      const valid = validateQuoteRequest(sampleQuote(fields));
      if (!valid.ok) throw new Error(JSON.stringify(valid.errors));
      const { id } = await stores.leads.store({ request: valid.value, sourcePage: '/', spam: false });
      const lead = await stores.leads.get(id);
      references.set(lead?.name ?? '', lead?.reference ?? '');
    }
  });
  afterAll(() => stores.close());

  const found = async (search: string, limit?: number) => {
    const page = await stores.leads.page({ view: 'all', search, ...(limit ? { limit } : {}) });
    return page.items.map((item) => item.lead.name).sort();
  };

  it.each(SEARCHES)('%s', async (query, names) => {
    expect(await found(query)).toEqual([...names].sort());
    // The CSV export's search finds the same.
    const all = await stores.leads.all({ view: 'all', search: query });
    expect(all.map((lead) => lead.name).sort()).toEqual([...names].sort());
  });

  it('finds a lead by its reference alone, typed in any case', async () => {
    const reference = references.get(priya) ?? '';
    expect(reference).toMatch(/^Q-/);
    expect(await found(reference)).toEqual([priya]);
    expect(await found(` ${reference.toLowerCase()} `)).toEqual([priya]);
  });

  it('pages through what a search finds, newest first', async () => {
    const first = await stores.leads.page({ view: 'all', search: 'in', limit: 2 });
    expect(first.items.map((item) => item.lead.name)).toEqual([acme, zoyaAsStored]);
    const second = await stores.leads.page({
      view: 'all',
      search: 'in',
      limit: 2,
      cursor: first.nextCursor ?? undefined,
    });
    expect(second.items.map((item) => item.lead.name)).toEqual([priya, gurpreet]);
  });
});
