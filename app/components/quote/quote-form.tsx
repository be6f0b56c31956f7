import { quoteLimits } from '../../../common/quote-request';
import { formatCount } from '../../lib/format-count';
import { HoneypotField } from '../ui/honeypot-field';
import { TextAreaField, TextField } from './form-field';
import type { QuoteFormState } from './use-quote-form';

interface QuoteFormProps {
  id: string;
  state: QuoteFormState;
  /** Whether React runs: without it the browser posts the form natively. */
  enhanced: boolean;
  hidden: boolean;
  className?: string;
  onSubmit: (form: HTMLFormElement) => void;
}

/**
 * The quote request form. Without JavaScript it is a plain HTML form that posts
 * to the endpoint; with JavaScript it validates as the visitor types and sends
 * with fetch.
 */
export function QuoteForm({ id, state, enhanced, hidden, className = '', onSubmit }: QuoteFormProps) {
  const { values, visibleErrors, isValid, sending } = state;
  const characters = values.message.length;

  return (
    <form
      id={id}
      hidden={hidden}
      action={__QUOTE_ENDPOINT__}
      method="post"
      noValidate={enhanced}
      aria-label="Quote request"
      aria-busy={sending}
      className={`scroll-mt-[70px] rounded-2xl bg-white p-6 text-left text-slate-700 shadow-2xl ring-1 ring-slate-900/5 sm:p-8 ${className}`}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event.currentTarget);
      }}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="quote-name"
          name="name"
          label="Name"
          required
          autoComplete="name"
          maxLength={quoteLimits.name}
          value={values.name}
          error={visibleErrors.name}
          onChange={(event) => state.setValue('name', event.target.value)}
          onBlur={() => state.touch('name')}
        />
        <TextField
          id="quote-email"
          name="email"
          type="email"
          label="Email"
          required
          autoComplete="email"
          maxLength={quoteLimits.email}
          value={values.email}
          error={visibleErrors.email}
          onChange={(event) => state.setValue('email', event.target.value)}
          onBlur={() => state.touch('email')}
        />
        <div className="sm:col-span-2">
          <TextField
            id="quote-phone"
            name="phone"
            type="tel"
            label="Phone"
            autoComplete="tel"
            inputMode="tel"
            maxLength={quoteLimits.phone}
            pattern="[0-9 +\-\(\)\.]*"
            value={values.phone}
            error={visibleErrors.phone}
            onChange={(event) => state.setValue('phone', event.target.value)}
            onBlur={() => state.touch('phone')}
          />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            id="quote-message"
            name="message"
            label="Message"
            required
            rows={5}
            maxLength={quoteLimits.message}
            hint={`Your goals, timeline and budget, if you know them. ${formatCount(characters)} of ${formatCount(quoteLimits.message)} characters.`}
            value={values.message}
            error={visibleErrors.message}
            onChange={(event) => state.setValue('message', event.target.value)}
            onBlur={() => state.touch('message')}
          />
        </div>
      </div>

      <HoneypotField id="quote-website" />

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-500">We only use your details to reply to this request.</p>
        <button type="submit" className="btn-primary" disabled={enhanced && (!isValid || sending)}>
          {sending ? 'Sending…' : 'Submit Request'}
        </button>
      </div>
    </form>
  );
}
