import type { ReactNode } from 'react';

/** The interactive parts of the public pages, each hydrated by its own script (app/islands/). */
export type IslandName = 'banner' | 'quote-form';

/**
 * Marks where an interactive part of a prerendered page is: in the browser,
 * its island script hydrates exactly these children (app/islands/hydrate.tsx).
 * The wrapper draws no box of its own (display: contents).
 */
export function Island({ name, children }: { name: IslandName; children: ReactNode }) {
  return (
    <div data-island={name} className="contents">
      {children}
    </div>
  );
}
