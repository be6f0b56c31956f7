import type { ReactNode } from 'react';
import {
  ATTACHMENT_INPUT_ACCEPT,
  ATTACHMENT_INPUT_HINT,
  ATTACHMENT_INPUT_NAME,
} from '../../../common/attachment-field.ts';
import { FieldShell } from '../forms/form-field.tsx';

export const ATTACHMENTS_ID = 'quote-attachments';

/** The native control's look, where the browser's own text ("No file chosen", "2 files") is the truth. */
const nativeClass =
  'block w-full rounded-lg border border-slate-300 bg-white p-2 text-base text-ink file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800';

/** The button the enhanced field shows in place of the native control; the focus ring follows the control. */
const chooseClass =
  'btn cursor-pointer border border-brand-700 bg-white text-brand-800 hover:bg-brand-50 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700';

export interface AttachmentsFieldProps {
  /** About the files together (too many, too large in all), or the server's words about no one file. */
  error?: string | undefined;
  /** With JavaScript: called with each choice's files (the form keeps them; the control is emptied). */
  onChoose?: ((files: File[]) => void) | undefined;
  /** With JavaScript: how many files the form's list holds ("Choose files", then "Add more files"). */
  chosen?: number | undefined;
  /** With JavaScript: the control was opened by the visitor (not by a file's "Replace" button). */
  onOpen?: (() => void) | undefined;
  /** With JavaScript: the chosen files' list and the upload's progress, announced as they change. */
  children?: ReactNode;
}

/**
 * The optional "Attachments" field. Without JavaScript it is the browser's file control, posted with
 * the form. With it, each choice adds to the form's list of files (chosen-file-list.tsx), so a visitor
 * can pick files from several folders. The control itself is emptied after each choice, so its own
 * words ("No file chosen") would contradict the list: it is hidden from sight (still focused, labelled
 * and described) behind a "Choose files" button that is its label, and the list is the one place that
 * says which files go.
 */
export function AttachmentsField({ error, onChoose, chosen = 0, onOpen, children }: AttachmentsFieldProps) {
  const enhanced = Boolean(onChoose);
  return (
    <div>
      <FieldShell id={ATTACHMENTS_ID} label="Attachments" hint={ATTACHMENT_INPUT_HINT} error={error}>
        {(describedBy) => (
          <>
            <input
              id={ATTACHMENTS_ID}
              type="file"
              name={ATTACHMENT_INPUT_NAME}
              multiple
              accept={ATTACHMENT_INPUT_ACCEPT}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              className={enhanced ? 'peer sr-only' : nativeClass}
              onClick={onOpen}
              onChange={
                onChoose &&
                ((event) => {
                  onChoose([...(event.target.files ?? [])]);
                  // The list holds the files: choosing again adds to it, even the same file.
                  event.target.value = '';
                })
              }
            />
            {enhanced && (
              <label htmlFor={ATTACHMENTS_ID} className={chooseClass}>
                {chosen > 0 ? 'Add more files' : 'Choose files'}
              </label>
            )}
          </>
        )}
      </FieldShell>
      {enhanced && <div aria-live="polite">{children}</div>}
    </div>
  );
}
