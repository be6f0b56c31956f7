import { Link } from 'react-router';

interface ViewTab<View extends string> {
  view: View;
  label: string;
  count: number;
  /** Drawn apart from the others (the spam folder). */
  apart?: boolean;
}

export interface ViewTabsProps<View extends string> {
  /** The accessible name of the list, e.g. "Lead views". */
  label: string;
  tabs: readonly ViewTab<View>[];
  current: View;
  /** The address of a view (keeping the search). */
  hrefOf: (view: View) => string;
}

/**
 * The views of a list as links with their counts; the current one is marked for assistive technology
 * (aria-current) and drawn as selected. Links, not ARIA tabs: each view has its own address.
 */
export function ViewTabs<View extends string>({ label, tabs, current, hrefOf }: ViewTabsProps<View>) {
  return (
    <nav aria-label={label} className="mt-5">
      <ul className="flex flex-wrap gap-1.5">
        {tabs.map((tab) => {
          const selected = tab.view === current;
          return (
            <li key={tab.view} className={tab.apart ? 'sm:ml-auto' : undefined}>
              <Link
                to={hrefOf(tab.view)}
                aria-current={selected ? 'page' : undefined}
                className={`inline-flex min-h-10 items-center gap-2 rounded-full border px-3.5 text-sm font-medium ${
                  selected
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:text-ink'
                }`}
              >
                {tab.label}
                <span
                  className={`min-w-6 rounded-full px-1.5 text-center text-xs font-semibold tabular-nums ${
                    selected ? 'bg-white/20 text-white' : 'bg-slate-100 text-slate-700'
                  }`}
                >
                  {tab.count.toLocaleString('en-IN')}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
