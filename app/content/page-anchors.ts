import type { ServiceId } from './service-names';

/**
 * Links to places inside pages. Apart from the page table (navigation.ts re-exports them), so that
 * the home page's islands, which use them, do not carry the whole table in their script.
 */

/** Link to one section of the services page. */
export function serviceHref(id: ServiceId): string {
  return `/services#${id}`;
}

/** Where the home page's quote form lives; the form opens when this is the URL. */
export const QUOTE_FORM_ID = 'quote-form';
export const quoteHref = `/#${QUOTE_FORM_ID}`;
