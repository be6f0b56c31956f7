import { useEffect, useEffectEvent, useLayoutEffect } from 'react';
import { quoteFields } from '../../../common/quote-request';
import { QUOTE_FORM_ID } from '../../content/page-anchors';
import { useHydrated } from '../../hooks/use-hydrated';
import { ATTACHMENTS_ID, type AttachmentsFieldProps } from './attachments-field';
import { QuoteForm } from './quote-form';
import { useQuoteFormOpen, type QuoteFormLink } from './quote-form-link';
import { type QuoteFormState, useQuoteForm } from './use-quote-form';

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

/**
 * What the visitor typed or chose in the prerendered form before its code was here (the toggle shows
 * that form at once, and so does an address ending in #quote-form): React keeps what is in the fields
 * when it hydrates them, and the form's state takes it over, so its checks see what the visitor sees.
 */
function useTakeOverPrerenderedForm({ setValue, files }: QuoteFormState) {
  const takeOver = useEffectEvent(() => {
    const element = document.getElementById(QUOTE_FORM_ID);
    if (!(element instanceof HTMLFormElement)) return;
    for (const field of quoteFields) {
      const control = element.elements.namedItem(field);
      const typed = control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement;
      if (typed && control.value) setValue(field, control.value);
    }
    const attachments = document.getElementById(ATTACHMENTS_ID);
    if (attachments instanceof HTMLInputElement && attachments.files && attachments.files.length > 0) {
      files.choose([...attachments.files]);
      attachments.value = '';
    }
  });
  // Before the browser paints, and before any key the visitor presses next.
  useLayoutEffect(() => takeOver(), []);
}

/**
 * The quote section's form and the messages of its last send: the part of the home page's script
 * that loads when the visitor first wants the form (its validation's schema with it). The toggle
 * above it (quote-call-to-action.tsx) says through `link` whether it is open.
 */
export function QuotePanel({ link }: { link: QuoteFormLink }) {
  const hydrated = useHydrated();
  const open = useQuoteFormOpen(link);
  const form = useQuoteForm(__QUOTE_ENDPOINT__);
  useFocusOnRefusedFile(form);
  useTakeOverPrerenderedForm(form);
  const { clearNotice } = form;
  useEffect(() => link.onPress(clearNotice), [link, clearNotice]);

  return (
    <>
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
        // Until its code is here: shown as the page's :target, or once the toggle is pressed.
        className={`mx-auto mt-8 max-w-3xl ${hydrated ? '' : 'hidden target:block peer-aria-expanded:block'}`}
        onChange={form.setValue}
        onBlur={form.touch}
        onSubmit={(element) => {
          void form.submit(element).then((outcome) => {
            if (outcome === 'success') link.sent();
          });
        }}
      />
    </>
  );
}
