/** Texts a visitor reads, shared by the browser and the server. */

/** The replies of the quote form, word for word from the specification (section 8). */
export const quoteMessages = {
  success: "Quote request sent successfully! We'll get back to you soon.",
  failure: 'Error sending quote request. Please try again.',
  transportFailure: 'Error sending quote request. Please try again later.',
} as const;

/** The one word the quote endpoint answers when a request is stored. */
export const QUOTE_SUCCESS_REPLY = 'success';
