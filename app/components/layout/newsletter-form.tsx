import { useId } from 'react';
import { Link } from 'react-router';
import { NEWSLETTER_ENDPOINT, newsletterConsent, newsletterEmailField } from '../../../common/newsletter';
import { footerContent } from '../../content/footer';
import { HoneypotField } from '../ui/honeypot-field';

/**
 * The footer's newsletter box: one required email field. The browser posts it
 * and the server answers with a page; with JavaScript, the site's small script
 * (app/islands/newsletter-form.ts) sends it in place instead and shows the
 * reply in the live region. Either way the visitor then confirms from the
 * email (double opt-in). No React in the browser: this is prerendered markup.
 */
export function NewsletterForm() {
  const { newsletter } = footerContent;
  const inputId = useId();
  const noticeId = useId();

  return (
    <form
      action={NEWSLETTER_ENDPOINT}
      method="post"
      aria-label="Newsletter"
      className="mt-4"
      data-newsletter-form=""
    >
      <div className="flex flex-col gap-2 sm:flex-row lg:flex-col">
        <label htmlFor={inputId} className="sr-only">
          {newsletterEmailField.label}
        </label>
        <input
          id={inputId}
          type={newsletterEmailField.control}
          name="email"
          required={newsletterEmailField.required}
          maxLength={newsletterEmailField.maxLength}
          autoComplete={newsletterEmailField.autoComplete}
          placeholder={newsletterEmailField.placeholder}
          aria-describedby={noticeId}
          className="min-h-11 w-full min-w-0 rounded-lg border border-slate-600 bg-slate-800 px-3 text-white placeholder:text-slate-400 focus:border-accent-300"
        />
        <button
          type="submit"
          className="btn shrink-0 bg-accent-400 text-ink hover:bg-accent-300 disabled:opacity-70"
        >
          {newsletter.button}
        </button>
      </div>
      <HoneypotField id={`${inputId}-website`} />
      <p id={noticeId} className="mt-3 text-xs leading-5 text-slate-400">
        {newsletterConsent.text}{' '}
        <Link to="/privacypolicy#newsletter" className="underline underline-offset-2 hover:text-white">
          How we handle your data
        </Link>
        .
      </p>
      {/* A live region without a role: it must not be mistaken for the quote form's status and alert. */}
      <div aria-live="polite" data-newsletter-status="" />
    </form>
  );
}
