import { type ComponentType, memo, Suspense, useEffect, useRef, useState } from 'react';
import type { HomeContent } from '../../../common/site-content/site-content';
import { QUOTE_FORM_ID } from '../../content/page-anchors';
import { useHydrated } from '../../hooks/use-hydrated';
import { quoteFormLink, useQuoteFormOpen, type QuoteFormLink } from './quote-form-link';

/** The quote form (quote-panel.tsx), and on the home page how to fetch its code. */
export interface QuotePanelCode {
  Panel: ComponentType<{ link: QuoteFormLink }>;
  /** Starts fetching the form's code (again after a failure); none when it is already here. */
  load?: (() => void) | undefined;
}

/**
 * The form's place, in a Suspense boundary of its own: while the form's code loads, React keeps the
 * prerendered form as it is and hydrates it once the code is here. Memoised with props that never
 * change, so the toggle's renders never reach it meanwhile (an update would have React drop that HTML).
 */
const QuoteFormSlot = memo(function QuoteFormSlot({
  code,
  link,
}: {
  code: QuotePanelCode;
  link: QuoteFormLink;
}) {
  return (
    <Suspense>
      <code.Panel link={link} />
    </Suspense>
  );
});

export interface QuoteSectionProps {
  callToAction: HomeContent['callToAction'];
}

/**
 * The home page's call to action: a 'Get a Quote' / 'Close Form' toggle that shows or hides the quote
 * form, and the form with the messages of its last send (`code.Panel`). The toggle works at once; the
 * form's code is fetched as soon as the visitor points at the toggle, focuses it or opens the form.
 *
 * Without JavaScript the toggle is a link to the form, which CSS shows as the :target, so the form
 * can still be opened and posted natively.
 */
export function QuoteCallToAction({ callToAction, code }: QuoteSectionProps & { code: QuotePanelCode }) {
  const hydrated = useHydrated();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [link] = useState(quoteFormLink);
  const open = useQuoteFormOpen(link);
  useEffect(() => link.onSent(() => toggleRef.current?.focus()), [link]);
  // The form open asks for its code: the toggle pressed, or the address's #quote-form.
  useEffect(() => {
    if (open) code.load?.();
  }, [open, code]);

  const toggleLabel = open ? callToAction.closeLabel : callToAction.openLabel;
  // A peer of the form: pressed before the form's code is here, it shows the prerendered form at once.
  const toggleClass = 'peer btn-light mt-8 min-w-44';

  return (
    <section
      aria-labelledby="quote-heading"
      className="on-dark relative isolate overflow-hidden bg-brand-900 text-white"
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_30rem_at_100%_0%,var(--color-brand-600),transparent_70%),radial-gradient(40rem_30rem_at_0%_100%,var(--color-ink),transparent_70%)]"
      />
      <div className="container-page py-16 text-center sm:py-20">
        <p className="text-sm font-semibold tracking-wider text-accent-300 uppercase">
          {callToAction.eyebrow}
        </p>
        <h2 id="quote-heading" className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {callToAction.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-slate-200">{callToAction.text}</p>

        {hydrated ? (
          <button
            ref={toggleRef}
            type="button"
            className={toggleClass}
            aria-expanded={open}
            aria-controls={QUOTE_FORM_ID}
            onPointerEnter={code.load}
            onPointerDown={code.load}
            onFocus={code.load}
            onClick={() => link.press(!open)}
          >
            {toggleLabel}
          </button>
        ) : (
          <a href={`#${QUOTE_FORM_ID}`} className={toggleClass}>
            {toggleLabel}
          </a>
        )}

        <QuoteFormSlot code={code} link={link} />
      </div>
    </section>
  );
}
