/** Texts a visitor reads, shared by the browser and the server. */

/** The replies of the quote form, word for word (docs/decisions/003-quote-form-messages.md). */
export const quoteMessages = {
  success: "Quote request sent successfully! We'll get back to you soon.",
  failure: 'Error sending quote request. Please try again.',
  transportFailure: 'Error sending quote request. Please try again later.',
  /** A request taken without its files: the day's limit on stored files was reached. */
  filesNotKept:
    'Your request was received, but not the files attached to it: the website has taken all the files it can store today. Please send them again when we reply.',
} as const;

/** The one word the quote endpoint answers when a request is stored. */
export const QUOTE_SUCCESS_REPLY = 'success';

/**
 * The header of a "success" reply whose request was taken without its files (the day's limit on
 * stored files was reached): the body stays the one word, so a client that reads only the word is
 * still right that the request was stored.
 */
export const QUOTE_FILES_HEADER = 'quote-files';
export const QUOTE_FILES_NOT_KEPT = 'not-kept';
