/**
 * The company's mark: a rounded square with code brackets and a slash. The
 * logo (logo.tsx: the site's header and footer, the inbox's header and the
 * pages the server writes itself) draws it from these shapes;
 * public/favicon.svg is the same drawing as a file.
 */
export const brandMark = {
  viewBox: '0 0 40 40',
  size: 40,
  cornerRadius: 10,
  brackets: 'M15 13 8 20l7 7M25 13l7 7-7 7',
  slash: 'M22 11 18 29',
  strokeWidth: 3.2,
} as const;
