import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { manualClock } from '../test/manual-clock.ts';
import { storedText } from '../test/stored-text.ts';
import { testConfig } from '../test/test-app.ts';
import { CHROME, FIREFOX } from '../test/visit-requests.ts';
import { createVisitCounter } from './visit-counter.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function counterOnDatabase() {
  const stores = await openStores(testConfig());
  closers.push(() => stores.close());
  const counter = createVisitCounter({
    storage: stores.storage,
    timeZone: 'Asia/Kolkata',
    siteUrl: 'https://www.acme.test',
    now: manualClock().now,
    log: pino({ level: 'silent' }),
  });
  return { counter, storage: stores.storage };
}

const view = (address: string, userAgent: string) => ({
  path: '/',
  address,
  userAgent,
  referrer: undefined,
  query: '',
});

describe('views counted before the day’s salt is known', () => {
  it('wait in memory, are hashed at the flush, and only their counts are written', async () => {
    const { counter, storage } = await counterOnDatabase();
    // No flush yet: the salt is not loaded, and counting does not wait for it.
    counter.count(view('203.0.113.10', FIREFOX));
    counter.count(view('203.0.113.10', FIREFOX));
    counter.count(view('198.51.100.20', CHROME));
    expect(await storage.db.selectFrom('visit_days').selectAll().execute()).toEqual([]);
    await counter.flush();
    expect(await storage.db.selectFrom('visit_days').selectAll().execute()).toEqual([
      { day: '2026-03-02', views: 3, visitors: 2 },
    ]);
    expect(await storage.db.selectFrom('visit_salts').select('day').execute()).toEqual([
      { day: '2026-03-02' },
    ]);
    // Once known, the salt is used at once: the same visitor is not new.
    counter.count(view('203.0.113.10', FIREFOX));
    await counter.flush();
    expect(await storage.db.selectFrom('visit_days').select(['views', 'visitors']).execute()).toEqual([
      { views: 4, visitors: 2 },
    ]);
    const stored = await storedText(storage);
    for (const secret of ['203.0.113.10', '198.51.100.20', FIREFOX, CHROME])
      expect(stored).not.toContain(secret);
  });
});
