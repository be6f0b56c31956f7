import { useId } from 'react';
import { NEWSLETTER_ENDPOINT, newsletterConsent, newsletterEmailField } from '../../../common/newsletter.ts';
import { footerContent } from '../../content/footer.ts';
import { HoneypotField } from '../ui/honeypot-field.tsx';

/** Where the form stands: the footer of every page, or a page the server writes for a visitor without JavaScript. */
type Appearance = 'footer' | 'page';

const looks: Record<
  Appearance,
  { form: string; label: string; row: string; input: string; button: string; notice: string; link: string }
> = {
  footer: {
    form: 'mt-4',
    label: 'sr-only',
    row: 'flex flex-col gap-2 sm:flex-row lg:flex-col',
    input:
      'min-h-11 w-full min-w-0 rounded-lg border border-slate-600 bg-slate-800 px-3 text-white placeholder:text-slate-400 focus:border-accent-300',
    button: 'btn shrink-0 bg-accent-400 text-ink hover:bg-accent-300 disabled:opacity-70',
    notice: 'mt-3 text-xs leading-5 text-slate-400',
    link: 'underline underline-offset-2 hover:text-white',
  },
  page: {
    form: 'mt-8 max-w-xl rounded-2xl bg-white p-6 text-slate-700 shadow-2xl ring-1 ring-slate-900/5 sm:p-8',
    label: 'block text-sm font-semibold text-ink',
    row: 'mt-1.5 flex flex-col gap-3 sm:flex-row',
    input:
      'block min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-ink shadow-xs placeholder:text-slate-400 focus:border-brand-600 aria-invalid:border-red-600',
    button: 'btn-primary shrink-0',
    notice: 'mt-3 text-sm text-slate-500',
    link: 'underline',
  },
};

interface NewsletterFormProps {
  appearance: Appearance;
  /** What the visitor typed before (a refused post the server shows again). */
  email?: string;
  /** Why the server refused it, shown under the field. */
  error?: string | undefined;
}

/**
 * The newsletter's sign-up form, the one definition of it: the field
 * (newsletterEmailField), the honeypot, the consent notice and the footer's
 * button. The browser posts it and the server answers with a page; with
 * JavaScript, the site's small script (app/islands/newsletter-form.ts) finds
 * it by data-newsletter-form, sends it in place and shows the reply in its
 * live region. Either way the visitor then confirms from the email (double
 * opt-in). Prerendered in the footer of every page, and rendered by the
 * server (react-dom/server) on its own newsletter pages; never hydrated.
 */
export function NewsletterForm({ appearance, email = '', error }: NewsletterFormProps) {
  const look = looks[appearance];
  const inputId = useId();
  const noticeId = useId();
  const errorId = `${inputId}-error`;
  const field = newsletterEmailField;

  return (
    <form
      action={NEWSLETTER_ENDPOINT}
      method="post"
      aria-label="Newsletter"
      className={look.form}
      data-newsletter-form=""
    >
      <label htmlFor={inputId} className={look.label}>
        {field.label}
      </label>
      {/* Above the field, so the button never stands between the two on a phone. */}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className={look.row}>
        <input
          id={inputId}
          type={field.control}
          name="email"
          required={field.required}
          maxLength={field.maxLength}
          autoComplete={field.autoComplete}
          placeholder={field.placeholder}
          defaultValue={email || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${noticeId}` : noticeId}
          className={look.input}
        />
        <button type="submit" className={look.button}>
          {footerContent.newsletter.button}
        </button>
      </div>
      <HoneypotField id={`${inputId}-website`} />
      <p id={noticeId} className={look.notice}>
        {newsletterConsent.text}{' '}
        <a href="/privacypolicy#newsletter" className={look.link}>
          How we handle your data
        </a>
        .
      </p>
      {/* A live region without a role: it must not be mistaken for the quote form's status and alert. */}
      <div aria-live="polite" data-newsletter-status="" />
    </form>
  );
}
