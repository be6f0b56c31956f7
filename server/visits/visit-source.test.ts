import { describe, expect, it } from 'vitest';
import { localDay, dayEndMs } from './visit-day.ts';
import { referrerSource, sourceHost, utmOf, visitSource } from './visit-source.ts';
import { visitorHash } from './visit-salts.ts';
import { createVisitTally } from './visit-tally.ts';

const SITE = sourceHost('www.acme.test');

describe('where a view came from', () => {
  it('names the referrer by its host, lower-cased and without "www."', () => {
    expect(referrerSource('https://www.google.com/search?q=acme', SITE)).toBe('google.com');
    expect(referrerSource('https://WWW.Google.COM./', SITE)).toBe('google.com');
    expect(referrerSource('https://news.ycombinator.com/item?id=1', SITE)).toBe('news.ycombinator.com');
    expect(referrerSource('android-app://com.google.android.gm/', SITE)).toBe('com.google.android.gm');
  });

  it('calls no referrer (or an unreadable one) "direct", and one of our own pages "internal"', () => {
    expect(referrerSource(undefined, SITE)).toBe('direct');
    expect(referrerSource('', SITE)).toBe('direct');
    expect(referrerSource('not a url', SITE)).toBe('direct');
    expect(referrerSource('https://acme.test/services', SITE)).toBe('internal');
    expect(referrerSource('https://www.acme.test/', SITE)).toBe('internal');
  });

  it('reads utm_source and utm_campaign from the query, trimmed and cut to 100 characters', () => {
    expect(utmOf('?utm_source=newsletter&utm_campaign=Black%20Friday&utm_medium=email')).toEqual({
      utmSource: 'newsletter',
      utmCampaign: 'Black Friday',
    });
    expect(utmOf('')).toEqual({ utmSource: '', utmCampaign: '' });
    expect(utmOf('?token=abc')).toEqual({ utmSource: '', utmCampaign: '' });
    expect(utmOf(`?utm_source=${'s'.repeat(500)}`).utmSource).toHaveLength(100);
    expect(referrerSource(`https://${'a'.repeat(150)}.example/`, SITE)).toHaveLength(100);
  });
});

describe('the tally', () => {
  it('puts a page’s sources past the 50th of the day in "other", so a spammer cannot fill the table', () => {
    const tally = createVisitTally({ sourcesPerPage: 50 });
    const v = (n: number) => visitorHash('salt', `203.0.113.${n}`, 'Firefox');
    for (let site = 0; site < 60; site += 1) {
      tally.record('2026-03-02', '/', visitSource(`https://spam${site}.example/`, '', SITE), v(site));
    }
    const [batch] = tally.take();
    expect(batch!.sources.size).toBe(51);
    const other = [...batch!.sources.values()].find((row) => row.referrer === 'other');
    expect(other).toMatchObject({ views: 10 });
    expect(other!.counted).toBe(10);
    // A source already kept that day is still counted as itself.
    tally.record('2026-03-02', '/', visitSource('https://spam1.example/', '', SITE), v(1));
    expect([...tally.take()[0]!.sources.values()]).toMatchObject([{ referrer: 'spam1.example', views: 1 }]);
  });
});

describe('the local day', () => {
  it('changes at midnight in Asia/Kolkata (18:30 UTC)', () => {
    const zone = 'Asia/Kolkata';
    expect(localDay(new Date('2026-03-02T18:29:59Z'), zone)).toBe('2026-03-02');
    expect(localDay(new Date('2026-03-02T18:30:00Z'), zone)).toBe('2026-03-03');
    expect(new Date(dayEndMs(new Date('2026-03-02T09:00:00Z'), zone)).toISOString()).toBe(
      '2026-03-02T18:30:00.000Z',
    );
    // A day of 23 hours (daylight saving time starts in New York on 8 March 2026).
    expect(new Date(dayEndMs(new Date('2026-03-08T12:00:00Z'), 'America/New_York')).toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
  });
});
