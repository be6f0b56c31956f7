import type { ReactNode } from 'react';
import {
  ATTACHMENT_INPUT_ACCEPT,
  ATTACHMENT_INPUT_HINT,
  ATTACHMENT_INPUT_NAME,
} from '../../../common/attachment-field.ts';
import { FieldShell } from '../forms/form-field.tsx';

export const ATTACHMENTS_ID = 'quote-attachments';

export interface AttachmentsFieldProps {
  /** About the files together (too many, too large in all), or the server's words about no one file. */
  error?: string | undefined;
  /** With JavaScript: called with each choice's files (the form keeps them; the control is emptied). */
  onChoose?: ((files: File[]) => void) | undefined;
  /** With JavaScript: the chosen files' list and the upload's progress, announced as they change. */
  children?: ReactNode;
}

/**
 * The optional "Attachments" field. Without JavaScript it is the browser's file control, posted with
 * the form. With it, each choice adds to the form's list of files (chosen-file-list.tsx), so a visitor
 * can pick files from several folders, and the control itself stays empty.
 */
export function AttachmentsField({ error, onChoose, children }: AttachmentsFieldProps) {
  return (
    <div>
      <FieldShell id={ATTACHMENTS_ID} label="Attachments" hint={ATTACHMENT_INPUT_HINT} error={error}>
        {(describedBy) => (
          <input
            id={ATTACHMENTS_ID}
            type="file"
            name={ATTACHMENT_INPUT_NAME}
            multiple
            accept={ATTACHMENT_INPUT_ACCEPT}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="block w-full rounded-lg border border-slate-300 bg-white p-2 text-base text-ink file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:font-semibold file:text-brand-800"
            onChange={
              onChoose &&
              ((event) => {
                onChoose([...(event.target.files ?? [])]);
                // The list holds the files: choosing again adds to it, even the same file.
                event.target.value = '';
              })
            }
          />
        )}
      </FieldShell>
      {onChoose && <div aria-live="polite">{children}</div>}
    </div>
  );
}
