import { NewsletterForm } from '../../app/components/newsletter/newsletter-form.tsx';
import { company } from '../../common/company.ts';
import { newsletterMessages } from '../../common/newsletter.ts';
import type { ProblemTexts } from '../forms/form-problem.ts';
import { renderServerPage } from '../forms/server-page.tsx';
import type { SiteStylesheet } from '../forms/site-stylesheet.ts';
import { CONFIRM_TOKEN_TTL_MS } from './subscriber-tokens.ts';

/** What a visitor reads when a sign-up is refused. The footer shows the 400 and 429 texts as they are. */
export const newsletterProblemTexts: ProblemTexts = {
  invalid: newsletterMessages.invalidEmail,
  malformed: 'The form could not be read. Please enter your email address again.',
  'cross-site': 'You can only subscribe with the form on our own website.',
  'too-large': 'The sign-up was too large to read. Please send just your email address.',
  'unsupported-type': 'Send the sign-up as a form: multipart/form-data or application/x-www-form-urlencoded.',
  files: 'Files cannot be sent with a sign-up. Please send just your email address.',
  'rate-limited': 'Too many sign-ups were sent from your network.',
  internal: 'Something went wrong on our side and you are not subscribed yet. Please try again later.',
  unavailable: 'We cannot take sign-ups at the moment. Please try again in a few minutes.',
};

/** What a visitor reads when a confirm or unsubscribe button's post is refused. */
export const linkProblemTexts: ProblemTexts = {
  ...newsletterProblemTexts,
  'cross-site': 'A subscription can only be confirmed with the button on our own website.',
  'too-large':
    'This request was too large to read, so nothing was changed. Open the link in our email and press the button again.',
  internal: 'Something went wrong on our side and nothing was changed. Please press the button again later.',
  unavailable:
    'We cannot change subscriptions at the moment. Please press the button again in a few minutes.',
};

/** A refused sign-up without JavaScript: what went wrong, and the form again with the address typed. */
export function renderSignupErrorPage(options: {
  summary: string;
  email: string;
  fieldError: string | undefined;
  stylesheet: SiteStylesheet | undefined;
}): string {
  return renderServerPage({
    eyebrow: 'Newsletter',
    heading: 'You are not subscribed yet',
    // One field: its message under it is enough, without a list of links to the fields.
    alert: { summary: options.summary },
    stylesheet: options.stylesheet,
    children: <NewsletterForm appearance="page" email={options.email} error={options.fieldError} />,
  });
}

const HOURS = CONFIRM_TOKEN_TTL_MS / (60 * 60 * 1000);
const INCOMPLETE =
  'The link may be incomplete: if you copied it from the email, make sure you copied all of it.';

/** A link from a newsletter email that cannot be used, and what to do instead. */
export type LinkProblem = 'confirm-unknown' | 'confirm-spent' | 'unsubscribe-unknown';

const LINK_PAGES: Record<LinkProblem, { heading: string; paragraphs: string[]; form: boolean }> = {
  'confirm-unknown': {
    heading: 'This confirmation link is not valid',
    paragraphs: [INCOMPLETE, 'Or subscribe again below, and we will send you a new link.'],
    form: true,
  },
  'confirm-spent': {
    heading: 'This confirmation link has expired or was already used',
    paragraphs: [
      `A confirmation link works once, for ${HOURS} hours. If you have confirmed already, you are subscribed and there is nothing more to do.`,
      'Otherwise, subscribe again below, and we will send you a new link.',
    ],
    form: true,
  },
  'unsubscribe-unknown': {
    heading: 'This unsubscribe link is not valid',
    paragraphs: [
      INCOMPLETE,
      `If our newsletter keeps reaching you, write to us at ${company.email} and we will remove your address.`,
    ],
    form: false,
  },
};

/** The plain-text reply for a client that is not a browser (a mail provider's one-click POST, curl). */
export function linkProblemText(problem: LinkProblem): string {
  const page = LINK_PAGES[problem];
  return `${page.heading}. ${page.paragraphs.join(' ')}\n`;
}

export function renderLinkProblemPage(problem: LinkProblem, stylesheet: SiteStylesheet | undefined): string {
  const page = LINK_PAGES[problem];
  return renderServerPage({
    eyebrow: 'Newsletter',
    heading: page.heading,
    paragraphs: page.paragraphs,
    stylesheet,
    children: page.form ? <NewsletterForm appearance="page" /> : undefined,
  });
}

/** A confirm or unsubscribe post refused before its link was even looked at (see linkProblemTexts). */
export function renderLinkErrorPage(summary: string, stylesheet: SiteStylesheet | undefined): string {
  return renderServerPage({
    eyebrow: 'Newsletter',
    heading: 'Nothing was changed',
    alert: { summary },
    paragraphs: ['Go back to the link in our email and press the button there again.'],
    stylesheet,
  });
}
