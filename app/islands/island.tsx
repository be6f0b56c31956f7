import type { ComponentType } from 'react';

/** The React islands of the public pages: each marked by an <Island> and hydrated by its page's script (hydrate.tsx). */
export type ReactIslandName = 'banner' | 'quote-form';

/**
 * Every interactive part of a public page: the React islands, and the footer's newsletter form, which
 * the site's own script (site.ts) sends in place. The build adds each one's script to the pages that
 * list it in the page table (app/content/pages.ts, scripts/tune-prerendered-html.ts).
 */
export type IslandName = ReactIslandName | 'newsletter-form';

/** The attribute holding an island's props, as JSON: the content the page was rendered from. */
export const ISLAND_PROPS_ATTRIBUTE = 'data-props';

/**
 * Marks where an interactive part of a prerendered page is, and renders its component: in the
 * browser, its island script hydrates the same component with the same props, read back from the
 * page (app/islands/hydrate.tsx). So an island hydrates with the content its HTML was rendered from,
 * whichever release that was, and its script carries no copy of it
 * (docs/decisions/064-content-as-data-and-one-page-renderer.md).
 * The wrapper draws no box of its own (display: contents).
 */
export function Island<Props extends object>({
  name,
  component: Component,
  props,
}: {
  name: ReactIslandName;
  component: ComponentType<Props>;
  props: Props;
}) {
  return (
    <div data-island={name} {...{ [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify(props) }} className="contents">
      <Component {...props} />
    </div>
  );
}
