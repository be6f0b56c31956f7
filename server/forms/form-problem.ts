import { fileProblemStatus, type FileProblem } from './upload-problems.ts';

/** Why a form post was refused; each form words these for its visitors (see ProblemTexts). */
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

/** What the visitor reads for each reason; never a stack trace, an error code or a path. */
export type ProblemTexts = Readonly<Record<ProblemReason, string>>;

/**
 * A refused form post: its status and the reason. The words come from the
 * form's ProblemTexts when the reply is written, so the shared machinery (body
 * parsing, rate limit) can refuse a post without knowing which form it is.
 */
export class FormProblem extends Error {
  readonly statusCode: number;
  readonly reason: ProblemReason;
  /** Per-field messages, by field name (400, and with `files`). */
  readonly fieldErrors: Readonly<Record<string, string>>;
  /** The files refused, each naming its file ('files' only; its status follows them: fileProblemStatus). */
  readonly fileProblems: readonly FileProblem[];
  readonly retryAfterSeconds: number | undefined;

  constructor(
    reason: ProblemReason,
    details: {
      fieldErrors?: Record<string, string>;
      fileProblems?: readonly FileProblem[];
      retryAfterSeconds?: number;
      cause?: unknown;
    } = {},
  ) {
    super(`form post refused: ${reason}`, { cause: details.cause });
    this.name = 'FormProblem';
    this.reason = reason;
    this.fileProblems = details.fileProblems ?? [];
    this.statusCode =
      reason === 'files' && this.fileProblems.length > 0 ? fileProblemStatus(this.fileProblems) : STATUS[reason];
    this.fieldErrors = details.fieldErrors ?? {};
    this.retryAfterSeconds = details.retryAfterSeconds;
  }

  /** The form's text for this problem, with the wait for a rate limit. */
  summary(texts: ProblemTexts): string {
    const text = texts[this.reason];
    if (this.reason === 'rate-limited' && this.retryAfterSeconds !== undefined) {
      const minutes = Math.max(1, Math.ceil(this.retryAfterSeconds / 60));
      return `${text} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    }
    return text;
  }
}
