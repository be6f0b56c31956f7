import {
  quoteFields,
  quoteLimits,
  type QuoteField,
  type QuoteFormValues,
} from '../../common/quote-request.ts';
import { escapeHtml } from '../html.ts';
import { formField, renderServerPage } from '../forms/form-page.ts';
import type { FormProblem } from '../forms/form-problem.ts';
import type { SiteStylesheet } from '../forms/site-stylesheet.ts';

export interface ErrorPageOptions {
  problem: FormProblem;
  /** The problem's text for the visitor (quoteProblemTexts). */
  summary: string;
  /** What the visitor typed, shown again so nothing is lost. */
  values: QuoteFormValues;
  /** Where the form posts (the path the request came to). */
  action: string;
  stylesheet: SiteStylesheet | undefined;
}

const LABELS: Record<QuoteField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  message: 'Message',
};

const TYPES: Record<QuoteField, string> = { name: 'text', email: 'email', phone: 'tel', message: 'textarea' };

function field(name: QuoteField, value: string, error: string | undefined): string {
  return formField({
    id: `quote-${name}`,
    name,
    label: LABELS[name],
    value,
    error,
    required: name !== 'phone',
    maxLength: quoteLimits[name],
    type: TYPES[name],
    ...(name === 'message' ? {} : { autocomplete: name === 'phone' ? 'tel' : name }),
  });
}

/**
 * The page a visitor without JavaScript sees when the quote request was
 * refused: what went wrong, and the form again with what they typed, posting
 * to the same place, plus a way back to the home page.
 */
export function renderErrorPage({ problem, summary, values, action, stylesheet }: ErrorPageOptions): string {
  const errors = problem.fieldErrors;
  const form =
    problem.reason === 'unsupported-type'
      ? ''
      : `<form method="post" action="${escapeHtml(action)}" aria-label="Quote request" class="mt-8 max-w-3xl rounded-2xl bg-white p-6 text-slate-700 shadow-2xl ring-1 ring-slate-900/5 sm:p-8">
<div class="grid gap-5 sm:grid-cols-2">
${field('name', values.name, errors.name)}
${field('email', values.email, errors.email)}
<div class="sm:col-span-2">${field('phone', values.phone, errors.phone)}</div>
<div class="sm:col-span-2">${field('message', values.message, errors.message)}</div>
</div>
<div class="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
<p class="text-sm text-slate-500">We only use your details to reply to this request.</p>
<button type="submit" class="btn-primary">Submit Request</button>
</div>
</form>`;
  return renderServerPage({
    eyebrow: 'Quote request',
    heading: 'Your quote request was not sent',
    alert: {
      summary,
      errors: quoteFields
        .filter((name) => errors[name])
        .map((name) => ({ id: `quote-${name}`, label: LABELS[name], message: errors[name] ?? '' })),
    },
    body: form,
    stylesheet,
  });
}
