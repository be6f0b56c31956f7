/**
 * The public newsletter archive (docs/newsletter.md): its address and its texts. The server writes its pages on
 * each request (server/newsletter/archive-pages.tsx); the site's footer links to the index. A file of
 * its own, apart from common/newsletter.ts, which the site's script imports: the archive adds no byte to
 * any public page's JavaScript.
 */

/** The index of every published campaign; each one is at `${NEWSLETTER_ARCHIVE_PATH}/<slug>`. */
export const NEWSLETTER_ARCHIVE_PATH = '/newsletter/archive';

export const newsletterArchiveCopy = {
  /** The link under the footer's sign-up form. */
  footerLink: 'Read past newsletters',
  eyebrow: 'Newsletter',
  index: {
    heading: 'Newsletter archive',
    /** Also the page's meta description. */
    lead: 'Every newsletter we have sent, newest first: practical notes on software, marketing and design.',
    empty:
      'No newsletter has been published here yet. Subscribe below and the first one will reach your inbox.',
  },
  campaign: {
    /** Before the date it was sent, e.g. "Sent on 26 November 2026". */
    sentOn: 'Sent on',
    /** The page's meta description when its preview text is empty. */
    fallbackDescription: (subject: string) => `${subject}: a newsletter from our team.`,
    backLink: 'All newsletters',
  },
  signup: {
    heading: 'Get the next one by email',
    text: 'About once a month, straight to your inbox.',
  },
  homeLink: 'Back to the home page',
} as const;
