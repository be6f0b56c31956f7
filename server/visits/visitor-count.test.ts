import { describe, expect, it } from 'vitest';
import { createVisitTally } from './visit-tally.ts';
import { visitSource } from './visit-source.ts';
import { createVisitorCount, PAGE_COUNT, visitorBits } from './visitor-count.ts';

/** `count` distinct visitor hashes (22 base64url characters, as visitorHash makes), fast and the same each run. */
function* visitors(count: number, seed = 1): Generator<string> {
  let state = seed;
  const bytes = Buffer.alloc(16);
  for (let made = 0; made < count; made += 1) {
    for (let at = 0; at < 16; at += 4) {
      // xorshift32: a stream of bits as random as the hash's, for the sketch.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      bytes.writeUInt32BE(state >>> 0, at);
    }
    yield bytes.toString('base64url').slice(0, 22);
  }
}

/** A page's count of `distinct` visitors, each seen twice; true if the second views were all known. */
function pageCount(distinct: number) {
  const count = createVisitorCount(PAGE_COUNT);
  for (const visitor of visitors(distinct)) count.add(...visitorBits(visitor));
  let allKnown = true;
  for (const visitor of visitors(distinct)) if (count.add(...visitorBits(visitor))) allKnown = false;
  return { counted: count.size(), allKnown };
}

describe('a page’s visitors of a day', () => {
  it('are counted exactly up to 10,000, a visitor seen again not new again', () => {
    expect(pageCount(1)).toEqual({ counted: 1, allKnown: true });
    expect(pageCount(9_999)).toEqual({ counted: 9_999, allKnown: true });
    expect(pageCount(10_000)).toEqual({ counted: 10_000, allKnown: true });
  });

  it('are counted within 2% beyond: 100,000 and 1,000,000', () => {
    for (const distinct of [100_000, 1_000_000]) {
      const { counted } = pageCount(distinct);
      expect(Math.abs(counted - distinct) / distinct, `${counted} for ${distinct}`).toBeLessThan(0.02);
    }
  }, 60_000);
});

describe('the memory of a day’s visitors', () => {
  it('stays bounded with 1,000,000 distinct visitors: 128 KiB a page at most, 16 KiB a source', () => {
    const tally = createVisitTally();
    const google = visitSource('https://www.google.com/', '', 'acme.test');
    const sizes: number[] = [];
    let seen = 0;
    for (const visitor of visitors(1_000_000, 7)) {
      // The site, two pages, and one source of each page.
      tally.record('2026-03-02', seen % 2 ? '/' : '/services', google, visitor);
      seen += 1;
      if (seen % 100_000 === 0) sizes.push(tally.bytes());
    }
    // Site and pages: sketches of 16 KiB past 10,000 each; sources: the same past 1,000.
    expect(tally.bytes()).toBe(5 * 16 * 1024);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3 * 128 * 1024 + 2 * 16 * 1024);
    const [batch] = tally.take();
    const counted = batch!.site.counted;
    expect(Math.abs(counted - 1_000_000) / 1_000_000).toBeLessThan(0.02);
    // A new day starts empty; the last one is forgotten.
    tally.forgetBefore('2026-03-03');
    expect(tally.bytes()).toBe(0);
  }, 60_000);
});
