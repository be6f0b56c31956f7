import type { PageSeo } from '../lib/page-meta';

export interface NewsletterStep {
  readonly hero: { readonly eyebrow: string; readonly title: string; readonly lead: string };
  readonly text: string;
  /** A button that posts the page's own address (with its ?token=) back to the server. */
  readonly action?: string;
  readonly seo: PageSeo;
}

const step = (title: string, lead: string, text: string, action?: string): NewsletterStep => ({
  hero: { eyebrow: 'Newsletter', title, lead },
  text,
  ...(action ? { action } : {}),
  seo: { description: lead },
});

/** The pages of the double opt-in and of leaving the list. None of them is indexed. */
export const newsletterSteps = {
  checkInbox: step(
    'Check your inbox',
    'Thank you! We have sent you an email with a link to confirm your subscription.',
    'The link is valid for 48 hours. If the email does not arrive within a few minutes, look in your spam folder. Nothing is sent until you confirm.',
  ),
  confirm: step(
    'Confirm your subscription',
    'One last step: press the button below to start receiving our newsletter.',
    'We ask you to press a button rather than just open the link, so that nobody can be subscribed by a program that follows links in emails.',
    'Confirm subscription',
  ),
  confirmed: step(
    'You are subscribed',
    'Thank you for confirming. Our next newsletter will reach you soon.',
    'Every newsletter has an unsubscribe link at the bottom; one click is all it takes to leave.',
  ),
  unsubscribe: step(
    'Unsubscribe from our newsletter',
    'Press the button below and we will stop sending you the newsletter.',
    'You will not receive any further newsletters unless you subscribe again.',
    'Unsubscribe',
  ),
  unsubscribed: step(
    'You are unsubscribed',
    'You will not receive our newsletter any more.',
    'Changed your mind? You can subscribe again at any time with the form at the bottom of every page.',
  ),
} as const;
