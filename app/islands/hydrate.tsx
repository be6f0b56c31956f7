import { useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName } from '../components/islands/island';

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

/** A frame painted (hidden tabs get no frames: at once there). */
const afterFirstPaint = () =>
  document.visibilityState === 'visible'
    ? new Promise<void>((painted) => requestAnimationFrame(() => setTimeout(painted)))
    : Promise.resolve();

/**
 * Hydrates one island of a prerendered page: the element must render exactly
 * what the page's <Island name> holds. After the first paint, so nothing the
 * visitor sees waits for React.
 */
export async function hydrateIsland(name: IslandName, element: ReactNode) {
  const container = document.querySelector(`[data-island="${name}"]`);
  if (!container) return;
  await afterFirstPaint();
  hydrateRoot(container, <Hydrated>{element}</Hydrated>);
}
