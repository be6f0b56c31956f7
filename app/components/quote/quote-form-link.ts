import { useEffect, useState, useSyncExternalStore } from 'react';
import { QUOTE_FORM_ID } from '../../content/page-anchors';
import { useHydrated } from '../../hooks/use-hydrated';

/**
 * What the quote section's toggle and its form tell each other. On the home page the form's code
 * loads on demand (docs/decisions/071-the-quote-form-loads-when-wanted.md): until it has, React keeps
 * the form's prerendered HTML only as long as no render reaches it, so the toggle's state goes
 * through this store, which the form reads once it runs, and never as props.
 */
export interface QuoteFormLink {
  /** The visitor's last use of the toggle (open or closed); null until they use it. */
  toggled: () => boolean | null;
  subscribe: (listener: () => void) => () => void;
  /** The toggle was pressed: the form forgets the last send's notice, and opens or closes. */
  press: (open: boolean) => void;
  /** The form says what a press clears (its notice); returns how to stop. */
  onPress: (clear: () => void) => () => void;
  /** The form was sent: it closes, and the toggle takes the focus back. */
  sent: () => void;
  /** The toggle says how it takes the focus back; returns how to stop. */
  onSent: (focusToggle: () => void) => () => void;
}

/** One callback that one side sets and the other calls: nothing until it is set. */
function slot() {
  let callback = () => {};
  return {
    call: () => callback(),
    set: (next: () => void) => {
      callback = next;
      return () => {
        if (callback === next) callback = () => {};
      };
    },
  };
}

export function quoteFormLink(): QuoteFormLink {
  let toggled: boolean | null = null;
  const clearNotice = slot();
  const focusToggle = slot();
  const listeners = new Set<() => void>();
  const set = (open: boolean) => {
    toggled = open;
    for (const listener of listeners) listener();
  };
  return {
    toggled: () => toggled,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    press: (open) => {
      clearNotice.call();
      set(open);
    },
    onPress: clearNotice.set,
    sent: () => {
      set(false);
      focusToggle.call();
    },
    onSent: focusToggle.set,
  };
}

/** The address's #fragment once in the browser (empty in the prerendered HTML), kept up to date. */
function useLocationHash(): string {
  const [hash, setHash] = useState('');
  useEffect(() => {
    const read = () => setHash(window.location.hash);
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  return hash;
}

/**
 * Whether the form is open: never in the prerendered HTML (CSS shows it as the :target there), then
 * as the visitor last toggled it, or, until they do, when the address ends in #quote-form.
 */
export function useQuoteFormOpen(link: QuoteFormLink): boolean {
  const hydrated = useHydrated();
  const hash = useLocationHash();
  const toggled = useSyncExternalStore(link.subscribe, link.toggled, () => null);
  return hydrated && (toggled ?? hash === `#${QUOTE_FORM_ID}`);
}
