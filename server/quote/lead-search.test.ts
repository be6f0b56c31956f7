import { describe, expect, it } from 'vitest';
import { searchQuery } from './lead-search.ts';

describe('a search for leads', () => {
  it('looks for every word typed, each as a word or the start of one', () => {
    expect(searchQuery('Priya  shop')).toBe('"Priya"* "shop"*');
    expect(searchQuery('priya@company.in')).toBe('"priya"* "company"* "in"*');
    expect(searchQuery('+91 98000')).toBe('"91"* "98000"*');
  });

  it('can never be read as search syntax, whatever is typed', () => {
    expect(searchQuery('NEAR(a b) OR name:x AND "y" -z')).toBe(
      '"NEAR"* "a"* "b"* "OR"* "name"* "x"* "AND"* "y"*',
    );
    expect(searchQuery('"; DROP TABLE quote_requests; --')).toBe('"DROP"* "TABLE"* "quote"* "requests"*');
  });

  it('is nothing when the text holds no word', () => {
    expect(searchQuery('  @@ -- ""  ')).toBeUndefined();
  });
});
