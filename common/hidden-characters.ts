import * as z from 'zod/mini';

/**
 * Characters a visitor cannot see, and the rules the forms build from them
 * (common/quote-request.ts, common/email-address.ts).
 */

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E,
 * U+2066–U+2069): invisible, they make text read differently from what it is
 * ("gnp.exe" shows as "exe.png"), in the company's email and the inbox. The
 * marks U+200E, U+200F and U+061C are not among them: they only set the
 * direction of the punctuation next to them, and right-to-left writing needs them.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * A character a reader sees: not white space, a control or format character
 * (zero-width space, word joiner, byte order mark, the direction marks),
 * another default-ignorable code point (Hangul fillers, variation
 * selectors…), nor a combining mark, which belongs to the letter before it.
 */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{M}]/gu;
/** Format and default-ignorable characters: never part of an address. */
const HIDDEN = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** How many characters of the text a reader sees: a letter with its marks is one. */
function visibleLength(text: string): number {
  return text.match(VISIBLE)?.length ?? 0;
}

/** At least this many visible characters; "required" is at least one. */
export const minVisibleLength = (minimum: number, message: string) =>
  z.refine<string>((value) => visibleLength(value) >= minimum, message);

/** No bidirectional control anywhere. */
export const withoutBidiControls = (message: string) =>
  z.refine<string>((value) => !BIDI_CONTROLS.test(value), message);

/** No format or default-ignorable character at all, for text that never has one, like an address. */
export const withoutHiddenCharacters = (message: string) =>
  z.refine<string>((value) => !HIDDEN.test(value), message);
