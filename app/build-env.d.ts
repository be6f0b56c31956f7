/** The build's origin (common/build-origin.ts): the server puts its own SITE_URL in its place. */
declare const __SITE_URL__: string;
/** The quote form's endpoint, from QUOTE_ENDPOINT at build time (default /api/quote). */
declare const __QUOTE_ENDPOINT__: string;
