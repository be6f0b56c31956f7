import * as z from 'zod/mini';

import { EMAIL_MAX_LENGTH } from '../form-field.ts';
import { minVisibleLength, withoutBidiControls, withoutHiddenCharacters } from '../hidden-characters.ts';

/**
 * The messages of the website's content fields, shown next to the field in the editor and returned by
 * the server for the same rule: one schema checks both sides.
 */
export const contentMessages = {
  notText: 'This must be text.',
  required: 'This field is required.',
  tooLong: (max: number) => `Keep this to ${max} characters or fewer.`,
  oneLine: 'This must be on one line.',
  hidden: 'This contains invisible characters that change how it reads: type it again.',
  email: 'Enter an email address like name@example.com.',
  url: 'Enter a full web address starting with https://.',
  phone: 'Enter the number in international form, like +910000000000.',
  tooFew: (min: number) => `Keep at least ${min}.`,
  tooMany: (max: number) => `Keep at most ${max}.`,
  choice: 'Choose one of the options.',
  photo: 'Upload the photo again: this is not a photo of the site.',
} as const;

/** Lengths of the content's fields, in characters. */
export const CONTENT_LIMITS = {
  /** A label, a name or a heading. */
  line: 120,
  /** A sentence or two: a lead, a card's text, a bullet. */
  short: 400,
  /** A paragraph. */
  paragraph: 2000,
} as const;

// Control characters other than the line feed: a field never needs them, and they would reach the page.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0009\u000b-\u001f\u007f]/;

/**
 * Plain text: shown as typed (the page escapes it, so `<script>` is text), trimmed, required unless
 * said otherwise, within its length, on one line unless it is a paragraph.
 */
export function plainText(max: number = CONTENT_LIMITS.line, { multiline = false } = {}) {
  return z.string({ error: contentMessages.notText }).check(
    z.trim(),
    minVisibleLength(1, contentMessages.required),
    z.maxLength(max, contentMessages.tooLong(max)),
    withoutBidiControls(contentMessages.hidden),
    z.refine((text) => !CONTROL_CHARACTERS.test(text), contentMessages.oneLine),
    z.refine((text) => multiline || !text.includes('\n'), contentMessages.oneLine),
  );
}

/** One or more paragraphs, each its own plain text. */
export function paragraphs(max = 6) {
  return listOf(plainText(CONTENT_LIMITS.paragraph, { multiline: true }), 1, max);
}

/** A list of items the editor can add to, remove from and reorder, within these counts. */
export function listOf<T extends z.ZodMiniType>(item: T, min: number, max: number) {
  return z
    .array(item)
    .check(z.minLength(min, contentMessages.tooFew(min)), z.maxLength(max, contentMessages.tooMany(max)));
}

/** A choice among fixed values (an icon, an anchor, a piece of art). */
export function choice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: contentMessages.choice });
}

export const contentEmail = z
  .string({ error: contentMessages.notText })
  .check(
    z.trim(),
    minVisibleLength(1, contentMessages.required),
    z.maxLength(EMAIL_MAX_LENGTH, contentMessages.tooLong(EMAIL_MAX_LENGTH)),
    withoutHiddenCharacters(contentMessages.hidden),
    z.regex(z.regexes.email, contentMessages.email),
  );

/** A public web address: https only (a social profile, a link). */
export const contentUrl = z.string({ error: contentMessages.notText }).check(
  z.trim(),
  minVisibleLength(1, contentMessages.required),
  z.maxLength(500, contentMessages.tooLong(500)),
  z.refine((text) => URL.canParse(text) && new URL(text).protocol === 'https:', contentMessages.url),
);

/** A phone number for tel: links (E.164). */
export const contentPhoneE164 = z
  .string({ error: contentMessages.notText })
  .check(z.trim(), z.regex(/^\+[1-9]\d{6,14}$/, contentMessages.phone));
