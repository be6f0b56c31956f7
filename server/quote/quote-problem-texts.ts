import { quoteFields, quoteFormFields } from '../../common/quote-request.ts';
import type { ProblemTexts } from '../forms/form-problem.ts';

/** The form's fields as a visitor reads them in a sentence: "name, email, phone and message". */
const fieldNames = new Intl.ListFormat('en-IN', { type: 'conjunction' }).format(
  quoteFields.map((name) => quoteFormFields[name].label.toLowerCase()),
);

/** What a visitor reads when a quote request is refused. */
export const quoteProblemTexts: ProblemTexts = {
  invalid: 'Please correct these fields and send the quote request again.',
  malformed: 'The form data could not be read. Please send the quote request again.',
  'cross-site': 'Quote requests can only be sent from the form on our own website.',
  'too-large': `The quote request is too large. The message can be at most ${quoteFormFields.message.maxLength.toLocaleString('en-IN')} characters.`,
  'unsupported-type':
    'Send the quote request as a form: multipart/form-data or application/x-www-form-urlencoded.',
  files: `Files cannot be attached to a quote request. Send only your ${fieldNames}.`,
  'rate-limited': 'Too many quote requests were sent from your network.',
  internal: 'Something went wrong on our side and your quote request was not saved. Please try again later.',
  unavailable:
    'We cannot save quote requests at the moment, so yours was not sent. Please try again in a few minutes.',
};
