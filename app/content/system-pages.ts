import { quoteMessages } from '../../common/quote-messages';
import type { PageSeo } from '../lib/page-meta';

/** The not-found page, sent with status 404 for every unknown path. */
export const notFound = {
  hero: {
    eyebrow: 'Error 404',
    title: 'Page not found',
    lead: 'Sorry, we could not find the page you were looking for. It may have moved, or the address may be mistyped.',
  },
  linksTitle: 'Where would you like to go?',
  destinations: [
    { to: '/', label: 'Home page', text: 'Start again from the beginning.' },
    { to: '/services', label: 'Our services', text: 'Software, marketing, design and consulting.' },
    { to: '/contact', label: 'Contact us', text: 'Our office, email and phone number.' },
    { to: '/FAQ', label: 'FAQ', text: 'Answers to common questions.' },
  ],
  seo: {
    description: 'The page you asked for does not exist. Find your way back to our services, or contact us.',
  } satisfies PageSeo,
} as const;

/** Where a quote request sent without JavaScript lands. */
export const thankYou = {
  hero: { eyebrow: 'Quote request', title: 'Thank you', lead: quoteMessages.success },
  text: 'Your request is safely with us. While you wait, you can read more about what we do or find answers to common questions.',
  seo: {
    description: 'Your quote request has been sent. We will get back to you soon.',
  } satisfies PageSeo,
} as const;

/** Where a quote request sent without JavaScript lands when it was taken without its files (the day's limit). */
export const thankYouFilesNotKept = {
  hero: { eyebrow: 'Quote request', title: 'Thank you', lead: quoteMessages.success },
  notice: quoteMessages.filesNotKept,
  text: 'The rest of your request is safely with us. While you wait, you can read more about what we do or find answers to common questions.',
  seo: {
    description: 'Your quote request has been sent, without its files. We will get back to you soon.',
  } satisfies PageSeo,
} as const;
