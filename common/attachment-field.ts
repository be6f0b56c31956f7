/**
 * The attachments field as the quote form draws it: its name, `accept` and hint, written out. The
 * home page's script hydrates the form with these and loads the rules (common/attachments.ts) only
 * once a file is chosen, to stay within its size budget; attachment-field.test.ts checks that these
 * agree with the rules.
 */

/** ATTACHMENT_FIELD. */
export const ATTACHMENT_INPUT_NAME = 'attachments';

/** ATTACHMENT_ACCEPT. */
export const ATTACHMENT_INPUT_ACCEPT =
  '.pdf,.docx,.doc,.xlsx,.xls,.pptx,.ppt,.odt,.ods,.odp,.txt,.csv,.png,.jpg,.jpeg,.webp';

/** The accepted kinds (ACCEPTED_KINDS_TEXT) and the default limits (DEFAULT_ATTACHMENT_LIMITS). */
export const ATTACHMENT_INPUT_HINT =
  'PDF, Word, Excel, PowerPoint, OpenDocument, text, CSV, PNG, JPEG or WebP files. Up to 5 files, 10 MB each, 25 MB in all.';
