import { brandMark } from './brand-mark.ts';
import { company } from './company.ts';

/**
 * The company's mark and name; the name is the link's accessible name. Here in
 * common/ because the site's pages and the pages the server writes itself both
 * draw it.
 */
/** `name`: the company's name of the content being rendered (the pages'), else the one of common/company.ts. */
export function Logo({ tone = 'dark', name = company.name }: { tone?: 'dark' | 'light'; name?: string }) {
  const text = tone === 'dark' ? 'text-ink' : 'text-white';
  return (
    <span className="flex items-center gap-2.5">
      <svg aria-hidden="true" viewBox={brandMark.viewBox} className="size-9 shrink-0" focusable="false">
        <rect
          width={brandMark.size}
          height={brandMark.size}
          rx={brandMark.cornerRadius}
          className="fill-brand-700"
        />
        <path
          d={brandMark.brackets}
          fill="none"
          strokeWidth={brandMark.strokeWidth}
          strokeLinecap="round"
          strokeLinejoin="round"
          className="stroke-white"
        />
        <path
          d={brandMark.slash}
          strokeWidth={brandMark.strokeWidth}
          strokeLinecap="round"
          className="stroke-accent-300"
        />
      </svg>
      <span className={`text-lg leading-tight font-bold tracking-tight ${text}`}>{name}</span>
    </span>
  );
}
