import type { ReactNode } from 'react';

/** The React islands of the public pages: each marked by an <Island> and hydrated by its page's script (hydrate.tsx). */
export type ReactIslandName = 'banner' | 'quote-form';

/**
 * Every interactive part of a public page: the React islands, and the footer's newsletter form, which
 * the site's own script (site.ts) sends in place. The build adds each one's script to the pages that
 * list it in the page table (app/content/pages.ts, scripts/tune-prerendered-html.ts).
 */
export type IslandName = ReactIslandName | 'newsletter-form';

/**
 * Marks where an interactive part of a prerendered page is: in the browser,
 * its island script hydrates exactly these children (app/islands/hydrate.tsx).
 * The wrapper draws no box of its own (display: contents).
 */
export function Island({ name, children }: { name: ReactIslandName; children: ReactNode }) {
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
