import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { manualClock } from '../test/manual-clock.ts';
import { storedText } from '../test/stored-text.ts';
import { testConfig } from '../test/test-app.ts';
import { CHROME, FIREFOX } from '../test/visit-requests.ts';
import { createAddressCap } from './visit-address-cap.ts';
import { createVisitCounter } from './visit-counter.ts';
import { tablesOf } from '../db/tables-of.ts';
import type { VisitTables } from './visit-tables.ts';

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
    expect(await tablesOf<VisitTables>(storage.db).selectFrom('visit_days').selectAll().execute()).toEqual(
      [],
    );
    await counter.flush();
    expect(await tablesOf<VisitTables>(storage.db).selectFrom('visit_days').selectAll().execute()).toEqual([
      { day: '2026-03-02', views: 3, visitors: 2 },
    ]);
    expect(await tablesOf<VisitTables>(storage.db).selectFrom('visit_salts').select('day').execute()).toEqual(
      [{ day: '2026-03-02' }],
    );
    // Once known, the salt is used at once: the same visitor is not new.
    counter.count(view('203.0.113.10', FIREFOX));
    await counter.flush();
    expect(
      await tablesOf<VisitTables>(storage.db)
        .selectFrom('visit_days')
        .select(['views', 'visitors'])
        .execute(),
    ).toEqual([{ views: 4, visitors: 2 }]);
    const stored = await storedText(storage);
    for (const secret of ['203.0.113.10', '198.51.100.20', FIREFOX, CHROME])
      expect(stored).not.toContain(secret);
  });
});

describe('new visitors per address and day', () => {
  it('are at most 20, the rest of the address one more: 200 user agents count as 21, an office of 5 as 5', async () => {
    const { counter, storage } = await counterOnDatabase();
    await counter.flush();
    for (let agent = 0; agent < 200; agent += 1)
      counter.count(view('203.0.113.10', `${FIREFOX} bot-${agent}`));
    for (const agent of [FIREFOX, CHROME, `${FIREFOX} (2)`, `${CHROME} (2)`, `${CHROME} (3)`]) {
      counter.count(view('198.51.100.20', agent));
    }
    // Every address of one IPv6 /64 is one address.
    for (let host = 0; host < 50; host += 1)
      counter.count(view(`2001:db8:1:2::${host.toString(16)}`, `${CHROME} ${host}`));
    await counter.flush();
    expect(
      await tablesOf<VisitTables>(storage.db)
        .selectFrom('visit_days')
        .select(['views', 'visitors'])
        .execute(),
    ).toEqual([{ views: 255, visitors: 21 + 5 + 21 }]);
  });

  it('are remembered in bounded memory: 200,000 addresses hold at most 50,000', () => {
    const caps = createAddressCap();
    let most = 0;
    for (let n = 0; n < 200_000; n += 1) {
      caps.agentOf('2026-03-02', `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`, FIREFOX);
      if (n % 10_000 === 0) most = Math.max(most, caps.held().addresses);
    }
    expect(most).toBeLessThanOrEqual(50_000);
    expect(caps.held().agents).toBeLessThanOrEqual(50_000);
    caps.forgetBefore('2026-03-03');
    expect(caps.held()).toEqual({ addresses: 0, agents: 0 });
  }, 30_000);
});
