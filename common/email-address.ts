import * as z from 'zod/mini';

import { EMAIL_MAX_LENGTH } from './form-field.ts';
import { minVisibleLength, withoutHiddenCharacters } from './hidden-characters.ts';

export interface EmailAddressMessages {
  notText: string;
  required: string;
  tooLong: string;
  invalid: string;
  /** For an address holding invisible characters (a zero-width space, a direction control…); else `invalid`. */
  hidden?: string;
}

/**
 * An email address as the site's forms accept it: trimmed, present, at most
 * 254 characters (or a form's own limit), without invisible characters, and of
 * the usual shape (zod's email pattern, which also refuses spaces and line
 * breaks). Each form gives its own messages.
 */
export function emailAddressSchema(messages: EmailAddressMessages, maxLength = EMAIL_MAX_LENGTH) {
  return z
    .string({ error: messages.notText })
    .check(
      z.trim(),
      minVisibleLength(1, messages.required),
      z.maxLength(maxLength, messages.tooLong),
      withoutHiddenCharacters(messages.hidden ?? messages.invalid),
      z.regex(z.regexes.email, messages.invalid),
    );
}
