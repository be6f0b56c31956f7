import { useEffect, useRef, useState } from 'react';
import type { HomeContent } from '../../../common/site-content/site-content';
import { QUOTE_FORM_ID } from '../../content/page-anchors';
import { useHydrated } from '../../hooks/use-hydrated';
import { ATTACHMENTS_ID, type AttachmentsFieldProps } from './attachments-field';
import { QuoteForm } from './quote-form';
import { type QuoteFormState, useQuoteForm } from './use-quote-form';

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

/** The last send's outcome: a success is a status, a failure an alert. */
function QuoteNotices({ notice }: { notice: QuoteFormState['notice'] }) {
  return (
    <>
      <div role="status" className="mx-auto max-w-2xl">
        {notice?.kind === 'success' && (
          <p className="mt-6 rounded-lg bg-emerald-50 px-4 py-3 font-medium text-emerald-900">
            {notice.text}
          </p>
        )}
      </div>
      <div role="alert" className="mx-auto max-w-2xl">
        {notice?.kind === 'error' && (
          <p className="mt-6 rounded-lg bg-red-50 px-4 py-3 font-medium text-red-900">{notice.text}</p>
        )}
      </div>
    </>
  );
}

/** The attachments field's part of the form's state: its error, its list of files and their upload. */
function attachmentsField({ files, progress }: QuoteFormState): AttachmentsFieldProps {
  const control = () => document.getElementById(ATTACHMENTS_ID);
  return {
    error: files.error,
    onChoose: files.choose,
    chosen: files.files.length,
    onOpen: files.addNext,
    children: files.code && (
      <files.code.FileList
        listed={files.listed}
        progress={progress}
        onRemove={(index) => {
          files.remove(index);
          // The button is gone: focus goes back to the field, not to the page's start.
          control()?.focus();
        }}
        onReplace={(index) => {
          // Opening the control clears any earlier target (onOpen): the target is set after.
          control()?.click();
          files.replaceNext(index);
        }}
      />
    ),
  };
}

/**
 * After a refusal that names a file, the first such file's "Remove" button takes the focus (its
 * description is the reason) and comes into sight: on a phone the alert above the form is out of view.
 */
function useFocusOnRefusedFile({ notice }: QuoteFormState) {
  useEffect(() => {
    if (notice?.kind !== 'error') return;
    const refused = document.querySelector<HTMLElement>(
      `#${QUOTE_FORM_ID} [aria-describedby^="quote-file-"]`,
    );
    refused?.focus({ preventScroll: true });
    refused?.scrollIntoView?.({ block: 'center' });
  }, [notice]);
}

type CallToAction = HomeContent['callToAction'];

/**
 * The home page's call to action: a 'Get a Quote' / 'Close Form' toggle that
 * shows or hides the quote form, and the messages of the last send.
 *
 * Without JavaScript the toggle is a link to the form, which CSS shows as the
 * :target, so the form can still be opened and posted natively.
 */
export function QuoteSection({ callToAction: quoteCallToAction }: { callToAction: CallToAction }) {
  const hydrated = useHydrated();
  const hash = useLocationHash();
  // null until the visitor uses the toggle; until then a #quote-form link opens the form.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = hydrated && (toggled ?? hash === `#${QUOTE_FORM_ID}`);
  const form = useQuoteForm(__QUOTE_ENDPOINT__);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useFocusOnRefusedFile(form);

  const toggleLabel = open ? quoteCallToAction.closeLabel : quoteCallToAction.openLabel;
  const toggleClass = 'btn-light mt-8 min-w-44';

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
          {quoteCallToAction.eyebrow}
        </p>
        <h2 id="quote-heading" className="mt-2 text-3xl font-bold tracking-tight text-white sm:text-4xl">
          {quoteCallToAction.title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-slate-200">{quoteCallToAction.text}</p>

        {hydrated ? (
          <button
            ref={toggleRef}
            type="button"
            className={toggleClass}
            aria-expanded={open}
            aria-controls={QUOTE_FORM_ID}
            onClick={() => {
              form.clearNotice();
              setToggled(!open);
            }}
          >
            {toggleLabel}
          </button>
        ) : (
          <a href={`#${QUOTE_FORM_ID}`} className={toggleClass}>
            {toggleLabel}
          </a>
        )}

        <QuoteNotices notice={form.notice} />

        <QuoteForm
          id={QUOTE_FORM_ID}
          action={__QUOTE_ENDPOINT__}
          values={form.values}
          errors={form.visibleErrors}
          attachments={hydrated ? attachmentsField(form) : undefined}
          enhanced={hydrated}
          sending={form.sending}
          canSubmit={form.isValid}
          blockedReason={form.blocked}
          hidden={hydrated && !open}
          className={`mx-auto mt-8 max-w-3xl ${hydrated ? '' : 'hidden target:block'}`}
          onChange={form.setValue}
          onBlur={form.touch}
          onSubmit={(element) => {
            void form.submit(element).then((outcome) => {
              if (outcome !== 'success') return;
              setToggled(false);
              toggleRef.current?.focus();
            });
          }}
        />
      </div>
    </section>
  );
}
