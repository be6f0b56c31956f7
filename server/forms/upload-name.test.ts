import { describe, expect, it } from 'vitest';
import { cleanFileName, MAX_FILE_NAME_LENGTH } from './upload-name.ts';

describe('a sent file name, as it is kept and shown to staff', () => {
  it('loses its folder, its control characters and the bidi override that disguises an extension', () => {
    expect(cleanFileName('C:\\Users\\priya\\brief.pdf')).toBe('brief.pdf');
    expect(cleanFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(cleanFileName('inv\u0000oice\r\n.pdf')).toBe('invoice.pdf');
    expect(cleanFileName('report\u202Efdp.exe')).toBe('reportfdp.exe');
    expect(cleanFileName('..hidden.txt')).toBe('hidden.txt');
    expect(cleanFileName('\u0007')).toBe('file');
  });

  it('loses every format and separator character: zero-width ones, the byte order mark, line and paragraph separators, the Arabic letter mark', () => {
    expect(cleanFileName('in\u200Bvoice.pdf')).toBe('invoice.pdf');
    expect(cleanFileName('\uFEFFbrief.pdf')).toBe('brief.pdf');
    expect(cleanFileName('brief\u2028.pdf')).toBe('brief.pdf');
    expect(cleanFileName('brief\u2029.pdf')).toBe('brief.pdf');
    expect(cleanFileName('\u061Cinvoice.pdf')).toBe('invoice.pdf');
    expect(cleanFileName('a\u200Db\u2060c\u00ADd\u{E0041}.txt')).toBe('abcd.txt');
    expect(cleanFileName('\u200B\uFEFF')).toBe('file');
    // What a reader sees stays: letters of any script, spaces inside the name, emoji.
    expect(cleanFileName('Кошторис 2026 ✅.pdf')).toBe('Кошторис 2026 ✅.pdf');
  });

  it('is NFC, and at most 200 characters with its extension kept', () => {
    expect(cleanFileName('Cafe\u0301.pdf')).toBe('Caf\u00e9.pdf');
    const long = cleanFileName(`${'ब'.repeat(300)}.docx`);
    expect([...long]).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(long.endsWith('.docx')).toBe(true);
  });
});
