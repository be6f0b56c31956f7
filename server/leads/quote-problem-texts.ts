import { formatFileSize, type AttachmentLimits } from '../../common/attachments.ts';
import { quoteFormFields } from '../../common/quote-request.ts';
import type { ProblemTexts } from '../forms/form-problem.ts';

/** The line of the no-JavaScript error page when files were sent: the browser does not keep them. */
export const ATTACH_AGAIN_TEXT =
  'Files are not kept when a quote request is refused: please attach them again.';

/** What a visitor reads when a quote request is refused (the files' limits are settings). */
export const quoteProblemTexts = (limits: AttachmentLimits): ProblemTexts => ({
  invalid: 'Please correct these fields and send the quote request again.',
  malformed: 'The form data could not be read. Please send the quote request again.',
  'cross-site': 'Quote requests can only be sent from the form on our own website.',
  'too-large': `The quote request is too large. The message can be at most ${quoteFormFields.message.maxLength.toLocaleString('en-IN')} characters, and the files together at most ${formatFileSize(limits.maxTotalBytes)}.`,
  'unsupported-type':
    'Send the quote request as a form: multipart/form-data or application/x-www-form-urlencoded.',
  files: 'A file you attached was refused, so the quote request was not sent.',
  'rate-limited': 'Too many quote requests were sent from your network.',
  internal: 'Something went wrong on our side and your quote request was not saved. Please try again later.',
  unavailable:
    'We cannot save quote requests at the moment, so yours was not sent. Please try again in a few minutes.',
});
