/**
 * The newsletter's shared texts and addresses: the footer form, the server and
 * the confirmation emails all use these.
 */
import { EMAIL_MAX_LENGTH, type FormFieldDefinition } from './form-field.ts';

/** Where the footer form posts (multipart from the page, urlencoded without JavaScript). */
export const NEWSLETTER_ENDPOINT = '/api/newsletter';

/** Pages of the double opt-in; the server links to them and answers native posts with a 303 there. */
export const newsletterPaths = {
  checkInbox: '/newsletter/check-your-inbox',
  confirm: '/newsletter/confirm',
  confirmed: '/newsletter/confirmed',
  unsubscribe: '/newsletter/unsubscribe',
  unsubscribed: '/newsletter/unsubscribed',
} as const;

/**
 * The consent a subscriber gives, shown beside the form. The server stores the
 * version and text shown with every confirmed subscription; change the version
 * whenever the text changes.
 */
export const newsletterConsent = {
  version: '2026-11-21',
  text: 'By subscribing you agree to receive our newsletter. We never share your address, and you can unsubscribe at any time.',
} as const;

/** What the visitor reads after sending the form. The same reply for new, pending and confirmed addresses. */
export const newsletterMessages = {
  accepted: 'Thank you! Please check your inbox and click the link to confirm your subscription.',
  invalidEmail: 'Please enter a valid email address, like name@company.com.',
  failure: 'Sorry, we could not sign you up just now. Please try again later.',
} as const;

/** The form's one field, drawn by the footer and by the server's pages without JavaScript. */
export const newsletterEmailField: FormFieldDefinition = {
  label: 'E-mail address',
  control: 'email',
  required: true,
  maxLength: EMAIL_MAX_LENGTH,
  autoComplete: 'email',
  placeholder: 'you@company.com',
};
