import { startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { ReactIslandName } from './island';

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
 * Hydrates one island of a prerendered page: the element must render exactly
 * what the page's <Island name> holds. The page loads this script only once
 * it is painted (scripts/lib/island-scripts.ts), so nothing the visitor sees
 * waits for React.
 */
export function hydrateIsland(name: ReactIslandName, element: ReactNode) {
  const container = document.querySelector(`[data-island="${name}"]`);
  if (!container) return;
  // In a transition React hydrates in slices of a few milliseconds, yielding
  // to the browser in between: no long task for a phone's slow CPU.
  startTransition(() => {
    hydrateRoot(container, <Hydrated>{element}</Hydrated>);
  });
}
