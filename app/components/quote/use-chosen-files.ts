import { useState } from 'react';
import { attachmentMessage, checkChosenFiles } from '../../../common/attachments';
import type { ListedFile } from './attachments-field';

export interface ChosenFiles {
  files: File[];
  /** Each file with what is wrong with it: the browser's check first, then the server's refusal. */
  listed: ListedFile[];
  /** What is wrong with the files together (or the server's words about no one file). */
  error: string | undefined;
  /** Whether the browser's check lets them be sent. */
  ok: boolean;
  choose: (files: File[]) => void;
  remove: (index: number) => void;
  /** Shows the server's refusal, one line per problem (each naming its file where it is about one). */
  refuse: (lines: string[]) => void;
  clear: () => void;
}

/** A refusal's line is about a file when it starts with the file's name (attachmentMessage). */
const names = (line: string, file: File) => line.startsWith(`${file.name} `);

/**
 * The files a visitor chose, kept by the form (each choice adds to them), checked as they are chosen
 * (checkChosenFiles: the count, the total, each file's type and size) and, after a refusal, with the
 * server's words beside the file they name until the files change.
 */
export function useChosenFiles(): ChosenFiles {
  const [files, setFiles] = useState<File[]>([]);
  const [refusal, setRefusal] = useState<string[]>([]);
  const check = checkChosenFiles(files);
  const listed = files.map((file, index) => {
    const problem = check.byFile[index];
    return { file, error: problem ? attachmentMessage(problem) : refusal.find((line) => names(line, file)) };
  });
  const aboutNoFile = refusal.filter((line) => !files.some((file) => names(line, file)));
  const setError = check.set.map(attachmentMessage).join(' ');
  const change = (next: (current: File[]) => File[]) => {
    setFiles(next);
    setRefusal([]);
  };
  return {
    files,
    listed,
    error: [setError, ...aboutNoFile].filter(Boolean).join(' ') || undefined,
    ok: !setError && check.byFile.every((problem) => !problem),
    choose: (chosen) => change((current) => [...current, ...chosen]),
    remove: (index) => change((current) => current.filter((_, at) => at !== index)),
    refuse: setRefusal,
    clear: () => change(() => []),
  };
}
