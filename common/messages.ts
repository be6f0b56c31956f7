/** Texts a visitor reads, shared by the browser and the server. */

/** The replies of the quote form, word for word from the specification (section 8). */
export const quoteMessages = {
  success: "Quote request sent successfully! We'll get back to you soon.",
  failure: 'Error sending quote request. Please try again.',
  transportFailure: 'Error sending quote request. Please try again later.',
} as const;

/** The one word the quote endpoint answers when a request is stored. */
export const QUOTE_SUCCESS_REPLY = 'success';

/** Per-field validation messages of the quote form. */
export const quoteFieldMessages = {
  nameRequired: 'Please enter your name.',
  nameTooLong: 'Your name can be at most 100 characters.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address, like name@company.com.',
  emailTooLong: 'Your email address can be at most 254 characters.',
  phoneTooLong: 'Your phone number can be at most 30 characters.',
  phoneInvalid: 'Use only digits, spaces and + - ( ) . in the phone number.',
  messageRequired: 'Please tell us about your project.',
  messageTooLong: 'Your message can be at most 5,000 characters.',
  controlCharacters: 'This field contains characters we cannot accept.',
  notText: 'This field must be text.',
} as const;
