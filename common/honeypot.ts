/**
 * The honeypot field of the site's forms: hidden from people and assistive
 * technology, named so that no browser autofills it. A request that fills it
 * is spam. Kept apart from the form schemas so that a form can use it without
 * pulling a schema library into the page.
 */
export const HONEYPOT_FIELD = 'website';
