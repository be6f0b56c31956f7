import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../test/manual-clock.ts';
import { storedText } from '../test/stored-text.ts';
import { testApp, testConfig } from '../test/test-app.ts';
import {
  CHROME,
  FIREFOX,
  GOOGLEBOT,
  flushVisits,
  storedSalts,
  visit,
  visitFigures,
} from '../test/visit-requests.ts';
import { visitorHash } from './visit-salts.ts';

const alice = { ip: '203.0.113.10', ua: FIREFOX };
const bob = { ip: '198.51.100.20', ua: CHROME };
/** Alice's address with another browser: another visitor. */
const carol = { ip: '203.0.113.10', ua: CHROME };
const views = (total: number, visitors: number) => ({ views: total, visitors });

/** 09:00 UTC is 14:30 in Asia/Kolkata, on 2 March. */
const MORNING = '2026-03-02T09:00:00.000Z';

async function countingApp(start = MORNING) {
  const clock = manualClock(start);
  const lines: string[] = [];
  const config = testConfig();
  // The inbox's app shell, as a real build has it.
  writeFileSync(
    join(config.siteDir, '__spa-fallback.html'),
    '<!DOCTYPE html><html><body>Inbox</body></html>',
  );
  const { app } = await testApp({
    config,
    now: clock.now,
    logger: true,
    logStream: { write: (line) => void lines.push(line) },
  });
  // The first flush (at start) has loaded the day's salt, or the views wait for it: either way counted.
  await flushVisits(app);
  return { app, clock, lines, config };
}

describe('counting page views without cookies', () => {
  it('counts people’s views of public pages, each visitor once a day, and nothing else', async () => {
    const { app, lines } = await countingApp();
    const first = await visit(app, '/', alice);
    expect(first.statusCode).toBe(200);
    expect(first.headers['set-cookie']).toBeUndefined();
    await visit(app, '/', alice);
    await visit(app, '/thank-you', alice, { referer: 'https://www.google.com/search?q=acme' });
    await visit(app, '/?utm_source=newsletter&utm_campaign=november', bob, {
      referer: 'https://www.acme.test/thank-you',
    });
    await visit(app, '/', carol, { referer: 'https://WWW.Google.com/' });
    // Shown again from the browser's cache after a revalidation: a view.
    const again = await visit(app, '/', alice, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);

    // Never counted: bots, no user agent, prefetches and prerenders, HEAD, the inbox, 404s, redirects.
    expect((await visit(app, '/', { ip: '192.0.2.1', ua: GOOGLEBOT })).statusCode).toBe(200);
    await visit(app, '/', { ip: '192.0.2.2' });
    await visit(app, '/', { ip: '192.0.2.3', ua: CHROME }, { 'sec-purpose': 'prefetch;prerender' });
    await visit(app, '/', { ip: '192.0.2.3', ua: CHROME }, { 'sec-purpose': 'prefetch' });
    await visit(app, '/', { ip: '192.0.2.3', ua: CHROME }, { purpose: 'prefetch' });
    expect((await visit(app, '/', alice, {}, 'HEAD')).statusCode).toBe(200);
    expect((await visit(app, '/admin', alice)).statusCode).toBe(200);
    expect((await visit(app, '/admin/leads', alice)).statusCode).toBe(200);
    expect((await visit(app, '/no-such-page', alice)).statusCode).toBe(404);
    expect((await visit(app, '/THANK-YOU', alice)).statusCode).toBe(301);
    expect((await visit(app, '/assets/missing-Ab12.js', alice)).statusCode).toBe(404);

    // Nothing is written before the flush.
    expect((await visitFigures(app)).days).toEqual([]);
    await flushVisits(app);

    const day = '2026-03-02';
    expect(await visitFigures(app)).toEqual({
      days: [{ day, ...views(6, 3) }],
      pages: [
        { day, path: '/', ...views(5, 3) },
        { day, path: '/thank-you', ...views(1, 1) },
      ],
      sources: [
        { day, path: '/', referrer: 'direct', utm_source: '', utm_campaign: '', ...views(3, 1) },
        { day, path: '/', referrer: 'google.com', utm_source: '', utm_campaign: '', ...views(1, 1) },
        {
          day,
          path: '/',
          referrer: 'internal',
          utm_source: 'newsletter',
          utm_campaign: 'november',
          ...views(1, 1),
        },
        { day, path: '/thank-you', referrer: 'google.com', utm_source: '', utm_campaign: '', ...views(1, 1) },
      ],
    });

    // A second flush adds what came since; a visitor already counted today is not counted again.
    await visit(app, '/thank-you', alice);
    await visit(app, '/thank-you', bob);
    await flushVisits(app);
    const after = await visitFigures(app);
    expect(after.days).toEqual([{ day, ...views(8, 3) }]);
    expect(after.pages).toContainEqual({ day, path: '/thank-you', ...views(3, 2) });

    // No address, user agent or visitor hash is kept, in the database or in the log.
    const salts = await storedSalts(app);
    expect(salts.map((row) => row.day)).toEqual([day]);
    const secrets = [alice.ip, bob.ip, FIREFOX, CHROME, 'Firefox/132', 'Chrome/131'];
    for (const person of [alice, bob, carol]) {
      secrets.push(visitorHash(salts[0]!.salt, person.ip, person.ua));
    }
    const stored = await storedText(app.storage);
    const logged = lines.join('');
    expect(logged).toContain('"url":"/thank-you"');
    for (const secret of secrets) {
      expect(stored).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
  });

  it('starts a new day at midnight in Asia/Kolkata, with a new salt, and deletes the old one', async () => {
    // 18:20 UTC is 23:50 in Kolkata: the next day's salt is made ahead of midnight.
    const { app, clock } = await countingApp('2026-03-02T18:20:00.000Z');
    await visit(app, '/', alice);
    await flushVisits(app);
    const before = await storedSalts(app);
    expect(before.map((row) => row.day)).toEqual(['2026-03-02', '2026-03-03']);

    clock.advance(15 * 60_000); // 00:05 on 3 March in Kolkata (18:35 UTC)
    await visit(app, '/', alice);
    await visit(app, '/', alice);
    await flushVisits(app);
    expect((await visitFigures(app)).days).toEqual([
      { day: '2026-03-02', ...views(1, 1) },
      // The same person is a visitor again on a new day.
      { day: '2026-03-03', ...views(2, 1) },
    ]);
    const after = await storedSalts(app);
    expect(after.map((row) => row.day)).toEqual(['2026-03-03']);
    expect(after[0]!.salt).toBe(before[1]!.salt);
    expect(after[0]!.salt).not.toBe(before[0]!.salt);
  });

  it('writes what was counted when the app closes', async () => {
    const { app, config } = await countingApp();
    await visit(app, '/', bob);
    await app.close();
    const { app: reopened } = await testApp({ config, env: { VISIT_COUNTING: 'false' } });
    const { days } = await visitFigures(reopened);
    expect(days.map(({ views, visitors }) => ({ views, visitors }))).toEqual([views(1, 1)]);
  });

  it('counts nothing with VISIT_COUNTING=false', async () => {
    const { app } = await testApp({ env: { VISIT_COUNTING: 'false' } });
    await visit(app, '/', alice);
    expect(app.visitCounter).toBeUndefined();
    expect((await visitFigures(app)).days).toEqual([]);
  });
});
