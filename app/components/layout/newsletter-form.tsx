import { useId } from 'react';
import { footerContent } from '../../content/footer';

/**
 * The footer's newsletter box. Until subscriptions are built, the browser's
 * own validation of the required e-mail field is all it does.
 */
export function NewsletterForm() {
  const { newsletter } = footerContent;
  const inputId = useId();
  return (
    <form
      className="mt-4 flex flex-col gap-2 sm:flex-row lg:flex-col"
      onSubmit={(event) => event.preventDefault()}
      aria-label="Newsletter"
    >
      <label htmlFor={inputId} className="sr-only">
        {newsletter.inputLabel}
      </label>
      <input
        id={inputId}
        type="email"
        name="email"
        required
        autoComplete="email"
        placeholder={newsletter.placeholder}
        className="min-h-11 w-full min-w-0 rounded-lg border border-slate-600 bg-slate-800 px-3 text-white placeholder:text-slate-400 focus:border-accent-300"
      />
      <button type="submit" className="btn shrink-0 bg-accent-400 text-ink hover:bg-accent-300">
        {newsletter.button}
      </button>
    </form>
  );
}
