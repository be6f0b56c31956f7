/**
 * Why a file sent with a form, or the set of them, was refused. The same shape as
 * common/attachments.ts AttachmentProblem (a form words each one; the core only names them): the
 * parser finds the first three while the body streams in, a form's own checks the others.
 */
export type FileProblem =
  | { reason: 'too-many'; limit: number }
  | { reason: 'total-too-large'; limit: number }
  | { reason: 'too-large'; file: string; limit: number }
  | { reason: 'empty'; file: string }
  | { reason: 'type'; file: string }
  | { reason: 'content'; file: string; kind: string }
  | { reason: 'virus'; file: string };

/** How many files, and how many bytes, one post may carry. */
export interface UploadLimits {
  maxFiles: number;
  maxFileBytes: number;
  maxTotalBytes: number;
}

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
