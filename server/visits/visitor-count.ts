import { createSketch, type Sketch } from './hyperloglog.ts';

/** How a row's visitors are told apart: exactly up to `exactMax`, then by a sketch of this precision. */
export interface CountProfile {
  exactMax: number;
  precision: number;
}

/** A page's (and the site's) visitors: exact up to 10,000 a day (128 KiB at most), then 0.81% (16 KiB). */
export const PAGE_COUNT: CountProfile = { exactMax: 10_000, precision: 14 };
/** A source's (up to 51 per page): exact up to 1,000 (16 KiB at most), then the same sketch. */
export const SOURCE_COUNT: CountProfile = { exactMax: 1_000, precision: 14 };

/** A visitor's hash ("base64url", 22 characters) as the 64-bit number a row keeps: its first 66 bits. */
export function visitorBits(visitor: string): [high: number, low: number] {
  const bytes = Buffer.from(visitor.slice(0, 11), 'base64url');
  return [bytes.readUInt32BE(0), bytes.readUInt32BE(4)];
}

/** An open-addressing set of 64-bit values (two Uint32 per slot; 0,0 is an empty slot), load at most 3/4. */
function createExactSet() {
  let slots = new Uint32Array(32);
  let size = 0;
  const insert = (table: Uint32Array, high: number, low: number): boolean => {
    const mask = table.length / 2 - 1;
    for (let at = low & mask; ; at = (at + 1) & mask) {
      const h = table[2 * at] ?? 0;
      const l = table[2 * at + 1] ?? 0;
      if (h === high && l === low) return false;
      if (h === 0 && l === 0) {
        table[2 * at] = high;
        table[2 * at + 1] = low;
        return true;
      }
    }
  };
  return {
    get size() {
      return size;
    },
    get bytes() {
      return slots.byteLength;
    },
    add(high: number, low: number): boolean {
      // 0,0 marks an empty slot: that one value (one in 2^64) is kept as 0,1.
      const l = high === 0 && low === 0 ? 1 : low;
      if (!insert(slots, high, l)) return false;
      size += 1;
      if (size * 4 > (slots.length / 2) * 3) {
        const old = slots;
        slots = new Uint32Array(old.length * 2);
        for (let at = 0; at < old.length; at += 2) {
          const h = old[at] ?? 0;
          const lo = old[at + 1] ?? 0;
          if (h !== 0 || lo !== 0) insert(slots, h, lo);
        }
      }
      return true;
    },
    *values(): Generator<[number, number]> {
      for (let at = 0; at < slots.length; at += 2) {
        const h = slots[at] ?? 0;
        const lo = slots[at + 1] ?? 0;
        if (h !== 0 || lo !== 0) yield [h, lo];
      }
    },
  };
}

/**
 * The distinct visitors of one row of a day (the site, a page, a source), in bounded memory whatever
 * the traffic: a set of their 64-bit hashes while they are at most `exactMax` (a count that is exact:
 * two visitors of a day share 64 bits about once in 10^11 days), then a HyperLogLog sketch. The count
 * then goes on from the exact one: only the visitors after the switch are estimated.
 */
export function createVisitorCount(profile: CountProfile) {
  let exact: ReturnType<typeof createExactSet> | undefined = createExactSet();
  let sketch: Sketch | undefined;
  let exactPart = 0;
  let sketchAtSwitch = 0;
  return {
    /** Adds a visitor; true if new, or if it cannot be told (the sketch): then it may be new. */
    add(high: number, low: number): boolean {
      if (sketch) {
        sketch.add(high, low);
        return true;
      }
      if (!exact?.add(high, low)) return false;
      if (exact.size > profile.exactMax) {
        sketch = createSketch(profile.precision);
        for (const [h, l] of exact.values()) sketch.add(h, l);
        exactPart = exact.size;
        sketchAtSwitch = sketch.estimate();
        exact = undefined;
      }
      return true;
    },
    /** How many distinct visitors were added. */
    size(): number {
      if (sketch) return exactPart + Math.max(0, sketch.estimate() - sketchAtSwitch);
      return exact?.size ?? 0;
    },
    /** Its memory, in bytes (its typed arrays): at most the exact set's of `exactMax` values. */
    bytes(): number {
      return sketch ? sketch.bytes : (exact?.bytes ?? 0);
    },
  };
}

export type VisitorCount = ReturnType<typeof createVisitorCount>;
