import { describe, expect, it } from 'vitest';
import { readImportFile } from './subscriber-import-file.ts';

const NOW = new Date('2026-11-28T10:00:00Z');

describe('an import file', () => {
  it('names invalid rows by their true line after a quoted line break, in a CRLF file with a BOM', () => {
    const text = `\uFEFF${[
      'email,consented_at,source', // 1
      '"two\r\nlines@example.com",2025-01-01,"Old\r\nlist"', // 2-4
      'ok@example.com,2025-01-01,Mailchimp', // 5
      '', // 6: empty
      'not-an-email,2025-01-01,Mailchimp', // 7
      'multi@example.com,2025-01-01,"Müller\r\n\r\nGmbH"', // 8-10
      'late@example.com,2025-13-01,Mailchimp', // 11
    ].join('\r\n')}\r\n`;
    const { rows, invalid } = readImportFile(text, NOW);
    expect(rows.map(({ line, email }) => [line, email])).toEqual([
      [5, 'ok@example.com'],
      [8, 'multi@example.com'],
    ]);
    expect(invalid.map(({ line }) => line)).toEqual([2, 7, 11]);
  });

  it('counts a quoted LF and a quoted CR as one line each, and a last line without its break', () => {
    const text = [
      'email,consented_at,source',
      '"a\nb@x.test",2025-01-01,x',
      '"c\rd@x.test",2025-01-01,x',
      'bad,2025-01-01,x',
    ].join('\n');
    expect(readImportFile(text, NOW).invalid.map(({ line }) => line)).toEqual([2, 4, 6]);
  });

  it.each([
    '0000-01-01',
    '0000-06-15T10:00:00Z',
    '1969-12-31T23:59:59Z',
    '2025-02-30',
    '2024-02-30T10:00:00Z',
    '2025-04-31',
    '2025-13-01',
    '2025-00-10',
    '2025-01-01T25:00:00Z',
    '2025-01-01T10:61:00Z',
    '2027-01-01',
  ])('refuses the impossible (or future) consent date %s', (date) => {
    const { rows, invalid } = readImportFile(`email,consented_at,source\nx@example.com,${date},List\n`, NOW);
    expect(rows).toEqual([]);
    expect(invalid).toEqual([{ line: 2, reason: expect.stringContaining('consented_at') }]);
  });

  it.each([
    ['1970-01-01', '1970-01-01T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2025-02-03T09:30:00+05:30', '2025-02-03T04:00:00.000Z'],
  ])('accepts the consent date %s', (date, stored) => {
    const { rows } = readImportFile(`email,consented_at,source\nx@example.com,${date},List\n`, NOW);
    expect(rows).toEqual([{ line: 2, email: 'x@example.com', consentedAt: stored, source: 'List' }]);
  });
});
