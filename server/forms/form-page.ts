import { brandMark } from '../../common/brand-mark.ts';
import { company } from '../../common/company.ts';
import { escapeHtml } from '../html.ts';
import { stylesheetElement, type SiteStylesheet } from './site-stylesheet.ts';

export interface FieldOptions {
  /** The element id; the label and the error message refer to it. */
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  required: boolean;
  maxLength: number;
  /** An input type ("text", "email", "tel") or "textarea". */
  type: string;
  autocomplete?: string;
  /** Ids of other text that describes the field (a hint, a notice). */
  describedBy?: string;
}

const controlClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-ink shadow-xs ${invalid ? 'border-red-600' : 'border-slate-300'}`;

/** A labelled form control with its "Required"/"Optional" hint and, when wrong, its message. */
export function formField(field: FieldOptions): string {
  const errorId = `${field.id}-error`;
  const describedBy = [field.error ? errorId : '', field.describedBy ?? ''].filter(Boolean).join(' ');
  const common = [
    `id="${field.id}"`,
    `name="${field.name}"`,
    `maxlength="${field.maxLength}"`,
    field.required ? 'required' : '',
    field.error ? 'aria-invalid="true"' : '',
    describedBy ? `aria-describedby="${describedBy}"` : '',
    `class="${controlClass(Boolean(field.error))}${field.type === 'textarea' ? ' min-h-36' : ' min-h-11'}"`,
  ]
    .filter(Boolean)
    .join(' ');
  const control =
    field.type === 'textarea'
      ? `<textarea ${common} rows="6">\n${escapeHtml(field.value)}</textarea>`
      : `<input ${common} type="${field.type}"${field.autocomplete ? ` autocomplete="${field.autocomplete}"` : ''} value="${escapeHtml(field.value)}">`;
  return `<div>
<div class="flex items-baseline justify-between gap-2"><label for="${field.id}" class="block text-sm font-semibold text-ink">${escapeHtml(field.label)}</label><span class="text-sm text-slate-500">${field.required ? 'Required' : 'Optional'}</span></div>
<div class="mt-1.5">${control}</div>
${field.error ? `<p id="${errorId}" class="mt-1.5 text-sm font-medium text-red-700">${escapeHtml(field.error)}</p>` : ''}
</div>`;
}

/** A link to a field, for the list of what is wrong at the top of the page. */
export interface ErrorLink {
  id: string;
  label: string;
  message: string;
}

export interface ServerPageOptions {
  /** The heading, also the start of the document title. */
  heading: string;
  /** The small line above the heading, e.g. "Quote request". */
  eyebrow: string;
  /** What went wrong, announced as an alert; omitted for a page that only informs. */
  alert?: { summary: string; errors?: readonly ErrorLink[] };
  /** Paragraphs under the heading (text, escaped here). */
  paragraphs?: readonly string[];
  /** Trusted HTML after them: a form built with formField, whose values are escaped there. */
  body?: string;
  /** The built site's stylesheet; without it the page is plain but readable. Send with sendServerPage. */
  stylesheet: SiteStylesheet | undefined;
}

/** The site's mark and name linking home, drawn like the prerendered pages' logo (app/components/layout/logo.tsx). */
const siteHeader = `<header class="border-b border-slate-200 bg-white">
<div class="container-page flex h-16 items-center">
<a href="/" class="-m-1 flex items-center gap-2.5 rounded-md p-1">
<svg aria-hidden="true" focusable="false" viewBox="${brandMark.viewBox}" class="size-9 shrink-0"><rect width="${brandMark.size}" height="${brandMark.size}" rx="${brandMark.cornerRadius}" class="fill-brand-700"></rect><path d="${brandMark.brackets}" fill="none" stroke-width="${brandMark.strokeWidth}" stroke-linecap="round" stroke-linejoin="round" class="stroke-white"></path><path d="${brandMark.slash}" stroke-width="${brandMark.strokeWidth}" stroke-linecap="round" class="stroke-accent-300"></path></svg>
<span class="text-lg leading-tight font-bold tracking-tight text-ink">${escapeHtml(company.name)}</span>
</a>
</div>
</header>`;

const siteFooter = `<footer class="border-t border-slate-200">
<div class="container-page py-6 text-sm text-slate-600">
<p>${escapeHtml(company.name)} · <a href="mailto:${escapeHtml(company.email)}" class="underline">${escapeHtml(company.email)}</a> · <a href="/privacypolicy" class="underline">Privacy Policy</a></p>
</div>
</footer>`;

function errorList(errors: readonly ErrorLink[]): string {
  const items = errors.map(
    (error) =>
      `<li><a href="#${error.id}" class="underline">${escapeHtml(error.label)}</a>: ${escapeHtml(error.message)}</li>`,
  );
  return items.length > 0 ? `<ul class="mt-2 list-disc pl-5">${items.join('')}</ul>` : '';
}

/**
 * A page the server writes itself, for a visitor without JavaScript or a
 * link that cannot be used: the site's look (its stylesheet), a heading, what
 * went wrong, what to do now, and a way back to the home page.
 */
export function renderServerPage({
  heading,
  eyebrow,
  alert,
  paragraphs = [],
  body = '',
  stylesheet,
}: ServerPageOptions): string {
  const title = `${heading} | ${company.name}`;
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
${stylesheetElement(stylesheet)}
</head>
<body>
${siteHeader}
<main class="container-page py-12 sm:py-16">
<p class="text-sm font-semibold tracking-wider text-brand-700 uppercase">${escapeHtml(eyebrow)}</p>
<h1 class="mt-2 text-3xl font-bold tracking-tight text-ink">${escapeHtml(heading)}</h1>
${
  alert
    ? `<div role="alert" class="mt-6 max-w-3xl rounded-lg bg-red-50 px-4 py-3 font-medium text-red-900">
<p>${escapeHtml(alert.summary)}</p>
${errorList(alert.errors ?? [])}
</div>`
    : ''
}
${paragraphs.map((text) => `<p class="mt-6 max-w-2xl text-lg leading-8 text-slate-600">${escapeHtml(text)}</p>`).join('\n')}
${body}
<p class="mt-8"><a href="/" class="font-semibold text-brand-700 underline">Back to the home page</a></p>
</main>
${siteFooter}
</body>
</html>
`;
}
