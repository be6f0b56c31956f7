/** Button looks of the inbox, built on the site's `btn` utilities (styles/tokens.css). */
export const buttonClass = {
  primary: 'btn-primary aria-disabled:cursor-progress aria-disabled:bg-brand-600',
  secondary:
    'btn border border-slate-300 bg-white text-ink hover:bg-slate-50 aria-disabled:cursor-progress disabled:cursor-not-allowed disabled:text-slate-500 disabled:hover:bg-white',
  danger: 'btn bg-red-700 text-white hover:bg-red-800 aria-disabled:cursor-progress aria-disabled:bg-red-600',
  dangerOutline:
    'btn border border-red-300 bg-white text-red-700 hover:bg-red-50 aria-disabled:cursor-progress disabled:cursor-not-allowed disabled:border-slate-200 disabled:text-slate-500 disabled:hover:bg-white',
  small:
    'inline-flex min-h-10 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-ink hover:bg-slate-50 aria-disabled:cursor-progress',
  link: 'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900',
} as const;
