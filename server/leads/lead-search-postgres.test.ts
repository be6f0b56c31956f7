import { describe, expect, it } from 'vitest';
import { tsqueryText } from '../db/full-text-match.ts';
import { fullTextSearchOf, searchTerms } from './lead-search.ts';

const tsquery = (text: string) => {
  const terms = searchTerms(text);
  return terms && tsqueryText(fullTextSearchOf(terms));
};

describe('a search as a PostgreSQL tsquery', () => {
  it('looks for every word as a quoted prefix, as typed or with compatibility forms folded', () => {
    expect(tsquery('Priya  shop')).toBe(`('Priya':* & 'shop':*)`);
    expect(tsquery('राहु')).toBe(`('राहु':*)`);
    expect(tsquery('ＰＲＩＹＡ')).toBe(`('ＰＲＩＹＡ':*) | ('PRIYA':*)`);
  });

  it('holds nothing typed outside the quotes of its words, so nothing typed is tsquery syntax', () => {
    expect(tsquery(`O'Brien & !x | (y:*) <-> \\z`)).toBe(`('O':* & 'Brien':* & 'x':* & 'y':* & 'z':*)`);
    expect(tsquery(`' & | ! : * ( )`)).toBeUndefined();
  });
});
