import { company } from '../../common/company.ts';
import {
  quoteFields,
  quoteLimits,
  type QuoteField,
  type QuoteFieldErrors,
  type QuoteFormValues,
} from '../../common/quote-request.ts';
import { escapeHtml } from '../html.ts';
import type { QuoteProblem } from './quote-problem.ts';

export interface ErrorPageOptions {
  problem: QuoteProblem;
  /** What the visitor typed, shown again so nothing is lost. */
  values: QuoteFormValues;
  /** Where the form posts (the path the request came to). */
  action: string;
  stylesheet: string | undefined;
}

/**
 * Served with the page: no scripts at all, styles only from our own origin,
 * and the form may only post back to us.
 */
export const ERROR_PAGE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const LABELS: Record<QuoteField, string> = {
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  message: 'Message',
};

const controlClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-xs ${invalid ? 'border-red-600' : 'border-slate-300'}`;

function field(name: QuoteField, value: string, error: string | undefined): string {
  const id = `quote-${name}`;
  const errorId = `${id}-error`;
  const required = name !== 'phone';
  const common = [
    `id="${id}"`,
    `name="${name}"`,
    `maxlength="${quoteLimits[name]}"`,
    required ? 'required' : '',
    error ? `aria-invalid="true" aria-describedby="${errorId}"` : '',
    `class="${controlClass(Boolean(error))}${name === 'message' ? ' min-h-36' : ' min-h-11'}"`,
  ]
    .filter(Boolean)
    .join(' ');
  const control =
    name === 'message'
      ? `<textarea ${common} rows="6">\n${escapeHtml(value)}</textarea>`
      : `<input ${common} type="${name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}" autocomplete="${name === 'phone' ? 'tel' : name}" value="${escapeHtml(value)}">`;
  return `<div>
<div class="flex items-baseline justify-between gap-2"><label for="${id}" class="block text-sm font-semibold text-ink">${LABELS[name]}</label><span class="text-sm text-slate-500">${required ? 'Required' : 'Optional'}</span></div>
<div class="mt-1.5">${control}</div>
${error ? `<p id="${errorId}" class="mt-1.5 text-sm font-medium text-red-700">${escapeHtml(error)}</p>` : ''}
</div>`;
}

function errorList(errors: QuoteFieldErrors): string {
  const items = quoteFields
    .filter((name) => errors[name])
    .map(
      (name) =>
        `<li><a href="#quote-${name}" class="underline">${LABELS[name]}</a>: ${escapeHtml(errors[name] ?? '')}</li>`,
    );
  return items.length > 0 ? `<ul class="mt-2 list-disc pl-5">${items.join('')}</ul>` : '';
}

/**
 * The page a visitor without JavaScript sees when the quote request was
 * refused: what went wrong, and the form again with what they typed, posting
 * to the same place, plus a way back to the home page.
 */
export function renderErrorPage({ problem, values, action, stylesheet }: ErrorPageOptions): string {
  const title = `Your quote request was not sent – ${company.name}`;
  const showForm = problem.reason !== 'unsupported-type';
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${stylesheet ? `<link rel="stylesheet" href="${escapeHtml(stylesheet)}">` : ''}
</head>
<body>
<main class="container-page py-16">
<p class="text-sm font-semibold tracking-wider text-brand-700 uppercase">Quote request</p>
<h1 class="mt-2 text-3xl font-bold tracking-tight text-ink">Your quote request was not sent</h1>
<div role="alert" class="mt-6 max-w-3xl rounded-lg bg-red-50 px-4 py-3 font-medium text-red-900">
<p>${escapeHtml(problem.summary)}</p>
${errorList(problem.fieldErrors)}
</div>
${
  showForm
    ? `<form method="post" action="${escapeHtml(action)}" aria-label="Quote request" class="mt-8 max-w-3xl rounded-2xl bg-white p-6 text-slate-700 shadow-2xl ring-1 ring-slate-900/5 sm:p-8">
<div class="grid gap-5 sm:grid-cols-2">
${field('name', values.name, problem.fieldErrors.name)}
${field('email', values.email, problem.fieldErrors.email)}
<div class="sm:col-span-2">${field('phone', values.phone, problem.fieldErrors.phone)}</div>
<div class="sm:col-span-2">${field('message', values.message, problem.fieldErrors.message)}</div>
</div>
<div class="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
<p class="text-sm text-slate-500">We only use your details to reply to this request.</p>
<button type="submit" class="btn-primary">Submit Request</button>
</div>
</form>`
    : ''
}
<p class="mt-8"><a href="/" class="font-semibold text-brand-700 underline">Back to the home page</a></p>
</main>
</body>
</html>
`;
}
