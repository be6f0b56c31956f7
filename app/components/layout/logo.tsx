import { company } from '../../../common/company';

/** The company's mark and name; the name is the link's accessible name. */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const text = tone === 'dark' ? 'text-ink' : 'text-white';
  return (
    <span className="flex items-center gap-2.5">
      <svg aria-hidden="true" viewBox="0 0 40 40" className="size-9 shrink-0" focusable="false">
        <rect width="40" height="40" rx="10" className="fill-brand-700" />
        <path
          d="M15 13 8 20l7 7M25 13l7 7-7 7"
          fill="none"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="stroke-white"
        />
        <path d="M22 11 18 29" strokeWidth="3.2" strokeLinecap="round" className="stroke-accent-300" />
      </svg>
      <span className={`text-lg leading-tight font-bold tracking-tight ${text}`}>{company.name}</span>
    </span>
  );
}
