import {
  quoteFields,
  quoteFormFields,
  type QuoteField,
  type QuoteFieldErrors,
  type QuoteFormValues,
} from '../../../common/quote-request.ts';
import { DefinedField } from '../forms/form-field.tsx';
import { HoneypotField } from '../ui/honeypot-field.tsx';
import { AttachmentsField, type AttachmentsFieldProps } from './attachments-field.tsx';

const REASON_ID = 'quote-send-reason';

interface QuoteFormProps {
  id: string;
  /** Where the form posts natively (without JavaScript). */
  action: string;
  values: QuoteFormValues;
  /** The messages to show, by field. */
  errors: QuoteFieldErrors;
  /** The attachments field's error, and with JavaScript its list of files (without it, the server's page may give an error). */
  attachments?: AttachmentsFieldProps;
  /** Whether React runs: without it the browser posts the form natively. */
  enhanced: boolean;
  sending?: boolean;
  /** Whether the submit button may be pressed (when enhanced). */
  canSubmit?: boolean;
  /** Why it may not, shown beside it (when enhanced). */
  blockedReason?: string | undefined;
  hidden?: boolean;
  className?: string;
  onChange?: (field: QuoteField, value: string) => void;
  onBlur?: (field: QuoteField) => void;
  onSubmit?: (form: HTMLFormElement) => void;
}

/**
 * The quote request form, drawn from the fields' definitions
 * (common/quote-request.ts). Without JavaScript it is a plain HTML form that
 * posts to the endpoint; with JavaScript it validates as the visitor types and
 * sends with fetch. The server draws the same form, filled in, on the page a
 * refused native post gets.
 */
export function QuoteForm({
  id,
  action,
  values,
  errors,
  attachments,
  enhanced,
  sending = false,
  canSubmit = true,
  blockedReason,
  hidden,
  className = '',
  onChange,
  onBlur,
  onSubmit,
}: QuoteFormProps) {
  const showReason = enhanced && !canSubmit && !sending && Boolean(blockedReason);
  return (
    <form
      id={id}
      hidden={hidden}
      action={action}
      method="post"
      encType="multipart/form-data"
      noValidate={enhanced}
      aria-label="Quote request"
      aria-busy={sending}
      className={`scroll-mt-[70px] rounded-2xl bg-white p-6 text-left text-slate-700 shadow-2xl ring-1 ring-slate-900/5 sm:p-8 ${className}`}
      onSubmit={
        onSubmit &&
        ((event) => {
          event.preventDefault();
          onSubmit(event.currentTarget);
        })
      }
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {quoteFields.map((name) => (
          <div key={name} className={quoteFormFields[name].wide ? 'sm:col-span-2' : undefined}>
            <DefinedField
              id={`quote-${name}`}
              name={name}
              definition={quoteFormFields[name]}
              value={values[name]}
              error={errors[name]}
              onChange={onChange && ((value) => onChange(name, value))}
              onBlur={onBlur && (() => onBlur(name))}
            />
          </div>
        ))}
        <div className="sm:col-span-2">
          <AttachmentsField {...attachments} />
        </div>
      </div>

      <HoneypotField id="quote-website" />

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <p className="text-sm text-slate-500">We only use your details to reply to this request.</p>
        <div className="flex flex-col gap-2 sm:max-w-xs sm:items-end">
          {showReason && (
            <p id={REASON_ID} className="text-sm font-medium text-slate-700 sm:text-right">
              {blockedReason}
            </p>
          )}
          <button
            type="submit"
            className="btn-primary"
            disabled={enhanced && (!canSubmit || sending)}
            aria-describedby={showReason ? REASON_ID : undefined}
          >
            {sending ? 'Sending…' : 'Submit Request'}
          </button>
        </div>
      </div>
    </form>
  );
}
