import { describe, expect, it } from 'vitest';
import { searchQuery } from './lead-search.ts';

const inWords = (terms: string) => `- {phone_endings} : (${terms})`;

describe('a search for leads', () => {
  it('looks for every word typed, each as a word or the start of one', () => {
    expect(searchQuery('Priya  shop')).toBe(inWords('"Priya"* "shop"*'));
    expect(searchQuery('priya@company.in')).toBe(inWords('"priya"* "company"* "in"*'));
  });

  it('keeps the vowel signs and viramas of Indian scripts inside their words', () => {
    expect(searchQuery('राहुल शर्मा')).toBe(inWords('"राहुल"* "शर्मा"*'));
    expect(searchQuery('ਪ੍ਰੀਤ')).toBe(inWords('"ਪ੍ਰੀਤ"*'));
  });

  it('looks for a phone number’s digits anywhere in a phone, with and without its prefixes', () => {
    expect(searchQuery('+91 98765 43210')).toBe(
      `(${inWords('"91"* "98765"* "43210"*')}) OR phone_endings : ("919876543210"* OR "9876543210"*)`,
    );
    expect(searchQuery('(0161) 245-6789')).toBe(
      `(${inWords('"0161"* "245"* "6789"*')}) OR phone_endings : ("01612456789"* OR "1612456789"*)`,
    );
    expect(searchQuery('2456789')).toBe(`(${inWords('"2456789"*')}) OR phone_endings : ("2456789"*)`);
  });

  it('takes fewer than 4 digits, or digits among words, as words only', () => {
    expect(searchQuery('+91')).toBe(inWords('"91"*'));
    expect(searchQuery('order 98765')).toBe(inWords('"order"* "98765"*'));
  });

  it('can never be read as search syntax, whatever is typed', () => {
    expect(searchQuery('NEAR(a b) OR name:x AND "y" -z')).toBe(
      inWords('"NEAR"* "a"* "b"* "OR"* "name"* "x"* "AND"* "y"*'),
    );
    expect(searchQuery('"; DROP TABLE quote_requests; --')).toBe(
      inWords('"DROP"* "TABLE"* "quote"* "requests"*'),
    );
  });

  it('is nothing when the text holds no word', () => {
    expect(searchQuery('  @@ -- ""  ')).toBeUndefined();
  });
});

describe('a search in Unicode’s forms', () => {
  it('looks for the words in NFC, as the leads are stored, however a nukta was typed', () => {
    const asStored = inWords('"\u091C\u093Cोया"*');
    expect(searchQuery('\u095Bोया')).toBe(asStored);
    expect(searchQuery('\u091C\u093Cोया')).toBe(asStored);
    expect(searchQuery('\u0A5Bਸਪ੍ਰੀਤ')).toBe(searchQuery('\u0A1C\u0A3Cਸਪ੍ਰੀਤ'));
    expect(searchQuery('मुनि\u0928\u093Cा')).toBe(inWords('"मुनि\u0929ा"*'));
  });

  it('also looks for compatibility forms folded, so full-width letters find both spellings', () => {
    expect(searchQuery('ＰＲＩＹＡ ｓｈｏｐ')).toBe(
      inWords('("ＰＲＩＹＡ"* "ｓｈｏｐ"*) OR ("PRIYA"* "shop"*)'),
    );
    expect(searchQuery('９８７６５')).toBe(
      `(${inWords('("９８７６５"*) OR ("98765"*)')}) OR phone_endings : ("98765"*)`,
    );
  });
});
