import { useEffect, useRef } from 'react';
import { attachmentMessage, checkChosenFiles, formatFileSize } from '../../../common/attachments';

export { uploadForm } from '../../lib/upload-form';

/** A chosen file as the form lists it: with the reason it cannot be sent, if any. */
export interface ListedFile {
  file: File;
  error?: string | undefined;
}

/** A refusal's line is about a file when it starts with the file's name (attachmentMessage). */
const names = (line: string, file: File) => line.startsWith(`${file.name} `);

/**
 * The chosen files checked as the browser can (checkChosenFiles: the count, the total, each file's
 * type and size), each with its problem or else the server's words about it after a refusal.
 */
export function describeFiles(files: readonly File[], refusal: readonly string[]) {
  const check = checkChosenFiles(files);
  const setError = check.set.map(attachmentMessage).join(' ');
  const listed: ListedFile[] = files.map((file, index) => {
    const problem = check.byFile[index];
    return { file, error: problem ? attachmentMessage(problem) : refusal.find((line) => names(line, file)) };
  });
  const aboutNoFile = refusal.filter((line) => !files.some((file) => names(line, file)));
  return {
    listed,
    error: [setError, ...aboutNoFile].filter(Boolean).join(' ') || undefined,
    ok: !setError && listed.every((_, index) => !check.byFile[index]),
  };
}

interface FileListProps {
  listed: readonly ListedFile[];
  /** The upload's progress in percent while the files are sent. */
  progress: number | null;
  onRemove: (index: number) => void;
  /** Opens the file control to put another file in this one's place. */
  onReplace: (index: number) => void;
}

const linkButton =
  'min-h-11 rounded-lg px-3 text-sm font-semibold text-brand-700 underline hover:text-brand-800';

/**
 * Brings the first file that cannot be sent into sight when one appears (on a phone the list may be
 * below the fold once the file picker closes): its reason is read where it is, beside the file.
 */
function useFirstProblemInSight(listed: readonly ListedFile[]) {
  const first = useRef<HTMLLIElement>(null);
  const problems = listed.map(({ file, error }) => (error ? `${file.name}: ${error}` : '')).join('\n');
  useEffect(() => {
    if (problems.trim()) first.current?.scrollIntoView?.({ block: 'nearest' });
  }, [problems]);
  return first;
}

/**
 * The chosen files: name, size, a "Remove <name>" button and what is wrong, with "Replace <name>" for a
 * file that cannot be sent; then the upload's progress.
 */
export function FileList({ listed, progress, onRemove, onReplace }: FileListProps) {
  const firstProblem = useFirstProblemInSight(listed);
  const firstIndex = listed.findIndex(({ error }) => error);
  return (
    <>
      {listed.length > 0 && (
        <ul aria-label="Chosen files" className="mt-2 divide-y divide-slate-200">
          {listed.map(({ file, error }, index) => (
            <li
              key={index}
              ref={index === firstIndex ? firstProblem : undefined}
              className="flex scroll-mb-24 flex-wrap items-center gap-x-3 gap-y-1 py-1"
            >
              <span className="min-w-0 flex-1 basis-40 font-medium wrap-anywhere text-ink">{file.name}</span>
              <span className="text-sm text-slate-600">{formatFileSize(file.size)}</span>
              {error && (
                <button type="button" className={linkButton} onClick={() => onReplace(index)}>
                  Replace<span className="sr-only"> {file.name}</span>
                </button>
              )}
              <button
                type="button"
                className={linkButton}
                aria-describedby={error ? `quote-file-${index}-error` : undefined}
                onClick={() => onRemove(index)}
              >
                Remove<span className="sr-only"> {file.name}</span>
              </button>
              {error && (
                <p id={`quote-file-${index}-error`} className="w-full text-sm font-medium text-red-700">
                  {error}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {progress !== null && (
        <label className="mt-2 block text-sm text-slate-700">
          Uploading your files: {progress}%
          <progress className="mt-1 block w-full accent-brand-700" max={100} value={progress} />
        </label>
      )}
    </>
  );
}
