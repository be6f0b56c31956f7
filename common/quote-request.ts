import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, emailAddressSchema } from './email-address.ts';
import { quoteFieldMessages as m } from './messages.ts';

/** Length limits of the quote form. The specification gives none; these are ours. */
export const quoteLimits = {
  name: 100,
  email: EMAIL_MAX_LENGTH,
  phone: 30,
  message: 5000,
} as const;

export const quoteFields = ['name', 'email', 'phone', 'message'] as const;
export type QuoteField = (typeof quoteFields)[number];

/** C0 controls, DEL and C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
/** The same, but line breaks (CR and LF) are allowed. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** Digits, spaces and + - ( ) . only. */
const PHONE_CHARACTERS = /^[0-9 +\-().]*$/;

const withoutControls = (pattern: RegExp) =>
  z.refine<string>((value) => !pattern.test(value), m.controlCharacters);

/**
 * The quote request, validated the same way in the browser and on the server.
 * Values are trimmed before they are checked.
 */
export const quoteRequestSchema = z.object({
  name: z
    .string({ error: m.notText })
    .check(
      z.trim(),
      z.minLength(1, m.nameRequired),
      z.maxLength(quoteLimits.name, m.nameTooLong),
      withoutControls(CONTROL_CHARACTERS),
    ),
  email: emailAddressSchema({
    notText: m.notText,
    required: m.emailRequired,
    tooLong: m.emailTooLong,
    invalid: m.emailInvalid,
  }),
  phone: z
    .string({ error: m.notText })
    .check(
      z.trim(),
      z.maxLength(quoteLimits.phone, m.phoneTooLong),
      z.regex(PHONE_CHARACTERS, m.phoneInvalid),
    ),
  message: z
    .string({ error: m.notText })
    .check(
      z.trim(),
      z.minLength(1, m.messageRequired),
      z.maxLength(quoteLimits.message, m.messageTooLong),
      withoutControls(CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS),
    ),
});

export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type QuoteFormValues = Record<QuoteField, string>;
export type QuoteFieldErrors = Partial<Record<QuoteField, string>>;

export const emptyQuoteValues: QuoteFormValues = { name: '', email: '', phone: '', message: '' };

export type QuoteValidation = { ok: true; value: QuoteRequest } | { ok: false; errors: QuoteFieldErrors };

/**
 * Validates raw form values and returns either the clean request or the first
 * message for each field that is wrong.
 */
export function validateQuoteRequest(input: Partial<Record<QuoteField, unknown>>): QuoteValidation {
  const candidate = {
    name: input.name ?? '',
    email: input.email ?? '',
    phone: input.phone ?? '',
    message: input.message ?? '',
  };
  const result = quoteRequestSchema.safeParse(candidate);
  if (result.success) return { ok: true, value: result.data };
  const errors: QuoteFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isQuoteField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

function isQuoteField(value: unknown): value is QuoteField {
  return typeof value === 'string' && (quoteFields as readonly string[]).includes(value);
}

/** The quote form's honeypot field (see common/honeypot.ts). */
export { HONEYPOT_FIELD as QUOTE_HONEYPOT_FIELD } from './honeypot.ts';
