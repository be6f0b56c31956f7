import { createContext, useContext } from 'react';
import { type Path, pathName } from './content-path';

/** What every field of a page's form reads: the page, the messages by path, and how to change a value. */
export interface ContentForm {
  /** The page's key: where the labels' places start ("faq.items"). */
  page: string;
  /** The form's id prefix: a field's element id is this and its path. */
  idPrefix: string;
  messages: Readonly<Record<string, string>>;
  change(path: Path, value: unknown): void;
}

export const ContentFormContext = createContext<ContentForm | null>(null);

export function useContentForm(): ContentForm {
  const form = useContext(ContentFormContext);
  if (!form) throw new Error('A content field is used outside its form.');
  return form;
}

/** The element id of the field at a path. */
export const fieldId = (form: ContentForm, path: Path) => `${form.idPrefix}-${pathName(path)}`;

/** The look of the editor's inputs (a red border while their value breaks a rule). */
export const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-ink aria-invalid:border-red-700';

/** Focuses an element of the form once React has drawn the change (a moved or added item). */
export function focusSoon(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}
