import { describe, expect, it } from 'vitest';
import { quoteFieldMessages as m, validateQuoteRequest, type QuoteFormValues } from './quote-request.ts';
import { sampleQuote } from './quote-sample.ts';

const valid: QuoteFormValues = sampleQuote();
const errorsOf = (change: Partial<QuoteFormValues>) => {
  const result = validateQuoteRequest({ ...valid, ...change });
  return result.ok ? {} : result.errors;
};
const valueOf = (change: Partial<QuoteFormValues>) => {
  const result = validateQuoteRequest({ ...valid, ...change });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.value;
};

/** Zero-width space, word joiner, byte order mark, soft hyphen, Hangul filler, direction marks. */
const INVISIBLE = ['\u200b', '\u2060', '\ufeff', '\u00ad', '\u3164', '\u200e', '\u200f', '\u061c'];
/** Every embedding, override and isolate. */
const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

describe('the quote form counts only the characters a visitor can see', () => {
  it.each(INVISIBLE.map((character) => [character.codePointAt(0)!.toString(16)]))(
    'a name or message of U+%s alone (or with spaces) is missing',
    (hex) => {
      const character = String.fromCodePoint(parseInt(hex, 16));
      expect(errorsOf({ name: character, message: ` ${character}${character} ` })).toEqual({
        name: m.nameRequired,
        message: m.messageRequired,
      });
    },
  );

  it('takes a name made only of invisible characters and marks as missing, so no lead has a blank name', () => {
    expect(errorsOf({ name: '\u200b\u2060\ufeff\u200c\u200d \u0301' }).name).toBe(m.nameRequired);
    expect(errorsOf({ email: '\u200b' }).email).toBe(m.emailRequired);
  });

  it('keeps the joiners that Indian scripts and emoji need inside visible text', () => {
    expect(valueOf({ name: 'क्\u200dष Priya', message: 'Thanks 👩\u200d💻' })).toMatchObject({
      name: 'क्\u200dष Priya',
      message: 'Thanks 👩\u200d💻',
    });
  });
});

describe('the quote form refuses direction controls in every field, and says why', () => {
  it.each(BIDI.map((control) => [control.codePointAt(0)!.toString(16), control]))('U+%s', (_hex, control) => {
    expect(
      errorsOf({
        name: `Priya ${control}gnp.exe`,
        email: `priya${control}@company.in`,
        phone: `${control}+91 98000 00000`,
        message: `Please call me ${control}gnp.exe\u202c`,
      }),
    ).toEqual({
      name: m.nameDirection,
      email: m.emailHidden,
      phone: m.phoneDirection,
      message: m.messageDirection,
    });
  });

  it('accepts the direction marks in right-to-left text, which cannot turn a word around', () => {
    expect(valueOf({ message: 'العنوان\u200f: 12 شارع' }).message).toBe('العنوان\u200f: 12 شارع');
  });
});

describe('the quote form stores text in one Unicode form (NFC)', () => {
  it('stores a nukta typed as its own letter and as a mark the same way', () => {
    const devanagari = valueOf({ name: '\u095Bोया', message: 'ਮੈਂ \u0A5Bਰੂਰ' });
    const combining = valueOf({ name: '\u091C\u093Cोया', message: 'ਮੈਂ \u0A1C\u0A3Cਰੂਰ' });
    expect(devanagari.name).toBe(combining.name);
    expect(devanagari.message).toBe(combining.message);
    expect(valueOf({ name: 'Jose\u0301' }).name).toBe('José');
  });

  it('counts the limit in what the visitor typed, as the field does', () => {
    // U+095B is one character typed and two once composed (a composition exclusion).
    expect(valueOf({ name: '\u095B'.repeat(100) }).name).toBe('\u091C\u093C'.repeat(100));
  });
});
