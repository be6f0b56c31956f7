import type { AttachmentLimits, AttachmentProblem } from '../../common/attachments.ts';

/**
 * Why a file sent with a form, or the set of them, was refused: the shared words' own type (a form
 * words each one; the core only names them). The parser finds the first three while the body streams
 * in, a form's own checks the others.
 */
export type FileProblem = AttachmentProblem;

/** How many files, and how many bytes, one post may carry. */
export type UploadLimits = AttachmentLimits;

/**
 * The status of a post refused for its files: 422 for a virus (the file was read and understood,
 * and refused for what it holds), 413 for too many or too large, 415 for the wrong kind or empty.
 */
export function fileProblemStatus(problems: readonly FileProblem[]): number {
  if (problems.some((problem) => problem.reason === 'virus')) return 422;
  if (problems.some((problem) => ['too-many', 'too-large', 'total-too-large'].includes(problem.reason))) {
    return 413;
  }
  return 415;
}
