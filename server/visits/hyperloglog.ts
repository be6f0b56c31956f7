/**
 * HyperLogLog (Flajolet et al.) over 64-bit hashes, with Otmar Ertl's improved estimator ("New
 * cardinality estimation algorithms for HyperLogLog sketches", 2017), which needs no bias tables and
 * no switch to linear counting: 2^precision registers of one byte each, a standard error of about
 * 1.04 / sqrt(2^precision) (0.81% at precision 14, Redis's own).
 */

/** 1 / (2 ln 2): the estimator's constant for an unbounded number of registers. */
const ALPHA_INF = 0.5 / Math.LN2;

function sigma(value: number): number {
  if (value === 1) return Infinity;
  let x = value;
  let y = 1;
  let z = x;
  let previous: number;
  do {
    x *= x;
    previous = z;
    z += x * y;
    y += y;
  } while (z !== previous);
  return z;
}

function tau(value: number): number {
  if (value === 0 || value === 1) return 0;
  let x = value;
  let y = 1;
  let z = 1 - x;
  let previous: number;
  do {
    x = Math.sqrt(x);
    previous = z;
    y *= 0.5;
    z -= (1 - x) ** 2 * y;
  } while (z !== previous);
  return z / 3;
}

export interface Sketch {
  /** Adds a 64-bit hash, given as its high and low 32 bits. */
  add(high: number, low: number): void;
  /** How many distinct hashes were added, estimated. */
  estimate(): number;
  /** The sketch's size in bytes: its registers, fixed whatever was added. */
  readonly bytes: number;
}

export function createSketch(precision: number): Sketch {
  const size = 2 ** precision;
  const registers = new Uint8Array(size);
  /** The bits left after the register's index: a register holds their leading zeros + 1, at most q + 1. */
  const q = 64 - precision;
  return {
    add(high, low) {
      const index = high >>> (32 - precision);
      const rest = (high << precision) >>> 0;
      const rank = rest === 0 ? 32 - precision + Math.clz32(low) + 1 : Math.clz32(rest) + 1;
      if (rank > (registers[index] ?? 0)) registers[index] = rank;
    },
    estimate() {
      const counts = new Array<number>(q + 2).fill(0);
      for (const value of registers) counts[value] = (counts[value] ?? 0) + 1;
      let z = size * tau((size - (counts[q + 1] ?? 0)) / size);
      for (let k = q; k >= 1; k--) z = (z + (counts[k] ?? 0)) * 0.5;
      z += size * sigma((counts[0] ?? 0) / size);
      return Math.round((ALPHA_INF * size * size) / z);
    },
    bytes: registers.byteLength,
  };
}
