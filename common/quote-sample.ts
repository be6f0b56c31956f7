import { quoteFields, quoteFormFields, type QuoteField, type QuoteFormValues } from './quote-request.ts';

/** Values people really type, for the fields the form has had from the start. */
const realistic: Partial<QuoteFormValues> = {
  name: 'Priya Sharma',
  email: 'priya@company.in',
  phone: '+91 98000 00000',
  message: 'We need a new website for our shop.',
};

/** A value made from the field's definition, or nothing when that value would not pass its rule. */
function madeUp(name: QuoteField): string {
  const { label, control, maxLength, schema } = quoteFormFields[name];
  const byControl = {
    text: `Sample ${label.toLowerCase()}`,
    email: 'priya@company.in',
    tel: '+91 98000 00000',
    textarea: `A sample ${label.toLowerCase()}.`,
  } as const;
  const value = byControl[control].slice(0, maxLength);
  return schema.safeParse(value).success ? value : '';
}

/**
 * A quote request that passes validation, built from the field definitions
 * (common/quote-request.ts), for the tests, the screenshots and the
 * benchmarks. A field added to the form gets a value made from its label (or
 * stays empty when that value does not pass its rule), so a new optional
 * field needs nothing here, and a new required field a line in `realistic`
 * only when its rule refuses the made-up value.
 */
export function sampleQuote(overrides: Partial<QuoteFormValues> = {}): QuoteFormValues {
  const values = Object.fromEntries(quoteFields.map((name) => [name, realistic[name] ?? madeUp(name)]));
  return { ...(values as QuoteFormValues), ...overrides };
}
