import { useRef, useState } from 'react';
import type * as ChosenFileList from './chosen-file-list';
import type { ListedFile } from './chosen-file-list';

/** What a chosen file brings: its checks, its list and the upload (not in the page's first script). */
type ChosenFilesCode = typeof ChosenFileList;

export interface ChosenFiles {
  files: File[];
  /** Loaded with the first choice. */
  code: ChosenFilesCode | null;
  /** Each file with what is wrong with it: the browser's check first, then the server's refusal. */
  listed: ListedFile[];
  /** What is wrong with the files together (or the server's words about no one file). */
  error: string | undefined;
  /** Whether the browser's check lets them be sent. */
  ok: boolean;
  /** Adds a choice's files, or puts them in the place of the file `replaceNext` named. */
  choose: (files: File[]) => void;
  remove: (index: number) => void;
  /** The next choice replaces this file (the control is being opened by its "Replace" button). */
  replaceNext: (index: number) => void;
  /** The next choice adds files (the visitor opened the control themselves). */
  addNext: () => void;
  /** Shows the server's refusal, one line per problem (each naming its file where it is about one). */
  refuse: (lines: string[]) => void;
  clear: () => void;
}

/**
 * The files a visitor chose, kept by the form (each choice adds to them), checked as they are chosen
 * and, after a refusal, with the server's words beside the file they name until the files change.
 * The code for all this loads with the first choice: most visitors attach nothing, and the home
 * page's script has a size budget.
 */
export function useChosenFiles(): ChosenFiles {
  const [files, setFiles] = useState<File[]>([]);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [code, setCode] = useState<ChosenFilesCode | null>(null);
  // The file a "Replace" button opened the control for; cleared when the control is opened otherwise.
  const replacing = useRef<File | null>(null);
  const described = code?.describeFiles(files, refusal);
  const change = (next: (current: File[]) => File[]) => {
    setFiles(next);
    setRefusal([]);
  };
  return {
    files,
    code,
    listed: described?.listed ?? [],
    error: described?.error,
    ok: described?.ok ?? true,
    choose: (chosen) => {
      // Kept at once, in the order chosen: two choices made while the code loads stay in that order.
      const replaced = replacing.current;
      replacing.current = null;
      change((current) => {
        const at = replaced ? current.indexOf(replaced) : -1;
        return at < 0
          ? [...current, ...chosen]
          : [...current.slice(0, at), ...chosen, ...current.slice(at + 1)];
      });
      if (!code)
        import('./chosen-file-list').then(setCode, (error: unknown) =>
          console.error('The chosen files could not be listed:', error),
        );
    },
    remove: (index) => change((current) => current.filter((_, at) => at !== index)),
    replaceNext: (index) => {
      replacing.current = files[index] ?? null;
    },
    addNext: () => {
      replacing.current = null;
    },
    refuse: setRefusal,
    clear: () => change(() => []),
  };
}
