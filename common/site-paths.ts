/** Paths of prerendered pages that the server also needs to know. */

/** The prerendered not-found page; the server sends it with status 404. */
export const notFoundPath = '/404';

/** Where a quote request posted without JavaScript lands (303 See Other from the server). */
export const quoteThankYouPath = '/thank-you';

/** Where a request posted without JavaScript lands when it was taken without its files (the day's limit). */
export const quoteThankYouFilesNotKeptPath = '/thank-you-files-not-kept';
