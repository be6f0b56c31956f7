/** The footer's fixed texts. The copyright year is fixed (docs/decisions/001-company-identity.md). */
export const footerContent = {
  about:
    'We build software, run digital marketing campaigns and design digital products for growing businesses, with one accountable team from first call to launch.',
  copyrightYear: 2025,
  newsletter: {
    heading: 'Newsletter',
    text: 'Practical notes on software, marketing and design, about once a month.',
    button: 'Subscribe',
  },
} as const;
