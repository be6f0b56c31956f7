import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

function hydrate() {
  startTransition(() => {
    hydrateRoot(document, <HydratedRouter />);
  });
}

// Every page arrives as complete HTML. Let the browser paint it first, then
// make it interactive: hydration is the one long task of the page, and it
// must not hold back the first paint.
if (document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(hydrate, 0));
} else {
  hydrate();
}
