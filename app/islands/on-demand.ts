import { lazy, type ComponentType } from 'react';

/**
 * A component whose code is fetched only when `load` is first called (the visitor shows they want
 * it), for a part of a prerendered island: rendered in a Suspense boundary, it stays suspended until
 * the code is here, so React keeps that part's prerendered HTML as it is and hydrates it then. A
 * failed fetch is logged and the next call tries again; meanwhile the part stays as prerendered.
 */
export function onDemand<Props extends object>(fetchCode: () => Promise<ComponentType<Props>>) {
  let arrived: (component: ComponentType<Props>) => void = () => {};
  const code = new Promise<{ default: ComponentType<Props> }>((resolve) => {
    arrived = (component) => resolve({ default: component });
  });
  let fetching = false;
  return {
    Panel: lazy(() => code),
    load: () => {
      if (fetching) return;
      fetching = true;
      fetchCode().then(arrived, (error: unknown) => {
        fetching = false;
        console.error('A part of the page could not be loaded:', error);
      });
    },
  };
}
