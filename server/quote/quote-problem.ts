import { quoteLimits, type QuoteFieldErrors } from '../../common/quote-request.ts';

export type ProblemReason =
  | 'invalid'
  | 'too-large'
  | 'unsupported-type'
  | 'files'
  | 'malformed'
  | 'cross-site'
  | 'rate-limited'
  | 'unavailable'
  | 'internal';

const STATUS: Record<ProblemReason, number> = {
  invalid: 400,
  malformed: 400,
  'cross-site': 403,
  'too-large': 413,
  'unsupported-type': 415,
  files: 415,
  'rate-limited': 429,
  internal: 500,
  unavailable: 503,
};

/** What the visitor reads; never a stack trace, an error code or a path. */
const TEXT: Record<ProblemReason, string> = {
  invalid: 'Please correct these fields and send the quote request again.',
  malformed: 'The form data could not be read. Please send the quote request again.',
  'cross-site': 'Quote requests can only be sent from the form on our own website.',
  'too-large': `The quote request is too large. The message can be at most ${quoteLimits.message.toLocaleString('en-IN')} characters.`,
  'unsupported-type':
    'Send the quote request as a form: multipart/form-data or application/x-www-form-urlencoded.',
  files: 'Files cannot be attached to a quote request. Send only your name, email, phone and message.',
  'rate-limited': 'Too many quote requests were sent from your network.',
  internal: 'Something went wrong on our side and your quote request was not saved. Please try again later.',
  unavailable:
    'We cannot save quote requests at the moment, so yours was not sent. Please try again in a few minutes.',
};

/** A refused quote request: its status, the reason, and what to tell the visitor. */
export class QuoteProblem extends Error {
  readonly statusCode: number;
  readonly reason: ProblemReason;
  readonly fieldErrors: QuoteFieldErrors;
  readonly retryAfterSeconds: number | undefined;

  constructor(
    reason: ProblemReason,
    details: { fieldErrors?: QuoteFieldErrors; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(TEXT[reason], { cause: details.cause });
    this.name = 'QuoteProblem';
    this.reason = reason;
    this.statusCode = STATUS[reason];
    this.fieldErrors = details.fieldErrors ?? {};
    this.retryAfterSeconds = details.retryAfterSeconds;
  }

  /** The summary line, with the wait for a rate limit. */
  get summary(): string {
    if (this.reason === 'rate-limited' && this.retryAfterSeconds !== undefined) {
      const minutes = Math.max(1, Math.ceil(this.retryAfterSeconds / 60));
      return `${this.message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    }
    return this.message;
  }
}
