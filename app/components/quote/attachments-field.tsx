import {
  ACCEPTED_KINDS_TEXT,
  ATTACHMENT_ACCEPT,
  ATTACHMENT_FIELD,
  DEFAULT_ATTACHMENT_LIMITS as limits,
  formatFileSize,
} from '../../../common/attachments.ts';
import { FieldShell } from '../forms/form-field.tsx';

/** A chosen file as the form lists it: with the reason it cannot be sent, if any. */
export interface ListedFile {
  file: File;
  error?: string | undefined;
}

export interface AttachmentsFieldProps {
  /** About the files together (too many, too large in all), or the server's words about no one file. */
  error?: string | undefined;
  /** With JavaScript: the chosen files (without it the browser's own control holds them). */
  files?: readonly ListedFile[];
  /** The upload's progress in percent while the files are being sent. */
  progress?: number | null;
  onChoose?: (files: File[]) => void;
  onRemove?: (index: number) => void;
}

const ID = 'quote-attachments';

const HINT = `${ACCEPTED_KINDS_TEXT}. Up to ${limits.maxFiles} files, ${formatFileSize(limits.maxFileBytes)} each, ${formatFileSize(limits.maxTotalBytes)} in all.`;

/** One chosen file: its name, size and problem, and a button that takes it off the list. */
function FileRow({
  file,
  error,
  index,
  onRemove,
}: ListedFile & { index: number; onRemove?: (index: number) => void }) {
  const errorId = `${ID}-${index}-error`;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
      <span className="min-w-0 flex-1 break-all font-medium text-ink">{file.name}</span>
      <span className="text-sm text-slate-500">{formatFileSize(file.size)}</span>
      <button
        type="button"
        className="min-h-11 rounded-lg px-3 text-sm font-semibold text-brand-700 underline hover:text-brand-800"
        aria-describedby={error ? errorId : undefined}
        onClick={() => onRemove?.(index)}
      >
        Remove<span className="sr-only"> {file.name}</span>
      </button>
      {error && (
        <p id={errorId} className="w-full text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}

/**
 * The optional "Attachments" field. Without JavaScript it is the browser's file control, posted with
 * the form. With it, each choice adds to a list of files (name, size, a "Remove" button and what is
 * wrong with it), the form sends that list, and the upload's progress shows while it goes.
 */
export function AttachmentsField({ error, files = [], progress, onChoose, onRemove }: AttachmentsFieldProps) {
  return (
    <div>
      <FieldShell id={ID} label="Attachments" hint={HINT} error={error}>
        {(describedBy) => (
          <input
            id={ID}
            type="file"
            name={ATTACHMENT_FIELD}
            multiple
            accept={ATTACHMENT_ACCEPT}
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
      {onChoose && (
        <div aria-live="polite">
          {files.length > 0 && (
            <ul aria-label="Chosen files" className="mt-2 divide-y divide-slate-200">
              {files.map((listed, index) => (
                <FileRow key={index} {...listed} index={index} onRemove={onRemove} />
              ))}
            </ul>
          )}
          {progress != null && (
            <label className="mt-2 block text-sm text-slate-700">
              Uploading: {progress}%
              <progress className="mt-1 block w-full accent-brand-700" max={100} value={progress} />
            </label>
          )}
        </div>
      )}
    </div>
  );
}
