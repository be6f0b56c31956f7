import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  NEWSLETTER_ENDPOINT,
  newsletterConsent,
  newsletterEmailField,
  newsletterMessages,
} from '../../../common/newsletter';
import { footerContent } from '../../content/footer';
import { postForm } from '../../lib/post-form';
import { HoneypotField } from '../ui/honeypot-field';

type Status = { kind: 'idle' | 'sending' } | { kind: 'done' | 'error'; text: string };

/** The reply's own text for a refusal the visitor can fix (400, 429); a generic text otherwise. */
function messageFor(reply: Awaited<ReturnType<typeof postForm>>): Status {
  if (reply && reply.status >= 200 && reply.status < 300)
    return { kind: 'done', text: newsletterMessages.accepted };
  if (reply && (reply.status === 400 || reply.status === 429) && reply.text.trim()) {
    return { kind: 'error', text: reply.text.trim() };
  }
  return { kind: 'error', text: newsletterMessages.failure };
}

/**
 * The footer's newsletter box: one required email field. With JavaScript it
 * sends in place and shows the reply in a live region; without, the browser
 * posts it and the server answers with a page. Either way the visitor then
 * confirms from the email (double opt-in).
 */
export function NewsletterForm() {
  const { newsletter } = footerContent;
  const inputId = useId();
  const noticeId = useId();
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const sending = status.kind === 'sending';

  return (
    <form
      action={NEWSLETTER_ENDPOINT}
      method="post"
      aria-label="Newsletter"
      className="mt-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (sending) return;
        const form = event.currentTarget;
        setStatus({ kind: 'sending' });
        const next = messageFor(
          await postForm(NEWSLETTER_ENDPOINT, new FormData(form), 'The newsletter sign-up'),
        );
        setStatus(next);
        if (next.kind === 'done') form.reset();
      }}
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
          disabled={sending}
          className="btn shrink-0 bg-accent-400 text-ink hover:bg-accent-300 disabled:opacity-70"
        >
          {sending ? 'Sending…' : newsletter.button}
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
      <div aria-live="polite">
        {(status.kind === 'done' || status.kind === 'error') && (
          <p
            className={`mt-3 text-sm font-medium ${status.kind === 'done' ? 'text-emerald-300' : 'text-red-300'}`}
          >
            {status.text}
          </p>
        )}
      </div>
    </form>
  );
}
