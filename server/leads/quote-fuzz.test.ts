/**
 * Hostile input, property-based: ~500 random and adversarial requests (set
 * QUOTE_FUZZ_RUNS for more; `npm run bench:fuzz` runs 20,000). For each one:
 * no 5xx but the deliberate 503 while storage is down (some cases switch the
 * database to read-only, on PostgreSQL too); the reply is what the shared schema says; nothing
 * invalid is stored; each stored lead's email has exactly the expected headers
 * and shows every field escaped; the no-JavaScript error page is inert; and at
 * the end the CSV export of everything stored neutralises every formula.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../cli/csv.ts';
import {
  assertNeutralCell,
  checkCase,
  checkCsvExport,
  csvText,
  endFuzzTarget,
  fuzzCase,
  newFuzzStats,
  parseCsv,
} from '../test/quote-fuzz.ts';
import { testApp } from '../test/test-app.ts';

const RUNS = Number(process.env.QUOTE_FUZZ_RUNS ?? 500);

describe('hostile input to the quote endpoint', () => {
  it(`holds every property for ${RUNS} random and adversarial requests`, async () => {
    const { app, config } = await testApp({ env: { RATE_LIMIT_MAX: '1000000' } });
    const stats = newFuzzStats();
    const target = { app, config };
    try {
      await fc.assert(
        fc.asyncProperty(fuzzCase, (input) => checkCase(target, input, stats)),
        { numRuns: RUNS },
      );
      await checkCsvExport(target, stats);
    } finally {
      await endFuzzTarget(target);
    }

    // The generators reach every kind of body and every outcome, stored leads included.
    expect(Object.keys(stats.byKind).sort()).toEqual([
      'file',
      'forged-part',
      'garbage',
      'json',
      'multipart',
      'truncated',
      'urlencoded',
      'wrong-boundary',
    ]);
    for (const status of ['200', '303', '400', '403', '413', '415', '503'])
      expect(stats.byStatus[status]).toBeGreaterThan(0);
    expect(stats.emailsChecked).toBeGreaterThan(RUNS / 10);
    expect(stats.csvRowsChecked).toBe(stats.stored);
  }, 120_000);

  it('exports any text to CSV with formulas neutralised and nothing lost', () => {
    fc.assert(
      fc.property(fc.array(fc.array(csvText, { minLength: 1, maxLength: 4 }), { maxLength: 5 }), (rows) => {
        const header = ['a', 'b', 'c', 'd'];
        const parsed = parseCsv(toCsv(header, rows));
        expect(parsed).toHaveLength(rows.length + 1);
        rows.forEach((row, index) =>
          row.forEach((value, column) => assertNeutralCell(parsed[index + 1]![column]!, value)),
        );
      }),
      { numRuns: RUNS },
    );
  });
});
