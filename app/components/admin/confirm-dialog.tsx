import { useEffect, useId, useRef, type ReactNode } from 'react';
import type { FetcherWithComponents } from 'react-router';
import { buttonClass } from './buttons';
import { focusPageHeading, useFocusRescue } from './focus';
import { Notice } from './notice';
import { SubmitButton } from './submit-button';

interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  triggerLabel: ReactNode;
  triggerClassName: string;
  triggerDisabled?: boolean;
  /** Ids of text that explains the trigger (why it is disabled, say). */
  triggerDescribedBy?: string;
  title: string;
  /** What will happen, in words. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's look: red (danger) unless said otherwise (a send is not destructive). */
  confirmClassName?: string;
  pendingLabel: string;
  /** The fetcher that posts the confirmed action; its data's `error` is shown in the dialog. */
  fetcher: FetcherWithComponents<unknown>;
  /** Hidden fields of the post (its intent, an id). */
  fields: Record<string, string>;
  /** Where to post; the current route when left out. */
  action?: string;
}

function errorOf(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string')
    return data.error;
  return undefined;
}

/**
 * The dialog's focus: opening it focuses Cancel; closing returns the focus to the button that opened it,
 * or to the page's heading when that button is gone. A post that went through (no error) closes it.
 */
function useDialogFocus(pending: boolean, error: string | undefined) {
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);

  // A post that went through (no error) closes the dialog.
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending && !error) dialog.current?.close();
    wasPending.current = pending;
  }, [pending, error]);

  const open = () => {
    dialog.current?.showModal();
    cancel.current?.focus();
  };
  const restoreFocus = () => {
    if (trigger.current?.isConnected) trigger.current.focus();
    else focusPageHeading();
  };
  // Removed with what it was about (its row gone while it was open): the focus goes to the heading.
  useFocusRescue(dialog);

  return { dialog, trigger, cancel, open, restoreFocus };
}

/**
 * A destructive action behind a native modal dialog (showModal): focus moves to Cancel, Tab stays in
 * the dialog, Escape or Cancel closes it, and focus returns to the button that opened it (or, if that
 * button is gone with what it removed, to the page's heading). The confirm button posts the fetcher's
 * form; the dialog closes by itself when the post succeeds.
 */
export function ConfirmDialog({
  triggerLabel,
  triggerClassName,
  triggerDisabled,
  triggerDescribedBy,
  title,
  children,
  confirmLabel,
  confirmClassName = buttonClass.danger,
  pendingLabel,
  fetcher,
  fields,
  action,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const pending = fetcher.state !== 'idle';
  const error = errorOf(fetcher.data);
  const { dialog, trigger, cancel, open, restoreFocus } = useDialogFocus(pending, error);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={triggerClassName}
        disabled={triggerDisabled}
        aria-describedby={triggerDescribedBy}
        aria-haspopup="dialog"
        onClick={open}
      >
        {triggerLabel}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onClose={restoreFocus}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-6 text-slate-700 shadow-2xl backdrop:bg-[rgb(15_23_43/0.6)]"
      >
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        <div id={bodyId} className="mt-3 space-y-2">
          {children}
        </div>
        <fetcher.Form method="post" action={action} className="mt-6">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Notice tone="error">{error}</Notice>
          <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              ref={cancel}
              type="button"
              className={buttonClass.secondary}
              onClick={() => dialog.current?.close()}
            >
              Cancel
            </button>
            <SubmitButton pending={pending} pendingLabel={pendingLabel} className={confirmClassName}>
              {confirmLabel}
            </SubmitButton>
          </div>
        </fetcher.Form>
      </dialog>
    </>
  );
}
