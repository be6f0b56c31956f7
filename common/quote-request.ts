import * as z from 'zod/mini';
import { emailAddressSchema } from './email-address.ts';
import { EMAIL_MAX_LENGTH, type FormFieldDefinition } from './form-field.ts';
import { minVisibleLength, withoutBidiControls } from './hidden-characters.ts';

/**
 * The quote form, defined once: each field's label, control, autocomplete,
 * limits, rules and messages. The React form, the server's no-JavaScript
 * page, the validation on both sides, the database columns, the email to the
 * company, the CSV export and the inbox are all derived from this file (see
 * docs/adding-a-quote-field.md).
 */

/** What the visitor reads when a field is wrong. */
export const quoteFieldMessages = {
  nameRequired: 'Please enter your name.',
  nameTooLong: 'Your name can be at most 100 characters.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address, like name@company.com.',
  emailTooLong: 'Your email address can be at most 254 characters.',
  emailHidden:
    'Your email address contains invisible characters, perhaps copied along with it. Please type it again.',
  phoneTooLong: 'Your phone number can be at most 30 characters.',
  phoneInvalid: 'Use only digits, spaces and + - ( ) . in the phone number.',
  phoneDirection:
    'Your phone number contains invisible characters that change the direction of text. Please type it again.',
  messageRequired: 'Please tell us about your project.',
  messageTooLong: 'Your message can be at most 5,000 characters.',
  controlCharacters: 'This field contains characters we cannot accept.',
  nameDirection:
    'Your name contains invisible characters that change the direction of text. Please type it again.',
  messageDirection:
    'Your message contains invisible characters that change the direction of text. Please type it again instead of pasting it.',
  notText: 'This field must be text.',
} as const;
const m = quoteFieldMessages;

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
 * Text, trimmed, that passes these checks, then put in Unicode's composed form
 * (NFC): the same text is stored the same however it was typed (a nukta as a
 * letter of its own or as a mark after one), so the inbox's search finds it
 * either way. The limits count what the visitor typed, as the field does.
 */
const text = (...checks: z.core.$ZodCheck<string>[]) =>
  z.string({ error: m.notText }).check(z.trim(), ...checks, z.normalize('NFC'));

/** A field's definition and the rule its value must pass (values are trimmed first). */
interface QuoteFieldDefinition<Schema extends z.ZodMiniType<string>> extends FormFieldDefinition {
  readonly schema: Schema;
}
/** A field from its definition and its rule; the rule gets the definition's maxLength, written once. */
function field<Schema extends z.ZodMiniType<string>>({
  rule,
  ...definition
}: FormFieldDefinition & { rule: (maxLength: number) => Schema }): QuoteFieldDefinition<Schema> {
  return { ...definition, schema: rule(definition.maxLength) };
}

/** The fields, in the order the form shows them. */
export const quoteFormFields = {
  name: field({
    label: 'Name',
    control: 'text',
    required: true,
    maxLength: 100,
    autoComplete: 'name',
    rule: (maxLength) =>
      text(
        minVisibleLength(1, m.nameRequired),
        z.maxLength(maxLength, m.nameTooLong),
        withoutControls(CONTROL_CHARACTERS),
        withoutBidiControls(m.nameDirection),
      ),
  }),
  email: field({
    label: 'Email',
    control: 'email',
    required: true,
    maxLength: EMAIL_MAX_LENGTH,
    autoComplete: 'email',
    rule: (maxLength) =>
      emailAddressSchema(
        {
          notText: m.notText,
          required: m.emailRequired,
          tooLong: m.emailTooLong,
          invalid: m.emailInvalid,
          hidden: m.emailHidden,
        },
        maxLength,
      ),
  }),
  phone: field({
    label: 'Phone',
    control: 'tel',
    required: false,
    maxLength: 30,
    autoComplete: 'tel',
    inputMode: 'tel',
    pattern: '[0-9 +\\-\\(\\)\\.]*',
    wide: true,
    rule: (maxLength) =>
      text(
        z.maxLength(maxLength, m.phoneTooLong),
        withoutBidiControls(m.phoneDirection),
        z.regex(PHONE_CHARACTERS, m.phoneInvalid),
      ),
  }),
  message: field({
    label: 'Message',
    control: 'textarea',
    required: true,
    maxLength: 5000,
    rows: 5,
    hint: 'Your goals, timeline and budget, if you know them.',
    counted: true,
    wide: true,
    rule: (maxLength) =>
      text(
        minVisibleLength(1, m.messageRequired),
        z.maxLength(maxLength, m.messageTooLong),
        withoutControls(CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS),
        withoutBidiControls(m.messageDirection),
      ),
  }),
};

export type QuoteField = keyof typeof quoteFormFields;
export const quoteFields = Object.keys(quoteFormFields) as QuoteField[];

type QuoteSchemas = { [F in QuoteField]: (typeof quoteFormFields)[F]['schema'] };

/** The quote request, validated the same way in the browser and on the server. */
export const quoteRequestSchema = z.object(
  Object.fromEntries(quoteFields.map((name) => [name, quoteFormFields[name].schema])) as QuoteSchemas,
);

export type QuoteRequest = z.infer<typeof quoteRequestSchema>;
export type QuoteFormValues = Record<QuoteField, string>;
export type QuoteFieldErrors = Partial<Record<QuoteField, string>>;

export const emptyQuoteValues = Object.fromEntries(quoteFields.map((name) => [name, ''])) as QuoteFormValues;

export type QuoteValidation = { ok: true; value: QuoteRequest } | { ok: false; errors: QuoteFieldErrors };

/**
 * Validates raw form values and returns either the clean request or the first
 * message for each field that is wrong.
 */
export function validateQuoteRequest(input: Partial<Record<QuoteField, unknown>>): QuoteValidation {
  const candidate = Object.fromEntries(quoteFields.map((name) => [name, input[name] ?? '']));
  const result = quoteRequestSchema.safeParse(candidate);
  if (result.success) return { ok: true, value: result.data };
  const errors: QuoteFieldErrors = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (isQuoteField(name) && errors[name] === undefined) errors[name] = issue.message;
  }
  return { ok: false, errors };
}

function isQuoteField(value: unknown): value is QuoteField {
  return typeof value === 'string' && Object.hasOwn(quoteFormFields, value);
}
