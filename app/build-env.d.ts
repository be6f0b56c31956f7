/** Public origin of the site, from SITE_URL at build time. */
declare const __SITE_URL__: string;
/** The quote form's endpoint, from QUOTE_ENDPOINT at build time (default /api/quote). */
declare const __QUOTE_ENDPOINT__: string;
