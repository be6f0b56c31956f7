import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ISLAND_PROPS_ATTRIBUTE, type ReactIslandName } from './island';

/** Tells end-to-end tests (and curious engineers) that every island of the page is interactive. */
function markWhenAllHydrated() {
  const islands = document.querySelectorAll('[data-island]').length;
  const hydrated = Number(document.documentElement.dataset.islandsHydrated ?? '0') + 1;
  document.documentElement.dataset.islandsHydrated = String(hydrated);
  if (hydrated >= islands) document.documentElement.dataset.hydrated = 'true';
}

function Hydrated({ children }: { children: ReactNode }) {
  useEffect(markWhenAllHydrated, []);
  return children;
}

/**
 * Hydrates one island of a prerendered page with the component its <Island name> rendered and the
 * props it wrote into the page, so the HTML and the first render in the browser are the same. The page loads this script only once
 * it is painted (common/island-scripts.ts), so nothing the visitor sees
 * waits for React.
 */
export function hydrateIsland<Props extends object>(name: ReactIslandName, Component: ComponentType<Props>) {
  const container = document.querySelector(`[data-island="${name}"]`);
  if (!container) return;
  const props = JSON.parse(container.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? '{}') as Props;
  // In a transition React hydrates in slices of a few milliseconds, yielding
  // to the browser in between: no long task for a phone's slow CPU.
  startTransition(() => {
    hydrateRoot(
      container,
      <Hydrated>
        <Component {...props} />
      </Hydrated>,
    );
  });
}
