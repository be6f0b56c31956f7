import { type FullTextIndex, type FullTextSearch, fts5Query } from '../db/full-text-match.ts';

/** The most words one search takes; more are ignored. */
const MAX_WORDS = 8;

/** The fewest digits a search must hold to be looked up as part of a phone number. */
const MIN_PHONE_DIGITS = 4;

/** Digits and what people write between them in a phone number. */
const PHONE_TEXT = /^[\d\s+\-().]+$/;

/** India's country code; a number written with it is also looked for without it. */
const COUNTRY_CODE = '91';
const NATIONAL_NUMBER_LENGTH = 10;

/**
 * The inbox's search index over quote_requests, as the migrations made it: SQLite's FTS5 table
 * (quote-migrations.ts: the fields' words, and every ending of the phone's digits); PostgreSQL's stored
 * tsvector of the folded fields and a trigram index of the phone's digits (quote-postgres-migrations.ts).
 * The words are looked for in every column of the index but the phone's endings, so a field a
 * migration adds to the index is searched with no change here (see docs/adding-a-quote-field.md).
 */
export const LEAD_SEARCH_INDEX: FullTextIndex = {
  table: 'quote_requests',
  fts5Table: 'quote_requests_search',
  tsvectorColumn: 'search_words',
  fold: 'lead_search_fold',
  substrings: { column: 'phone_digits', endingsColumn: 'phone_endings' },
};

/**
 * The ways the digits of a phone search may be written in a lead: as typed, without the international
 * prefix (00) or the trunk prefix (0), and without India's country code.
 */
function phoneForms(digits: string): string[] {
  const forms = new Set([digits]);
  const withoutPrefix = digits.replace(/^0+/, '');
  forms.add(withoutPrefix);
  if (
    withoutPrefix.startsWith(COUNTRY_CODE) &&
    withoutPrefix.length >= COUNTRY_CODE.length + NATIONAL_NUMBER_LENGTH
  ) {
    forms.add(withoutPrefix.slice(COUNTRY_CODE.length));
  }
  return [...forms].filter((form) => form.length >= MIN_PHONE_DIGITS);
}

/** The words of a text: letters with their combining marks, and digits; at most MAX_WORDS. */
const wordsOf = (text: string) => text.match(/[\p{L}\p{M}\p{N}]+/gu)?.slice(0, MAX_WORDS) ?? [];

/**
 * What a search box's text looks for, whichever the database: its words (letters,
 * with their combining marks, and digits; punctuation, operators and quotes are
 * dropped, so nothing typed can be search syntax), each as a word or the start
 * of one, in NFC, the form the leads are stored in (common/quote-request.ts), so
 * "ज़" typed as one letter or as "ज" and a nukta finds both; the same words with
 * compatibility forms folded (NFKC) when that differs, so "ＰＲＩＹＡ" finds both
 * "ＰＲＩＹＡ" and "PRIYA"; and, when the text is a phone number (digits, spaces
 * and + - ( ) ., 4 digits or more), the digit strings a phone may hold anywhere.
 * Undefined when the text holds no word at all.
 */
export interface SearchTerms {
  words: string[];
  /** The words in NFKC, or none when that changes nothing. */
  foldedWords: string[];
  phoneDigits: string[];
}

export function searchTerms(text: string): SearchTerms | undefined {
  const words = wordsOf(text.normalize('NFC'));
  if (words.length === 0) return undefined;
  const folded = text.normalize('NFKC');
  const foldedWords = wordsOf(folded);
  const digits = folded.replace(/\D/g, '');
  return {
    words,
    foldedWords: foldedWords.join(' ') === words.join(' ') ? [] : foldedWords,
    phoneDigits: PHONE_TEXT.test(folded.trim()) ? phoneForms(digits) : [],
  };
}

/** What the terms ask of the search index: the words as typed, or folded; or the phone's digits. */
export function fullTextSearchOf({ words, foldedWords, phoneDigits }: SearchTerms): FullTextSearch {
  return { words: foldedWords.length === 0 ? [words] : [words, foldedWords], substrings: phoneDigits };
}

/**
 * A search box's text as SQLite's FTS5 query over the index (the terms above): every word
 * must appear in the name, email, phone, message or any other field in the index, as a word or the
 * start of one. "priya@company" finds "priya@company.in"; "राहु" finds "राहुल". A phone number also
 * finds the leads whose phone holds its digits anywhere, however either is written: "9876543210",
 * "+919876543210" and "09876543210" find "+91 98765 43210", and "2456789" finds "(0161) 245-6789".
 */
export function searchQuery(text: string): string | undefined {
  const found = searchTerms(text);
  return found && fts5Query(LEAD_SEARCH_INDEX, fullTextSearchOf(found));
}
