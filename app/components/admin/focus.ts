import { useEffect, type RefObject } from 'react';
import { MAIN_CONTENT_ID } from '../layout/skip-link';

/** The element that last took the focus in the page (see trackFocus). */
let lastFocused: Element | null = null;

/** Follows the focus in the page; the frame runs this while an inbox page is open. Returns the stop. */
export function trackFocus(): () => void {
  const onFocusIn = (event: FocusEvent) => {
    lastFocused = event.target instanceof Element ? event.target : null;
  };
  document.addEventListener('focusin', onFocusIn);
  return () => document.removeEventListener('focusin', onFocusIn);
}

/** Moves the focus to the page's heading (focusable from script only). */
export function focusPageHeading() {
  document.querySelector<HTMLElement>(`#${MAIN_CONTENT_ID} h1`)?.focus();
}

/**
 * When the element goes away while the focus is in it (a removed subscriber's row, a retried email that
 * left the list), the focus moves to the page's heading instead of falling back to the top of the
 * document, so a keyboard user carries on from the page rather than from its first link.
 */
export function useFocusRescue(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const node = ref.current;
    return () => {
      requestAnimationFrame(() => {
        const focusLost = document.activeElement === null || document.activeElement === document.body;
        if (node && lastFocused && node.contains(lastFocused) && !node.isConnected && focusLost)
          focusPageHeading();
      });
    };
  }, [ref]);
}
